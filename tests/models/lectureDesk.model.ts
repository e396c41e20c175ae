// The desk's Lectures list: its path model and the fixtures its tests share.
import { lectureDeskMachine } from '../../src/machines/lectureDesk.machine';
import type { Lecture, LectureDesk } from '../../src/contracts/lectures';
import type { PathModel } from '../support/machine-paths';

export const lecture = (state: Lecture['state'], id = 'lc0000000000000000000001'): Lecture => ({
  id, title: 'Brachial plexus', courseId: 'c1', itemId: 'i1', place: 'Anatomy / Upper Limb', sourceName: 'lecture-12.mp4', sourceBytes: 1000, state,
  ahead: 0, percent: state === 'ready' ? 100 : state === 'transcoding' ? 40 : 0, secondsLeft: state === 'transcoding' ? 30 : null,
  durationSeconds: state === 'ready' ? 3600 : null, renditions: state === 'ready' ? [{ name: '360p', bytes: 1 }, { name: '720p', bytes: 2 }] : [],
  failure: state === 'failed' ? 'This file is not a video: it could not be read as MP4, MOV, MKV or WebM.' : null, createdAt: '2026-12-01T10:00:00.000Z',
});
export const places = [{ courseId: 'c1', courseName: 'MBBS', subjects: [{ id: 's1', name: 'Anatomy', items: [{ id: 'i1', name: 'Upper Limb', type: 'chapter' }] }] }];
export const deskWith = (...lectures: Lecture[]): LectureDesk => ({ places, lectures, maxBytes: 4096 });
export const refused = (status: number, title: string, code: string) => Object.assign(new Error(title), { status, title, code, message: title, network: false });
export const offline = Object.assign(new Error('Network error'), { status: 0, network: true });

const model: PathModel<typeof lectureDeskMachine> = {
  machine: lectureDeskMachine,
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.desk?.lectures.map((item: Lecture) => item.state) ?? null, snapshot.context.chosen, snapshot.context.problem?.title ?? null]),
  events: [
    { type: 'lectures.heard', lecture: lecture('transcoding') },
    { type: 'lectures.heard', lecture: lecture('ready', 'lc0000000000000000000002') },
    { type: 'lectures.gone', id: 'lc0000000000000000000001' },
    { type: 'lectures.uploaded' },
    { type: 'lectures.retryLoad' },
    { type: 'lecture.cancel', id: 'lc0000000000000000000001' },
    { type: 'lecture.retry', id: 'lc0000000000000000000001' },
    { type: 'lecture.delete', id: 'lc0000000000000000000001' },
    { type: 'lecture.confirm' },
    { type: 'lecture.keep' },
  ],
  outcomes: {
    loadDesk: { done: [deskWith(lecture('queued')), deskWith()], error: [offline] },
    act: { done: [lecture('cancelled'), null], error: [refused(409, 'Only a lecture whose packaging failed or was cancelled can be retried.', 'lectureNotRetryable')] },
  },
};

export const models = [model];
