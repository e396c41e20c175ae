// The desk's lecture upload (the Lectures page): choose where the lecture goes, its title and its video
// file, then send it resumably (tus): progress, speed and time left show while it goes up; a dropped
// link is retried by itself from the last byte the server has ("The link dropped…"), and a reload
// resumes it once the same file is chosen again. Cancel gives the upload up (the server removes its
// bytes). The upload's end hands the lecture to its packaging, followed in the page's list.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { LECTURE_FILE_TYPES } from '../contracts/limits';
import { failureWords } from '../domain/messages';

export interface LectureFile {
  name: string;
  size: number;
  data: Blob;
}

export interface LectureUploadContext {
  maxBytes: number;
  itemId: string;
  title: string;
  file: LectureFile | null;
  /** Bytes the server has of the file, of its total. */
  sent: number;
  total: number;
  /** Bytes a second over the last seconds, and the seconds left at that pace; null until known. */
  bytesPerSecond: number | null;
  secondsLeft: number | null;
  /** The last progress sample, for the pace. */
  sample: { at: number; sent: number } | null;
  /** Where an upload left off before a reload was found (bytes of the file); 0 for a new one. */
  resumedFrom: number;
  problem: { title: string; description?: string } | null;
  /** The lecture the last finished upload became. */
  lectureId: string | null;
}

export type LectureUploadEvent =
  | { type: 'upload.place'; itemId: string }
  | { type: 'upload.title'; title: string }
  | { type: 'upload.choose'; file: LectureFile }
  | { type: 'upload.start' }
  | { type: 'upload.resumed'; from: number }
  | { type: 'upload.progress'; sent: number; total: number; at: number }
  | { type: 'upload.linkDropped' }
  | { type: 'upload.done'; lectureId: string }
  | { type: 'upload.failed'; error: unknown }
  | { type: 'upload.cancel' }
  | { type: 'upload.again' };

export const uploadMessages = {
  fileType: 'Choose the lecture as an MP4, MOV, MKV or WebM video.',
  tooLarge: (maxBytes: number) => `The video is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the most a lecture may be.`,
  empty: 'The file is empty.',
  noPlace: 'Choose the chapter, lecture or question-solve item it belongs to.',
  noTitle: 'Give the lecture a title.',
  noFile: 'Choose the video file.',
  cancelled: 'The upload was cancelled.',
} as const;

/** Why a file cannot be sent, or null. */
export function lectureFileProblem(file: LectureFile, maxBytes: number): string | null {
  if (!LECTURE_FILE_TYPES.some((ending) => file.name.toLowerCase().endsWith(ending))) return uploadMessages.fileType;
  if (file.size === 0) return uploadMessages.empty;
  if (file.size > maxBytes) return uploadMessages.tooLarge(maxBytes);
  return null;
}

/** What is missing before Upload, or null. */
function missing(context: LectureUploadContext): string | null {
  if (!context.itemId) return uploadMessages.noPlace;
  if (!context.title.trim()) return uploadMessages.noTitle;
  if (!context.file) return uploadMessages.noFile;
  return null;
}

/** The pace is smoothed over samples at least this far apart, so one burst does not swing it. */
const PACE_SAMPLE_MS = 1000;

