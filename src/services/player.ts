// The stream player behind the video modal: shaka-player, loaded by dynamic import only when a video
// opens, configured for clear HLS/DASH and for protected DASH with ClearKey, Widevine, PlayReady or
// FairPlay licences. Token refresh is the player machine's concern; it hands new tokens in setToken.
import type { DrmAuth } from '../contracts/content';
import { videoFailureMessage } from '../domain/video';
import type shakaTypes from 'shaka-player';

type ShakaModule = typeof shakaTypes;
type ShakaPlayer = shakaTypes.Player;
type ShakaRequest = shakaTypes.extern.Request;

export interface PlayerSource {
  /** Stream address as stored on the video (may be relative to the app). */
  url: string;
  /** True for isDrmEnabled '1' videos played with a licence. */
  protected: boolean;
  drmType: string | null;
  token: string;
  drm: DrmAuth | null;
}

export interface QualityOption {
  id: number;
  height: number;
  bandwidth: number;
}

export type PlayerEvent =
  | { type: 'playing' }
  | { type: 'paused' }
  | { type: 'waiting' }
  | { type: 'ended' }
  | { type: 'timeupdate'; currentTime: number; duration: number }
  | { type: 'qualities'; qualities: QualityOption[] }
  | { type: 'error'; message: string };

export interface MediaPlayer {
  load(): Promise<void>;
  play(): Promise<void>;
  pause(): void;
  seek(seconds: number): void;
  /** Seeks relative to the current position, kept inside the video. */
  skipBy(seconds: number): void;
  setRate(rate: number): void;
  qualities(): QualityOption[];
  selectQuality(id: number | 'auto'): void;
  setToken(token: string): void;
  destroy(): Promise<void>;
  subscribe(listener: (event: PlayerEvent) => void): () => void;
}

type KeySystem = 'org.w3.clearkey' | 'com.widevine.alpha' | 'com.microsoft.playready' | 'com.apple.fps';

const KEY_SYSTEM_BY_DRM_TYPE: Record<string, KeySystem> = {
  clearkey: 'org.w3.clearkey',
  widevine: 'com.widevine.alpha',
  playready: 'com.microsoft.playready',
  fairplay: 'com.apple.fps',
};

/** Licence servers and their tokens per key system, limited to the video's DRM type when it names one. */
export function licenceTargets(drm: DrmAuth, drmType: string | null, base: string): Array<{ keySystem: KeySystem; server: string; token: string | null }> {
  const all: Array<{ keySystem: KeySystem; server: string | undefined; token: string | null }> = [
    { keySystem: 'org.w3.clearkey', server: drm.licenseServers.clearKey, token: drm.clearKeyToken },
    { keySystem: 'com.widevine.alpha', server: drm.licenseServers.widevine, token: drm.widevineToken },
    { keySystem: 'com.microsoft.playready', server: drm.licenseServers.playReady, token: drm.playReadyToken },
    { keySystem: 'com.apple.fps', server: drm.licenseServers.fairPlay, token: drm.fairplayToken },
  ];
  const wanted = drmType ? KEY_SYSTEM_BY_DRM_TYPE[drmType.toLowerCase()] : undefined;
  return all
    .filter((target): target is { keySystem: KeySystem; server: string; token: string | null } => Boolean(target.server))
    .filter((target) => !wanted || target.keySystem === wanted)
    .map((target) => ({ ...target, server: new URL(target.server, base).href }));
}

/**
 * The address to play. DASH manifests are swapped for their HLS twin (.mpd -> .m3u8) for clear
 * playback and for FairPlay, which only plays HLS; other DRM systems keep the DASH manifest.
 */
export function playbackAddress(url: string, options: { protected: boolean; drmType: string | null }, base: string): string {
  const address = new URL(url, base);
  const fairPlay = options.drmType?.toLowerCase() === 'fairplay';
  if ((!options.protected || fairPlay) && address.pathname.endsWith('.mpd')) {
    address.pathname = `${address.pathname.slice(0, -'.mpd'.length)}.m3u8`;
  }
  return address.href;
}

/** Puts (or replaces) the stream token on a request address of our own origin. */
export function withToken(url: string, token: string, base: string): string {
  const address = new URL(url, base);
  if (address.origin !== new URL(base).origin) return url;
  address.searchParams.set('token', token);
  return address.href;
}

let engine: Promise<ShakaModule> | null = null;

/** Loads shaka-player on first use; later videos reuse the loaded module. */
export function loadPlayerEngine(): Promise<ShakaModule> {
  engine ??= import('shaka-player').then((module) => {
    const shaka = (module.default ?? module) as ShakaModule;
    shaka.polyfill.installAll();
    return shaka;
  });
  engine.catch(() => {
    engine = null;
  });
  return engine;
}


