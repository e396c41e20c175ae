import { videoPlayerMachine, type PlayerVideo, type VideoPlayerInput } from '../../src/machines/videoPlayer.machine';
import type { PathModel } from '../support/machine-paths';

export const clearVideo: PlayerVideo = { _id: 'v-clear', title: 'Clear clip', URL: '/media/streams/v-clear/master.m3u8', key: 'clear-hls/clip', videoKind: 'hls', isDrmEnabled: '0', drmType: null };
export const protectedVideo: PlayerVideo = {
  _id: 'v-protected',
  title: 'Protected clip',
  URL: '/media/streams/v-protected/manifest.mpd',
  key: 'clearkey-dash/clip',
  videoKind: 'dash-drm',
  isDrmEnabled: '1',
  drmType: 'ClearKey',
};
export const hostedVideo: PlayerVideo = { _id: 'v-hosted', title: 'Hosted', URL: '/media/embed/v-hosted', key: 'k', videoKind: 'iframe', isDrmEnabled: '0', drmType: null };

export const sharingVideo: PlayerVideo = { _id: 'v-sharing', title: 'Sharing', URL: 'https://www.youtube.com/watch?v=abc', key: 'abc', videoKind: 'youtube', isDrmEnabled: '0', drmType: null };

export const inputFor = (video: PlayerVideo, alreadyCompleted = false): VideoPlayerInput => ({
  video,
  viewer: { id: 'student-1', username: '8801700000001' },
  courseId: 'course-1',
  subjectId: 'subject-1',
  alreadyCompleted,
});

const base: PathModel<typeof videoPlayerMachine> = {
  machine: videoPlayerMachine,
  events: [
    { type: 'player.open' },
    { type: 'player.close' },
    { type: 'player.retry' },
    { type: 'player.play' },
    { type: 'player.pause' },
    { type: 'player.seek', time: 5 },
    { type: 'player.skip', direction: 'forward' },
    { type: 'player.clickSkipIcon', direction: 'back' },
    { type: 'player.clickSkipIcon', direction: 'forward' },
    { type: 'player.setRate', rate: 1.5 },
    { type: 'player.selectQuality', id: 1 },
    { type: 'media.playing' },
    { type: 'media.paused' },
    { type: 'media.waiting' },
    { type: 'media.ended' },
    { type: 'media.timeUpdate', currentTime: 10, duration: 100 },
    { type: 'media.timeUpdate', currentTime: 85, duration: 100 },
    { type: 'media.qualities', qualities: [{ id: 1, height: 360, bandwidth: 800_000 }] },
    { type: 'media.error', message: 'The video stream could not be loaded (error 1001).' },
  ],
  outcomes: {
    prepareStream: { done: [{ token: 'token-0', drm: null }], error: [new Error('Forbidden')] },
    refreshToken: { done: [{ token: 'token-1', expiresAt: '' }], error: [new Error('offline')] },
    markComplete: { done: [{ completed: true }], error: [new Error('offline')] },
  },
  // A pending double click decides where the next click on a skip icon goes.
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.pendingSkip]),
};

/** Every video kind: together their paths take every state and transition. */
export const models: PathModel<typeof videoPlayerMachine>[] = [
  { ...base, name: 'clear HLS video', input: inputFor(clearVideo) },
  { ...base, name: 'protected video', input: inputFor(protectedVideo) },
  { ...base, name: 'hosted iframe video', input: inputFor(hostedVideo) },
  { ...base, name: 'video-sharing site video', input: inputFor(sharingVideo) },
];
