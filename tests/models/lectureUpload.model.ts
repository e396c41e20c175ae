// The desk's lecture upload: its path model and the fixtures its tests share.
import { lectureUploadMachine, type LectureFile } from '../../src/machines/lectureUpload.machine';
import type { PathModel } from '../support/machine-paths';

export const MAX_BYTES = 4096;
export const video: LectureFile = { name: 'lecture-12.mp4', size: 1000, data: new Blob(['x'.repeat(1000)]) };
export const notes: LectureFile = { name: 'lecture-12.pdf', size: 4, data: new Blob(['%PDF']) };
export const huge: LectureFile = { name: 'whole-day.mkv', size: MAX_BYTES + 1, data: new Blob(['x']) };
export const refused = (status: number, title: string, code: string) => Object.assign(new Error(title), { status, title, code, message: title, network: false });
export const offline = Object.assign(new Error('Network error'), { status: 0, network: true });

const model: PathModel<typeof lectureUploadMachine> = {
  machine: lectureUploadMachine,
  input: { maxBytes: MAX_BYTES },
  // What guards and screens read: the state, whether each field is there, the problem, a pace known.
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, Boolean(snapshot.context.itemId), Boolean(snapshot.context.title.trim()), snapshot.context.file?.name ?? null, snapshot.context.problem?.title ?? null, snapshot.context.resumedFrom > 0, snapshot.context.lectureId]),
  events: [
    { type: 'upload.place', itemId: 'ca0000000000000000000001' },
    { type: 'upload.title', title: 'Brachial plexus' },
    { type: 'upload.choose', file: video },
    { type: 'upload.choose', file: notes },
    { type: 'upload.choose', file: huge },
    { type: 'upload.start' },
    { type: 'upload.resumed', from: 400 },
    { type: 'upload.progress', sent: 500, total: 1000, at: 2000 },
    { type: 'upload.linkDropped' },
    { type: 'upload.done', lectureId: 'lc0000000000000000000001' },
    { type: 'upload.failed', error: refused(507, 'The server has no room for files right now. Please try again later.', 'storageFull') },
    { type: 'upload.cancel' },
    { type: 'upload.again' },
  ],
  outcomes: { cancelUpload: { done: [undefined], error: [offline] } },
};

export const models = [model];