export async function createMediaPlayer(video: HTMLVideoElement, source: PlayerSource): Promise<MediaPlayer> {
  const shaka = await loadPlayerEngine();
  const base = window.location.href;
  const player: ShakaPlayer = new shaka.Player();
  await player.attach(video);
  let token = source.token;
  let destroyed = false;
  const listeners = new Set<(event: PlayerEvent) => void>();
  const emit = (event: PlayerEvent) => {
    if (!destroyed) listeners.forEach((listener) => listener(event));
  };

  const targets = source.protected && source.drm ? licenceTargets(source.drm, source.drmType, base) : [];
  const tokenByKeySystem = new Map(targets.map((target) => [target.keySystem, target.token]));
  const fairPlay = targets.find((target) => target.keySystem === 'com.apple.fps');
  player.configure({
    drm: {
      servers: Object.fromEntries(targets.map((target) => [target.keySystem, target.server])),
      ...(fairPlay && source.drm?.licenseServers.fairPlayCertificate
        ? { advanced: { 'com.apple.fps': { serverCertificateUri: new URL(source.drm.licenseServers.fairPlayCertificate, base).href } } }
        : {}),
    },
    streaming: { retryParameters: { maxAttempts: 2 } },
    manifest: { retryParameters: { maxAttempts: 2 } },
  });

  const { RequestType } = shaka.net.NetworkingEngine;
  player.getNetworkingEngine()?.registerRequestFilter((type, request: ShakaRequest) => {
    if (type === RequestType.LICENSE || type === RequestType.SERVER_CERTIFICATE) {
      const keySystem = request.drmInfo?.keySystem as KeySystem | undefined;
      const licenceToken = (keySystem && tokenByKeySystem.get(keySystem)) ?? targets[0]?.token;
      if (licenceToken) request.headers['x-drm-token'] = licenceToken;
      return;
    }
    if (type === RequestType.MANIFEST || type === RequestType.SEGMENT) {
      request.uris = request.uris.map((uri) => withToken(uri, token, base));
    }
  });

  const reportQualities = () => emit({ type: 'qualities', qualities: qualitiesOf(player) });
  const onError = (event: Event) => emit({ type: 'error', message: videoFailureMessage((event as unknown as { detail: unknown }).detail) });
  player.addEventListener('error', onError);
  player.addEventListener('trackschanged', reportQualities);
  player.addEventListener('adaptation', reportQualities);

  const media: Array<[keyof HTMLMediaElementEventMap, () => void]> = [
    ['playing', () => emit({ type: 'playing' })],
    ['pause', () => !video.ended && emit({ type: 'paused' })],
    ['waiting', () => emit({ type: 'waiting' })],
    ['ended', () => emit({ type: 'ended' })],
    ['timeupdate', () => emit({ type: 'timeupdate', currentTime: video.currentTime, duration: video.duration })],
  ];
  media.forEach(([name, handler]) => video.addEventListener(name, handler));

  const play = async () => {
    try {
      await video.play();
    } catch {
      // Autoplay refused (no user gesture): the student presses play.
      emit({ type: 'paused' });
    }
  };

  return {
    async load() {
      try {
        await player.load(playbackAddress(source.url, source, base));
      } catch (error) {
        emit({ type: 'error', message: videoFailureMessage(error) });
        return;
      }
      reportQualities();
      await play();
    },
    play,
    pause: () => video.pause(),
    seek: (seconds) => {
      video.currentTime = Math.max(0, Math.min(seconds, Number.isFinite(video.duration) ? video.duration : seconds));
    },
    skipBy: (seconds) => {
      const end = Number.isFinite(video.duration) ? video.duration : video.currentTime + seconds;
      video.currentTime = Math.max(0, Math.min(video.currentTime + seconds, end));
    },
    setRate: (rate) => {
      video.playbackRate = rate;
    },
    qualities: () => qualitiesOf(player),
    selectQuality: (id) => {
      if (id === 'auto') {
        player.configure({ abr: { enabled: true } });
        return;
      }
      const track = player.getVariantTracks().find((candidate) => candidate.id === id);
      if (!track) return;
      player.configure({ abr: { enabled: false } });
      player.selectVariantTrack(track, true);
    },
    setToken: (next) => {
      token = next;
    },
    async destroy() {
      destroyed = true;
      listeners.clear();
      media.forEach(([name, handler]) => video.removeEventListener(name, handler));
      await player.destroy();
      video.removeAttribute('src');
      video.load();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function qualitiesOf(player: ShakaPlayer): QualityOption[] {
  const byHeight = new Map<number, QualityOption>();
  for (const track of player.getVariantTracks()) {
    if (!track.height) continue;
    const known = byHeight.get(track.height);
    if (!known || known.bandwidth < track.bandwidth) byHeight.set(track.height, { id: track.id, height: track.height, bandwidth: track.bandwidth });
  }
  return [...byHeight.values()].sort((a, b) => b.height - a.height);
}
