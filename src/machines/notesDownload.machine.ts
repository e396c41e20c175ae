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
  description: "The notes table's DOWNLOAD buttons: one note downloads at a time and counts as completed.",
  meta: { spec: '§2 Videos and notes — Notes' },
  context: { current: null, error: null },
  initial: 'idle',
  on: {
    'note.download': {
      description: 'The student presses DOWNLOAD on a note',
      target: '.downloading',
      actions: assign({ current: ({ event }) => event.note, error: null }),
    },
  },
  states: {
    idle: { description: 'The notes table (Sl., Title, Year, Resource) with a DOWNLOAD button on each note.' },
    downloading: {
      description: "The note's file is being fetched; its DOWNLOAD button shows it is busy.",
      tags: ['loading'],
      on: { 'note.download': { description: 'Another DOWNLOAD press while one is running is ignored' } },
      invoke: {
        id: 'downloadNote',
        src: 'downloadNote',
        input: ({ context }) => context.current!,
        onDone: {
          description: 'The file arrived: the browser saves it',
          target: 'recordingCompletion',
          actions: { type: 'saveFile', params: ({ context, event }) => ({ blob: event.output, note: context.current! }) },
        },
        onError: {
          description: 'The file could not be fetched',
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
        onDone: { target: 'idle', description: 'The server recorded the note as completed', actions: assign({ current: null }) },
        onError: { target: 'idle', description: 'Recording completion failed: only logged', actions: [assign({ current: null }), { type: 'logFailure', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    failed: {
      description: 'Download failures are only logged; the student may press DOWNLOAD again.',
    },
  },
});