export const lectureUploadMachine = setup({
  types: {} as { context: LectureUploadContext; events: LectureUploadEvent; input: { maxBytes: number } },
  actors: {
    /**
     * Sends the file with tus, resuming an upload of the same file this device began (after a reload);
     * tells `upload.resumed`, `upload.progress`, `upload.linkDropped`, and ends with `upload.done` or
     * `upload.failed`. Stopping it pauses the upload, which a later start of the same file resumes.
     */
    sendFile: fromCallback<LectureUploadEvent, { file: LectureFile; itemId: string; title: string }>(() => () => {}),
    /** Gives the file's upload up: the server removes its bytes and this device forgets it. */
    cancelUpload: fromPromise<void, { file: LectureFile }>(async () => {
      throw new Error('provide cancelUpload');
    }),
  },
  guards: {
    ready: ({ context }) => missing(context) === null,
    sendable: ({ context }, params: { file: LectureFile }) => lectureFileProblem(params.file, context.maxBytes) === null,
  },
  actions: {
    startSending: assign({ sent: 0, total: ({ context }) => context.file?.size ?? 0, bytesPerSecond: null, secondsLeft: null, sample: null, resumedFrom: 0, problem: null, lectureId: null }),
    keepProgress: assign(({ context }, params: { sent: number; total: number; at: number }) => {
      const sample = context.sample;
      if (!sample) return { sent: params.sent, total: params.total, sample: { at: params.at, sent: params.sent } };
      const seconds = (params.at - sample.at) / 1000;
      if (seconds * 1000 < PACE_SAMPLE_MS) return { sent: params.sent, total: params.total };
      const pace = Math.max(0, (params.sent - sample.sent) / seconds);
      const smoothed = context.bytesPerSecond === null ? pace : context.bytesPerSecond * 0.6 + pace * 0.4;
      return {
        sent: params.sent,
        total: params.total,
        bytesPerSecond: smoothed,
        secondsLeft: smoothed > 0 ? Math.ceil((params.total - params.sent) / smoothed) : null,
        sample: { at: params.at, sent: params.sent },
      };
    }),
  },
}).createMachine({
  id: 'lectureUpload',
  description: "The Lectures page's upload: where it goes, its title and its file, sent resumably with progress, speed and time left; Cancel gives it up.",
  meta: { spec: '§2 Videos and notes (what the student plays) — not in the spec: the desk puts lectures in as files (issue 38)' },
  context: ({ input }) => ({
    maxBytes: input.maxBytes, itemId: '', title: '', file: null, sent: 0, total: 0, bytesPerSecond: null, secondsLeft: null, sample: null, resumedFrom: 0, problem: null, lectureId: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      description: 'The place (course, subject, item), the title and the file, with Upload.',
      on: {
        'upload.place': { description: 'The teacher chooses the item it belongs to', actions: assign({ itemId: ({ event }) => event.itemId, problem: null }) },
        'upload.title': { description: 'The teacher types the title', actions: assign({ title: ({ event }) => event.title }) },
        'upload.choose': [
          { guard: { type: 'sendable', params: ({ event }) => ({ file: event.file }) }, description: 'The teacher chooses a video file within the limit', actions: assign({ file: ({ event }) => event.file, problem: null }) },
          { description: 'A file of another kind, empty or too large: the reason shows and it is not kept', actions: assign(({ context, event }) => ({ file: null, problem: { title: lectureFileProblem(event.file, context.maxBytes)! } })) },
        ],
        'upload.start': [
          { guard: 'ready', target: 'sending', description: 'The teacher presses Upload: the file goes up', actions: 'startSending' },
          { description: 'Upload with something missing: what is missing shows', actions: assign(({ context }) => ({ problem: { title: missing(context)! } })) },
        ],
      },
    },
    sending: {
      description: 'The file goes up: percent, speed and time left, with Cancel.',
      tags: ['busy'],
      invoke: { src: 'sendFile', input: ({ context }) => ({ file: context.file!, itemId: context.itemId, title: context.title }) },
      initial: 'flowing',
      on: {
        'upload.resumed': { description: 'An upload of the same file begun before (a reload) is resumed from the bytes the server has', actions: assign({ resumedFrom: ({ event }) => event.from, sent: ({ event }) => event.from }) },
        'upload.progress': { target: '.flowing', description: 'More bytes reached the server', actions: { type: 'keepProgress', params: ({ event }) => event } },
        'upload.done': { target: 'uploaded', description: 'Every byte is on the server: the lecture is queued for packaging', actions: assign({ lectureId: ({ event }) => event.lectureId, sent: ({ context }) => context.total }) },
        'upload.failed': { target: 'failed', description: 'The upload stopped for good (refused, or the link stayed down): the reason shows with Try again', actions: assign({ problem: ({ event }) => failureWords(event.error) }) },
        'upload.cancel': { target: 'cancelling', description: 'The teacher cancels the upload' },
      },
      states: {
        flowing: { description: 'Bytes are flowing.', on: { 'upload.linkDropped': { target: 'reconnecting', description: 'The link dropped: the upload waits and resumes from the last byte the server has' } } },
        reconnecting: { description: '"The link dropped. Resuming from the last byte received…", with Cancel.' },
      },
    },
    cancelling: {
      description: 'The upload is given up and the server asked to remove its bytes.',
      tags: ['busy'],
      invoke: {
        src: 'cancelUpload',
        input: ({ context }) => ({ file: context.file! }),
        onDone: { target: 'editing', description: 'The upload is gone: the form shows again with the notice', actions: assign({ file: null, sent: 0, problem: { title: uploadMessages.cancelled } }) },
        onError: { target: 'editing', description: 'The server could not be told: the upload is given up all the same (its bytes expire there)', actions: assign({ file: null, sent: 0, problem: { title: uploadMessages.cancelled } }) },
      },
    },
    failed: {
      description: 'Why the upload stopped, with Try again (it resumes from the last byte), Cancel and Choose another file.',
      on: {
        'upload.cancel': { target: 'cancelling', description: 'The teacher gives the stopped upload up' },
        'upload.start': { target: 'sending', description: 'Try again: the upload resumes from the bytes the server has', actions: 'startSending' },
        'upload.again': { target: 'editing', description: 'The teacher chooses another file', actions: assign({ file: null, problem: null }) },
      },
    },
    uploaded: {
      description: 'Uploaded: the lecture is in the list below, being packaged; Upload another.',
      on: { 'upload.again': { target: 'editing', description: 'The teacher uploads another lecture', actions: assign({ file: null, title: '', problem: null, sent: 0 }) } },
    },
  },
});
