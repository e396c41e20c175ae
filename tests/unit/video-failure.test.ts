// The words a student reads when a video cannot play: plain, never a library's text or an address.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { videoFailureMessage } from '../../src/domain/video';
import { MESSAGES, PAGE_MISSING } from '../../src/domain/messages';

describe('videoFailureMessage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says a lost link in the connection words, whatever the error says', () => {
    expect(videoFailureMessage({ network: true, message: '[GET] "/api/content/token": <no response> Failed to fetch' })).toBe(MESSAGES.checkConnection);
    vi.stubGlobal('navigator', { onLine: false });
    expect(videoFailureMessage(new TypeError('Failed to fetch dynamically imported module: http://x/assets/shaka.js'))).toBe(MESSAGES.checkConnection);
  });

  it("gives a refused request in the server's words, a malformed address as a missing page", () => {
    expect(videoFailureMessage({ status: 403, title: 'You do not have access to this video' })).toBe('You do not have access to this video');
    expect(videoFailureMessage({ status: 400, code: 'invalidRequest', title: 'params videoId must match pattern' })).toBe(PAGE_MISSING);
  });

  it('names a player failure by its kind and code', () => {
    expect(videoFailureMessage({ code: 6007, category: 6 })).toBe('The video licence could not be obtained (error 6007).');
    expect(videoFailureMessage({ code: 1001, category: 1 })).toContain('The video stream could not be loaded (error 1001).');
    expect(videoFailureMessage({ code: 3016, category: 3 })).toBe('The video could not be played (error 3016).');
  });

  it("never passes on a thrown error's own text", () => {
    const words = videoFailureMessage(new Error('Failed to fetch dynamically imported module: http://127.0.0.1/assets/shaka-player.js'));
    expect(words).toBe(MESSAGES.somethingWentWrong);
    expect(words).not.toMatch(/http|assets|Failed to fetch/);
  });
});
