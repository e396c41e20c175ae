// The real outside world of the video player machine: stream tokens and DRM licence tokens from the
// Content API, shaka-player (loaded on first open) on the modal's <video>, and completion records.
import { fromCallback, fromPromise, type AnyEventObject } from 'xstate';
import { contentApi } from '../../services/content';
import type { CompletionTarget, StreamToken } from '../../contracts/content';
import { isProtectedVideo, videoFailureMessage } from '../../domain/video';
import { createMediaPlayer, loadPlayerEngine, type MediaPlayer, type PlayerEvent } from '../../services/player';
import { isEmbeddedKind, type MediaCommand, type MediaReport, type MediaSessionInput, type PlayerVideo, type StreamAccess, type Viewer } from '../../machines/videoPlayer.machine';

/** FairPlay only exists in Safari; every other browser asks for Widevine/PlayReady/ClearKey licences. */
const drmPlatform = (): string => (typeof window !== 'undefined' && 'WebKitMediaKeys' in window ? 'ios' : 'web');

/** Waits (a few frames) for the modal to mount its <video>. */
async function videoElement(getVideo: () => HTMLVideoElement | null): Promise<HTMLVideoElement> {
  for (let frame = 0; frame < 120; frame += 1) {
    const element = getVideo();
    if (element) return element;
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  throw new Error('The video area did not open.');
}

function toReport(event: PlayerEvent): MediaReport {
  switch (event.type) {
    case 'playing':
      return { type: 'media.playing' };
    case 'paused':
      return { type: 'media.paused' };
    case 'waiting':
      return { type: 'media.waiting' };
    case 'ended':
      return { type: 'media.ended' };
    case 'timeupdate':
      return { type: 'media.timeUpdate', currentTime: event.currentTime, duration: event.duration };
    case 'qualities':
      return { type: 'media.qualities', qualities: event.qualities };
    case 'error':
      return { type: 'media.error', message: event.message };
  }
}

function runCommand(player: MediaPlayer, command: MediaCommand): void {
  switch (command.type) {
    case 'media.play':
      void player.play();
      return;
    case 'media.pause':
      player.pause();
      return;
    case 'media.seek':
      player.seek(command.time);
      return;
    case 'media.skip':
      player.skipBy(command.seconds);
      return;
    case 'media.setRate':
      player.setRate(command.rate);
      return;
    case 'media.selectQuality':
      player.selectQuality(command.id);
      return;
    case 'media.setToken':
      player.setToken(command.token);
      return;
  }
}

export function videoPlayerImplementations(getVideo: () => HTMLVideoElement | null) {
  return {
    actors: {
      prepareStream: fromPromise<StreamAccess, { video: PlayerVideo; viewer: Viewer }>(async ({ input }) => {
        const protectedVideo = isProtectedVideo(input.video);
        const [token, drm] = await Promise.all([
          contentApi.streamToken(input.video.key),
          protectedVideo ? contentApi.drmAuth(input.viewer.id, input.video._id, drmPlatform()) : Promise.resolve(null),
          // The hosted player page brings its own player; only streams need shaka.
          isEmbeddedKind(input.video.videoKind) ? Promise.resolve(null) : loadPlayerEngine(),
        ]);
        return { token: token.token, drm };
      }),
      refreshToken: fromPromise<StreamToken, { key: string }>(({ input }) => contentApi.streamToken(input.key)),
      markComplete: fromPromise<unknown, CompletionTarget>(({ input }) => contentApi.markComplete(input)),
      mediaSession: fromCallback<AnyEventObject, MediaSessionInput>(({ input, sendBack, receive }) => {
        let player: MediaPlayer | null = null;
        let disposed = false;
        const start = async () => {
          const element = await videoElement(getVideo);
          const created = await createMediaPlayer(element, {
            url: input.video.URL,
            protected: isProtectedVideo(input.video),
            drmType: input.video.drmType,
            token: input.access.token,
            drm: input.access.drm,
          });
          if (disposed) {
            await created.destroy();
            return;
          }
          player = created;
          created.subscribe((event) => sendBack(toReport(event)));
          created.setRate(input.rate);
          await created.load();
        };
        start().catch((error: unknown) => {
          if (!disposed) sendBack({ type: 'media.error', message: videoFailureMessage(error) } satisfies MediaReport);
        });
        receive((command) => {
          if (player) runCommand(player, command as MediaCommand);
        });
        return () => {
          disposed = true;
          void player?.destroy();
        };
      }),
    },
  };
}
