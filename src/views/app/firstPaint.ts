// Waiting for the page's first paint before the app's code runs: on a slow phone, running the app's
// start (its state machines, the sign-in view's binding) takes the main thread for hundreds of
// milliseconds, and a page still waiting to be drawn would wait for it (docs/performance.md).

/** Longest wait for a frame: a page the browser does not draw (a tab opened in the background) starts anyway. */
const FRAME_WAIT_MS = 500;

/** Resolves once the browser has drawn the page as it stands (after the next frame), or at once when it is hidden. */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (document.visibilityState === 'hidden') {
      resolve();
      return;
    }
    const fallback = setTimeout(resolve, FRAME_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}
