import { notesDownloadMachine, type NoteRequest } from '../../src/machines/notesDownload.machine';
import type { PathModel } from '../support/machine-paths';

export const note = (id: string): NoteRequest => ({ contentId: id, title: `Note ${id}`, courseId: 'c1', subjectId: 's1' });

export const models: PathModel<typeof notesDownloadMachine>[] = [
  {
    machine: notesDownloadMachine,
    events: [{ type: 'note.download', note: note('n1') }],
    outcomes: {
      downloadNote: { done: [new Blob(['pdf'])], error: [new Error('Network error')] },
      recordCompletion: { done: [{ completed: true }], error: [new Error('offline')] },
    },
    // Saving the file is the browser's; the paths only need it not to fail.
    provide: { actions: { saveFile: () => {} } },
  },
];
