// The video card's player: closed until the student opens it, then a modal whose playback, stream
// access token, watermark and completion record run side by side. Closing from any state tears all
// of them down: the media session disposes the player and the token refresh timer stops.
import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup, stateIn, type AnyEventObject } from 'xstate';
import type { CompletionTarget, DrmAuth, StreamToken, VideoKind } from '../contracts/content';
import { isProtectedVideo, videoFailureMessage } from '../domain/video';

/** Video access tokens expire quickly; the stream keeps working because this refresh runs while open. */
export const TOKEN_REFRESH_MS = 9000;
/** The watermark jumps to another spot so it cannot be cropped or covered for long. */
export const WATERMARK_MOVE_MS = 2000;
/** A second click on a skip icon within this window seeks. */
export const DOUBLE_CLICK_MS = 300;
export const SKIP_SECONDS = 10;
const COMPLETION_THRESHOLD = 80;
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
    /** Keeps on the phone how far the video was watched (the Today strip offers to continue it); nothing by default. */
    keepWatching: (_, _params: { progress: number }) => {},
    forwardTokenToMedia: enqueueActions(({ context, enqueue, check }) => {
      // The media session runs only while attached; between attempts the new token just waits in context.
      if (context.access && check(stateIn('#videoPlayer.open.playback.attached') as Parameters<typeof check>[0])) {
        enqueue.sendTo('media', { type: 'media.setToken', token: context.access.token } satisfies MediaCommand);
      }
    }),
  },
}).createMachine({
  id: 'videoPlayer',
  description: "Video card: closed, then open on click; closing disposes the player and stops token refresh. Completion is recorded once at 80 % and again at the end of playback.",
  meta: { spec: '§4 States and transitions — Video card; §2 Videos and notes' },
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
      description: 'The video cards; no player is open.',
      on: { 'player.open': { target: 'open', description: 'The student clicks a video card' } },
    },
    open: {
      type: 'parallel',
      description: 'The modal is shown. Leaving it stops every region: the player is disposed, refresh and watermark timers end.',
      on: {
        'player.close': {
          target: 'closed',
          description: 'The student closes the modal: how far it was watched is kept on the phone',
          actions: [assign({ pendingSkip: null, error: null }), { type: 'keepWatching', params: ({ context }) => ({ progress: shownProgress(context) }) }],
        },
      },
      states: {
        playback: {
          description: 'The custom player (settings: playback speed, quality) or the embedded one.',
          initial: 'choosingPlayer',
          states: {
            choosingPlayer: {
              description: 'Which player the video needs.',
              always: [
                { guard: 'sharingSiteVideo', target: 'embedded', description: 'A video-sharing site video plays in that site\'s embed; it needs no token.' },
                { target: 'preparing', description: 'Our own player: get the stream ready' },
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
                  { target: 'attached', description: 'The stream is ready: the player starts', actions: assign({ access: ({ event }) => event.output, error: null }) },
                ],
                onError: { target: 'failed', description: 'The token, licence or player could not be had', actions: assign({ error: ({ event }) => videoFailureMessage(event.error) }) },
              },
              on: {
                'player.setRate': {
                  guard: 'knownRate',
                  description: 'The student picks a playback speed while the stream gets ready (a slow link): the player starts at it',
                  actions: assign({ rate: ({ event }) => event.rate }),
                },
              },
            },
            attached: {
              description: 'The player plays the stream; its controls seek, skip, change speed and quality.',
              type: 'parallel',
              invoke: {
                id: 'media',
                src: 'mediaSession',
                input: ({ context }) => ({ video: context.video, access: context.access!, rate: context.rate }),
              },
              on: {
                'media.error': { target: 'failed', description: 'The stream failed while playing', actions: assign({ error: ({ event }) => event.message }) },
                'media.timeUpdate': { description: 'Playback moved on: the progress (0-100) follows', actions: 'trackTime' },
                'media.qualities': { description: 'The stream offers its qualities for the settings', actions: assign({ qualities: ({ event }) => event.qualities }) },
                'player.seek': { description: 'The student drags the progress bar', actions: sendTo('media', ({ event }) => ({ type: 'media.seek', time: event.time }) satisfies MediaCommand) },
                'player.skip': {
                  description: 'The student skips 10 s back or forward (keyboard)',
                  actions: sendTo('media', ({ event }) => ({ type: 'media.skip', seconds: skipSeconds(event.direction) }) satisfies MediaCommand),
                },
                'player.setRate': {
                  guard: 'knownRate',
                  description: 'The student picks a playback speed in the settings',
                  actions: [
                    assign({ rate: ({ event }) => event.rate }),
                    sendTo('media', ({ event }) => ({ type: 'media.setRate', rate: event.rate }) satisfies MediaCommand),
                  ],
                },
                'player.selectQuality': {
                  description: 'The student picks a quality in the settings',
                  actions: [
                    assign({ selectedQuality: ({ event }) => event.id }),
                    sendTo('media', ({ event }) => ({ type: 'media.selectQuality', id: event.id }) satisfies MediaCommand),
                  ],
                },
              },
              states: {
                status: {
                  description: 'What the player is doing.',
                  initial: 'loading',
                  on: {
                    'media.playing': { target: '.playing', description: 'The video plays' },
                    'media.paused': { target: '.paused', description: 'The video paused' },
                    'media.waiting': { target: '.buffering', description: 'The video waits for data' },
                    'media.ended': { target: '.ended', description: 'The video reached its end' },
                  },
                  states: {
                    loading: {
                      tags: ['loading'],
                      description: 'The player fetches the manifest (and the licence) and starts playing on its own.',
                    },
                    playing: {
                      description: 'The video plays; the button shows pause.',
                      tags: ['playing'],
                      on: { 'player.pause': { description: 'The student presses pause', actions: sendTo('media', { type: 'media.pause' } satisfies MediaCommand) } },
                    },
                    buffering: {
                      description: 'A spinner while the video waits for data.',
                      tags: ['loading', 'playing'],
                      on: { 'player.pause': { description: 'The student presses pause', actions: sendTo('media', { type: 'media.pause' } satisfies MediaCommand) } },
                    },
                    paused: {
                      description: 'The video is paused; the button shows play.',
                      on: { 'player.play': { description: 'The student presses play', actions: sendTo('media', { type: 'media.play' } satisfies MediaCommand) } },
                    },
                    ended: {
                      description: 'The video ended; play starts it again.',
                      on: { 'player.play': { description: 'The student presses play', actions: sendTo('media', { type: 'media.play' } satisfies MediaCommand) } },
                    },
                  },
                },
                skipIcons: {
                  description: 'The skip icons on either side of the video.',
                  initial: 'idle',
                  states: {
                    idle: {
                      description: 'The skip icons wait for a click.',
                      on: {
                        'player.clickSkipIcon': { target: 'awaitingSecondClick', description: 'The student clicks a skip icon once', actions: assign({ pendingSkip: ({ event }) => event.direction }) },
                      },
                    },
                    awaitingSecondClick: {
                      description: 'A second click on the same skip icon within 300 ms seeks 10 s.',
                      after: { doubleClickWindow: { target: 'idle', description: 'No second click in time: nothing happens', actions: assign({ pendingSkip: null }) } },
                      on: {
                        'player.clickSkipIcon': [
                          {
                            guard: 'sameSkipIcon',
                            target: 'idle',
                            description: 'The student clicks the same icon again: the video skips 10 s',
                            actions: [
                              sendTo('media', ({ event }) => ({ type: 'media.skip', seconds: skipSeconds(event.direction) }) satisfies MediaCommand),
                              assign({ pendingSkip: null }),
                            ],
                          },
                          { target: 'awaitingSecondClick', reenter: true, description: 'The student clicks the other icon: it waits for its own second click', actions: assign({ pendingSkip: ({ event }) => event.direction }) },
                        ],
                      },
                    },
                  },
                },
              },
            },
            failed: {
              description: 'Token, licence or stream failure: the message shows with a retry.',
              on: { 'player.retry': { target: 'preparing', description: 'The student presses retry' } },
            },
          },
        },
        access: {
          description: 'The stream token, refreshed while the player is open.',
          initial: 'choosing',
          states: {
            choosing: {
              description: 'Whether this video uses a stream token.',
              always: [
                { guard: 'usesStreamToken', target: 'waiting', description: 'The stream needs a token: keep it fresh' },
                { target: 'notNeeded', description: 'No token to keep fresh' },
              ],
            },
            notNeeded: { description: 'This video needs no token refresh.' },
            waiting: {
              description: 'The stream token is fresh; it is renewed on a timer.',
              after: { tokenRefresh: { target: 'refreshing', description: 'Time to renew the token' } },
            },
            refreshing: {
              description: 'POST /lecture/getToken; a failed refresh waits for the next round.',
              invoke: {
                id: 'refreshToken',
                src: 'refreshToken',
                input: ({ context }) => ({ key: context.video.key }),
                onDone: {
                  target: 'waiting',
                  description: 'The server sent a new token: the player uses it',
                  actions: [
                    assign({ access: ({ context, event }) => (context.access ? { ...context.access, token: event.output.token } : null) }),
                    'forwardTokenToMedia',
                  ],
                },
                onError: { target: 'waiting', description: 'The refresh failed: the next round tries again' },
              },
            },
          },
        },
        watermark: {
          description: "The moving watermark with the student's username and id on protected video.",
          initial: 'choosing',
          states: {
            choosing: {
              description: 'Whether this video is protected.',
              always: [
                { guard: 'protectedVideo', target: 'shown', description: 'Protected video: show the watermark' },
                { target: 'hidden', description: 'Not protected: no watermark' },
              ],
            },
            hidden: { description: 'No watermark on this video.' },
            shown: {
              description: 'The student username and id move to a new spot every 2000 ms.',
              after: { watermarkMove: { target: 'shown', reenter: true, description: 'The watermark moves', actions: 'moveWatermark' } },
            },
          },
        },
        completion: {
          description: 'Whether the video counts as completed: at 80 % or more, and again at the end of playback.',
          initial: 'watching',
          states: {
            watching: {
              description: 'Progress below 80 %: nothing recorded yet in this viewing.',
              on: {
                'media.timeUpdate': { guard: 'reachedThreshold', target: 'recordingThreshold', description: 'Playback reached 80 %' },
                'media.ended': { target: 'recordingEnd', description: 'Playback reached the end: completion is recorded again' },
              },
            },
            recordingThreshold: {
              description: 'Recorded once per viewing when 80 % is reached.',
              invoke: {
                id: 'markThreshold',
                src: 'markComplete',
                input: ({ context }) => ({ contentId: context.video._id, courseId: context.courseId, subjectId: context.subjectId, type: 'video' }),
                onDone: { target: 'thresholdRecorded', description: 'The server recorded the video as completed: progress 100 shows', actions: 'markCompleted' },
                onError: { target: 'thresholdRecorded', description: 'Not retried: the end of playback records again.' },
              },
              on: { 'media.ended': { target: 'recordingEnd', description: 'Playback reached the end: completion is recorded again' } },
            },
            thresholdRecorded: {
              description: 'Completed at 80 %; the end of playback records again.',
              on: { 'media.ended': { target: 'recordingEnd', description: 'Playback reached the end: completion is recorded again' } },
            },
            recordingEnd: {
              description: 'Recorded again when playback reaches the end.',
              invoke: {
                id: 'markEnd',
                src: 'markComplete',
                input: ({ context }) => ({ contentId: context.video._id, courseId: context.courseId, subjectId: context.subjectId, type: 'video' }),
                onDone: { target: 'endRecorded', description: 'The server recorded the end of playback', actions: 'markCompleted' },
                onError: { target: 'endRecorded', description: 'Recording the end failed: not retried' },
              },
            },
            endRecorded: {
              description: 'The end of playback is recorded; watching to the end again records again.',
              on: { 'media.ended': { target: 'recordingEnd', description: 'Playback reached the end: completion is recorded again' } },
            },
          },
        },
      },
    },
  },
});
