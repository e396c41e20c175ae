// The video card's player: closed until the student opens it, then a modal whose playback, stream
// access token, watermark and completion record run side by side. Closing from any state tears all
// of them down: the media session disposes the player and the token refresh timer stops.
import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup, stateIn, type AnyEventObject } from 'xstate';
import type { CompletionTarget, DrmAuth, StreamToken, VideoKind } from '../contracts/content';
import { isProtectedVideo } from '../domain/video';

/** Video access tokens expire quickly; the stream keeps working because this refresh runs while open. */
export const TOKEN_REFRESH_MS = 9000;
/** The watermark jumps to another spot so it cannot be cropped or covered for long. */
export const WATERMARK_MOVE_MS = 2000;
/** A second click on a skip icon within this window seeks. */
export const DOUBLE_CLICK_MS = 300;
export const SKIP_SECONDS = 10;
export const COMPLETION_THRESHOLD = 80;
export const PLAYBACK_RATES = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** Spots (percent of the frame) the watermark visits in turn; neighbours are far apart. */
export const WATERMARK_SPOTS: ReadonlyArray<{ top: number; left: number }> = [
  { top: 8, left: 6 },
  { top: 70, left: 58 },
  { top: 38, left: 30 },
  { top: 12, left: 62 },
  { top: 78, left: 8 },
  { top: 46, left: 66 },
];

export interface PlayerVideo {
  _id: string;
  title: string;
  URL: string;
  key: string;
  videoKind: VideoKind;
  isDrmEnabled: string;
  drmType: string | null;
}

export interface Viewer {
  id: string;
  username: string;
}

export interface QualityLevel {
  id: number;
  height: number;
  bandwidth: number;
}

/** What the media session needs to start a stream. */
export interface StreamAccess {
  token: string;
  drm: DrmAuth | null;
}

export interface MediaSessionInput {
  video: PlayerVideo;
  access: StreamAccess;
  rate: number;
}

/** Commands the machine sends to the running media session. */
export type MediaCommand =
  | { type: 'media.play' }
  | { type: 'media.pause' }
  | { type: 'media.seek'; time: number }
  | { type: 'media.skip'; seconds: number }
  | { type: 'media.setRate'; rate: number }
  | { type: 'media.selectQuality'; id: number | 'auto' }
  | { type: 'media.setToken'; token: string };

/** What the media session reports back. */
export type MediaReport =
  | { type: 'media.playing' }
  | { type: 'media.paused' }
  | { type: 'media.waiting' }
  | { type: 'media.ended' }
  | { type: 'media.timeUpdate'; currentTime: number; duration: number }
  | { type: 'media.qualities'; qualities: QualityLevel[] }
  | { type: 'media.error'; message: string };

export type VideoPlayerEvent =
  | { type: 'player.open' }
  | { type: 'player.close' }
  | { type: 'player.retry' }
  | { type: 'player.play' }
  | { type: 'player.pause' }
  | { type: 'player.seek'; time: number }
  | { type: 'player.skip'; direction: 'back' | 'forward' }
  | { type: 'player.clickSkipIcon'; direction: 'back' | 'forward' }
  | { type: 'player.setRate'; rate: number }
  | { type: 'player.selectQuality'; id: number | 'auto' }
  | MediaReport;

export interface VideoPlayerInput {
  video: PlayerVideo;
  viewer: Viewer;
  courseId: string;
  subjectId: string;
  /** True when the course's subject-completion already lists this video. */
  alreadyCompleted: boolean;
}

export interface VideoPlayerContext extends VideoPlayerInput {
  /** Furthest point watched, 0-100. */
  progress: number;
  currentTime: number;
  duration: number;
  access: StreamAccess | null;
  error: string | null;
  rate: number;
  qualities: QualityLevel[];
  selectedQuality: number | 'auto';
  watermarkSpot: number;
  pendingSkip: 'back' | 'forward' | null;
}

const percentOf = (currentTime: number, duration: number): number =>
  duration > 0 && Number.isFinite(duration) ? Math.min(100, Math.max(0, Math.floor((currentTime / duration) * 100))) : 0;

const messageOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'The video could not be played.');

const skipSeconds = (direction: 'back' | 'forward') => (direction === 'back' ? -SKIP_SECONDS : SKIP_SECONDS);

/** The progress a card shows: 100 once completion data lists the video. */
export const shownProgress = (context: Pick<VideoPlayerContext, 'alreadyCompleted' | 'progress'>): number =>
  context.alreadyCompleted ? 100 : context.progress;

export const isEmbeddedKind = (kind: VideoKind): boolean => kind === 'iframe' || kind === 'youtube';

