import { describe, expect, it } from 'vitest';
import { licenceTargets, playbackAddress, withToken } from '../../src/services/player';
import type { DrmAuth } from '../../src/contracts/content';

const base = 'http://127.0.0.1:4000/videos/ca0000000000000000000001/chapter';

describe('playback address', () => {
  it('swaps a DASH manifest for its HLS twin for clear playback', () => {
    expect(playbackAddress('/media/streams/v1/manifest.mpd', { protected: false, drmType: null }, base)).toBe('http://127.0.0.1:4000/media/streams/v1/manifest.m3u8');
  });
  it('swaps for FairPlay, which plays HLS only', () => {
    expect(playbackAddress('/media/streams/v1/manifest.mpd', { protected: true, drmType: 'FairPlay' }, base)).toBe('http://127.0.0.1:4000/media/streams/v1/manifest.m3u8');
  });
  it('keeps the DASH manifest for ClearKey, Widevine and PlayReady', () => {
    for (const drmType of ['ClearKey', 'Widevine', 'PlayReady', null]) {
      expect(playbackAddress('/media/streams/v1/manifest.mpd', { protected: true, drmType }, base)).toBe('http://127.0.0.1:4000/media/streams/v1/manifest.mpd');
    }
  });
  it('leaves HLS addresses alone', () => {
    expect(playbackAddress('/media/streams/v1/master.m3u8', { protected: false, drmType: null }, base)).toBe('http://127.0.0.1:4000/media/streams/v1/master.m3u8');
  });
});

describe('stream token on requests', () => {
  it('adds the token to playlist and segment addresses of the app origin', () => {
    expect(withToken('http://127.0.0.1:4000/media/streams/v1/360p_000.ts', 'abc', base)).toBe('http://127.0.0.1:4000/media/streams/v1/360p_000.ts?token=abc');
  });
  it('replaces an expired token with the refreshed one', () => {
    expect(withToken('http://127.0.0.1:4000/media/streams/v1/360p.m3u8?token=old', 'new', base)).toBe('http://127.0.0.1:4000/media/streams/v1/360p.m3u8?token=new');
  });
  it('never sends the token to another host', () => {
    expect(withToken('https://cdn.example.org/seg.ts', 'abc', base)).toBe('https://cdn.example.org/seg.ts');
  });
});

describe('licence servers', () => {
  const drm: DrmAuth = {
    clearKeyToken: 'ck',
    widevineToken: 'wv',
    playReadyToken: 'pr',
    fairplayToken: 'fp',
    expiresAt: '2026-01-01T00:02:00.000Z',
    licenseServers: { clearKey: '/api/media/clearkey/v1', widevine: 'https://licence.example.org/wv', fairPlay: 'https://licence.example.org/fp' },
  };
  it('uses only the key system the video names', () => {
    expect(licenceTargets(drm, 'ClearKey', base)).toEqual([{ keySystem: 'org.w3.clearkey', server: 'http://127.0.0.1:4000/api/media/clearkey/v1', token: 'ck' }]);
    expect(licenceTargets(drm, 'Widevine', base)).toEqual([{ keySystem: 'com.widevine.alpha', server: 'https://licence.example.org/wv', token: 'wv' }]);
  });
  it('offers every configured licence server when the video names none', () => {
    expect(licenceTargets(drm, null, base).map((t) => t.keySystem)).toEqual(['org.w3.clearkey', 'com.widevine.alpha', 'com.apple.fps']);
  });
});
