// Which videos are protected: they carry the moving watermark, and play only with a licence; and the
// words a student reads when a video cannot play.
import { MESSAGES, plainFailure } from './messages';

/** A video is protected when its isDrmEnabled is '1' (spec: "'1' or other"). */
export const isProtectedVideo = (video: { isDrmEnabled: string }): boolean => video.isDrmEnabled === '1';

/**
 * The line under 'This video could not be played.', whatever failed: a lost link in the spec's connection
 * words, a refused token or licence request in the server's own words, a player failure by its kind.
 * Never a library's message, a request address or a script chunk's name.
 */
export function videoFailureMessage(error: unknown): string {
  const failure = error && typeof error === 'object' ? (error as { status?: unknown; network?: unknown; code?: unknown; category?: unknown }) : {};
  if (failure.network === true || (typeof navigator !== 'undefined' && navigator.onLine === false)) return MESSAGES.checkConnection;
  if (typeof failure.status === 'number') return plainFailure(error);
  // The player engine's errors carry a numeric code: 1000-1999 the network, 6000-6999 the licence.
  if (typeof failure.code === 'number' && typeof failure.category === 'number') {
    if (failure.code >= 6000 && failure.code < 7000) return `The video licence could not be obtained (error ${failure.code}).`;
    if (failure.code >= 1000 && failure.code < 2000) return `The video stream could not be loaded (error ${failure.code}). ${MESSAGES.checkConnection}`;
    return `The video could not be played (error ${failure.code}).`;
  }
  return MESSAGES.somethingWentWrong;
}