export const videoPlayerMachine = setup({
  types: {} as { context: VideoPlayerContext; events: VideoPlayerEvent; input: VideoPlayerInput },
  actors: {
    prepareStream: fromPromise<StreamAccess, { video: PlayerVideo; viewer: Viewer }>(async () => {
      throw new Error('provide prepareStream');
    }),
    refreshToken: fromPromise<StreamToken, { key: string }>(async () => {
      throw new Error('provide refreshToken');
    }),
    mediaSession: fromCallback<AnyEventObject, MediaSessionInput>(() => {
      throw new Error('provide mediaSession');
    }),
    markComplete: fromPromise<unknown, CompletionTarget>(async () => {
      throw new Error('provide markComplete');
    }),
  },
  guards: {
    sharingSiteVideo: ({ context }) => context.video.videoKind === 'youtube',
    hostedPlayerVideo: ({ context }) => context.video.videoKind === 'iframe',
    /** Only shaka-played streams fetch segments for as long as they play, so only they need fresh tokens. */
    usesStreamToken: ({ context }) => !isEmbeddedKind(context.video.videoKind),
    protectedVideo: ({ context }) => isProtectedVideo(context.video),
    reachedThreshold: ({ event }) =>
      event.type === 'media.timeUpdate' && percentOf(event.currentTime, event.duration) >= COMPLETION_THRESHOLD,
    knownRate: ({ event }) => event.type === 'player.setRate' && (PLAYBACK_RATES as readonly number[]).includes(event.rate),
    sameSkipIcon: ({ context, event }) => event.type === 'player.clickSkipIcon' && context.pendingSkip === event.direction,
  },
  delays: {
    tokenRefresh: TOKEN_REFRESH_MS,
    watermarkMove: WATERMARK_MOVE_MS,
    doubleClickWindow: DOUBLE_CLICK_MS,
  },
  actions: {
    moveWatermark: assign({ watermarkSpot: ({ context }) => (context.watermarkSpot + 1) % WATERMARK_SPOTS.length }),
    trackTime: assign(({ context, event }) => {
      if (event.type !== 'media.timeUpdate') return {};
      return {
        currentTime: event.currentTime,
        duration: event.duration,
        progress: Math.max(context.progress, percentOf(event.currentTime, event.duration)),
      };
    }),
    markCompleted: assign({ alreadyCompleted: true }),
    forwardTokenToMedia: enqueueActions(({ context, enqueue, check }) => {
      // The media session runs only while attached; between attempts the new token just waits in context.
      if (context.access && check(stateIn('#videoPlayer.open.playback.attached') as Parameters<typeof check>[0])) {
        enqueue.sendTo('media', { type: 'media.setToken', token: context.access.token } satisfies MediaCommand);
      }
    }),
  },
}).createMachine({
  id: 'videoPlayer',
  context: ({ input }) => ({
    ...input,
    progress: 0,
    currentTime: 0,
    duration: 0,
    access: null,
    error: null,
    rate: 1,
    qualities: [],
    selectedQuality: 'auto',
    watermarkSpot: 0,
    pendingSkip: null,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'player.open': 'open' },
    },
    open: {
      type: 'parallel',
      description: 'The modal is shown. Leaving it stops every region: the player is disposed, refresh and watermark timers end.',
      on: {
        'player.close': { target: 'closed', actions: assign({ pendingSkip: null, error: null }) },
      },
      states: {
        playback: {
          initial: 'choosingPlayer',
          states: {
            choosingPlayer: {
              always: [
                { guard: 'sharingSiteVideo', target: 'embedded', description: 'A video-sharing site video plays in that site\'s embed; it needs no token.' },
                { target: 'preparing' },
              ],
            },
            embedded: {
              description: 'Hosted-player and video-sharing videos play in their own iframe page.',
            },
            preparing: {
              tags: ['loading'],
              description: 'Fetch the stream token (and the DRM licence tokens of protected videos) and load the player engine.',
              invoke: {
                id: 'prepareStream',
                src: 'prepareStream',
                input: ({ context }) => ({ video: context.video, viewer: context.viewer }),
                onDone: [
                  {
                    guard: 'hostedPlayerVideo',
                    target: 'embedded',
                    description: 'The hosted player page opens with the stream token in its address.',
                    actions: assign({ access: ({ event }) => event.output, error: null }),
                  },
                  { target: 'attached', actions: assign({ access: ({ event }) => event.output, error: null }) },
                ],
                onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
              },
            },
            attached: {
              type: 'parallel',
              invoke: {
                id: 'media',
                src: 'mediaSession',
                input: ({ context }) => ({ video: context.video, access: context.access!, rate: context.rate }),
              },
              on: {
                'media.error': { target: 'failed', actions: assign({ error: ({ event }) => event.message }) },
                'media.timeUpdate': { actions: 'trackTime' },
                'media.qualities': { actions: assign({ qualities: ({ event }) => event.qualities }) },
                'player.seek': { actions: sendTo('media', ({ event }) => ({ type: 'media.seek', time: event.time }) satisfies MediaCommand) },
                'player.skip': {
                  actions: sendTo('media', ({ event }) => ({ type: 'media.skip', seconds: skipSeconds(event.direction) }) satisfies MediaCommand),
                },
                'player.setRate': {
                  guard: 'knownRate',
                  actions: [
                    assign({ rate: ({ event }) => event.rate }),
                    sendTo('media', ({ event }) => ({ type: 'media.setRate', rate: event.rate }) satisfies MediaCommand),
                  ],
                },
                'player.selectQuality': {
                  actions: [
                    assign({ selectedQuality: ({ event }) => event.id }),
                    sendTo('media', ({ event }) => ({ type: 'media.selectQuality', id: event.id }) satisfies MediaCommand),
                  ],
                },
              },
              states: {
                status: {
                  initial: 'loading',
                  on: {
                    'media.playing': '.playing',
                    'media.paused': '.paused',
                    'media.waiting': '.buffering',
                    'media.ended': '.ended',
                  },
                  states: {
                    loading: {
                      tags: ['loading'],
                      description: 'The player fetches the manifest (and the licence) and starts playing on its own.',
                    },
                    playing: {
                      tags: ['playing'],
                      on: { 'player.pause': { actions: sendTo('media', { type: 'media.pause' } satisfies MediaCommand) } },
                    },
                    buffering: {
                      tags: ['loading', 'playing'],
                      on: { 'player.pause': { actions: sendTo('media', { type: 'media.pause' } satisfies MediaCommand) } },
                    },
                    paused: {
                      on: { 'player.play': { actions: sendTo('media', { type: 'media.play' } satisfies MediaCommand) } },
                    },
                    ended: {
                      on: { 'player.play': { actions: sendTo('media', { type: 'media.play' } satisfies MediaCommand) } },
                    },
                  },
                },
                skipIcons: {
                  initial: 'idle',
                  states: {
                    idle: {
                      on: {
                        'player.clickSkipIcon': { target: 'awaitingSecondClick', actions: assign({ pendingSkip: ({ event }) => event.direction }) },
                      },
                    },
                    awaitingSecondClick: {
                      description: 'A second click on the same skip icon within 300 ms seeks 10 s.',
                      after: { doubleClickWindow: { target: 'idle', actions: assign({ pendingSkip: null }) } },
                      on: {
                        'player.clickSkipIcon': [
                          {
                            guard: 'sameSkipIcon',
                            target: 'idle',
                            actions: [
                              sendTo('media', ({ event }) => ({ type: 'media.skip', seconds: skipSeconds(event.direction) }) satisfies MediaCommand),
                              assign({ pendingSkip: null }),
                            ],
                          },
                          { target: 'awaitingSecondClick', reenter: true, actions: assign({ pendingSkip: ({ event }) => event.direction }) },
                        ],
                      },
                    },
                  },
                },
              },
            },
            failed: {
              description: 'Token, licence or stream failure: the message shows with a retry.',
              on: { 'player.retry': 'preparing' },
            },
          },
        },
        access: {
          initial: 'choosing',
          states: {
            choosing: {
              always: [{ guard: 'usesStreamToken', target: 'waiting' }, { target: 'notNeeded' }],
            },
            notNeeded: {},
            waiting: {
              after: { tokenRefresh: 'refreshing' },
            },
            refreshing: {
              description: 'POST /lecture/getToken; a failed refresh waits for the next round.',
              invoke: {
                id: 'refreshToken',
                src: 'refreshToken',
                input: ({ context }) => ({ key: context.video.key }),
                onDone: {
                  target: 'waiting',
                  actions: [
                    assign({ access: ({ context, event }) => (context.access ? { ...context.access, token: event.output.token } : null) }),
                    'forwardTokenToMedia',
                  ],
                },
                onError: 'waiting',
              },
            },
          },
        },
        watermark: {
          initial: 'choosing',
          states: {
            choosing: {
              always: [{ guard: 'protectedVideo', target: 'shown' }, { target: 'hidden' }],
            },
            hidden: {},
            shown: {
              description: 'The student username and id move to a new spot every 2000 ms.',
              after: { watermarkMove: { target: 'shown', reenter: true, actions: 'moveWatermark' } },
            },
          },
        },
        completion: {
          initial: 'watching',
          states: {
            watching: {
              on: {
                'media.timeUpdate': { guard: 'reachedThreshold', target: 'recordingThreshold' },
                'media.ended': 'recordingEnd',
              },
            },
            recordingThreshold: {
              description: 'Recorded once per viewing when 80 % is reached.',
              invoke: {
                id: 'markThreshold',
                src: 'markComplete',
                input: ({ context }) => ({ contentId: context.video._id, courseId: context.courseId, subjectId: context.subjectId, type: 'video' }),
                onDone: { target: 'thresholdRecorded', actions: 'markCompleted' },
                onError: { target: 'thresholdRecorded', description: 'Not retried: the end of playback records again.' },
              },
              on: { 'media.ended': 'recordingEnd' },
            },
            thresholdRecorded: {
              on: { 'media.ended': 'recordingEnd' },
            },
            recordingEnd: {
              description: 'Recorded again when playback reaches the end.',
              invoke: {
                id: 'markEnd',
                src: 'markComplete',
                input: ({ context }) => ({ contentId: context.video._id, courseId: context.courseId, subjectId: context.subjectId, type: 'video' }),
                onDone: { target: 'endRecorded', actions: 'markCompleted' },
                onError: 'endRecorded',
              },
            },
            endRecorded: {
              on: { 'media.ended': 'recordingEnd' },
            },
          },
        },
      },
    },
  },
});
