// Downloading a note: the file comes as a blob with the student's session, is handed to the browser
// to save, and is then recorded as completed. One download at a time per notes screen.
import { assign, fromPromise, setup } from 'xstate';
import { plainFailure } from '../domain/messages';

export interface NoteRequest {
  contentId: string;
  title: string;
  courseId: string;
  subjectId: string;
}

export interface NotesDownloadContext {
  current: NoteRequest | null;
  error: string | null;
}

export type NotesDownloadEvent = { type: 'note.download'; note: NoteRequest };

export const notesDownloadMachine = setup({
  types: {} as { context: NotesDownloadContext; events: NotesDownloadEvent },
  actors: {
    downloadNote: fromPromise<Blob, NoteRequest>(async () => {
      throw new Error('provide downloadNote');
    }),
    recordCompletion: fromPromise<unknown, NoteRequest>(async () => {
      throw new Error('provide recordCompletion');
    }),
  },
  actions: {
    saveFile: (_, _params: { blob: Blob; note: NoteRequest }) => {
      throw new Error('provide saveFile');
    },
    logFailure: (_, _params: { error: unknown }) => {},
  },
}).createMachine({
  id: 'notesDownload',
  context: { current: null, error: null },
  initial: 'idle',
  on: {
    'note.download': {
      target: '.downloading',
      actions: assign({ current: ({ event }) => event.note, error: null }),
    },
  },
  states: {
    idle: {},
    downloading: {
      tags: ['loading'],
      on: { 'note.download': {} },
      invoke: {
        id: 'downloadNote',
        src: 'downloadNote',
        input: ({ context }) => context.current!,
        onDone: {
          target: 'recordingCompletion',
          actions: { type: 'saveFile', params: ({ context, event }) => ({ blob: event.output, note: context.current! }) },
        },
        onError: {
          target: 'failed',
          actions: [
            assign({ error: ({ event }) => plainFailure(event.error) }),
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    recordingCompletion: {
      description: 'A downloaded note counts as completed; a failure here does not undo the download.',
      invoke: {
        id: 'recordCompletion',
        src: 'recordCompletion',
        input: ({ context }) => context.current!,
        onDone: { target: 'idle', actions: assign({ current: null }) },
        onError: { target: 'idle', actions: [assign({ current: null }), { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    failed: {
      description: 'Download failures are only logged; the student may press DOWNLOAD again.',
    },
  },
});
