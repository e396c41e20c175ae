// Downloading code on demand over a phone link that drops for seconds at a time: a failed download is
// tried again, at once when the connection returns, otherwise after a growing pause. Without React, so
// the first sign-in screen's entry can fetch the router and the React app with the same patience.

/** Pauses between tries of a screen's code; after the last one the failure reaches the screen boundary. */
const CODE_RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000];

/** How often a notice of code that failed to download tries the download again by itself. */
export const SCREEN_AUTO_RETRY_MS = 5_000;

/** Resolves after `ms`, or as soon as the device reports that the connection is back. */
function pauseOrOnline(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/** Tries `load` until it succeeds or the pauses run out; a device that is offline waits for the connection first. */
export async function loadWithRetry<T>(load: () => Promise<T>, delays: readonly number[] = CODE_RETRY_DELAYS_MS): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const delay = delays[attempt];
      if (delay === undefined) throw error;
      await pauseOrOnline(delay);
    }
  }
}
