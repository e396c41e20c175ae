// The path model of what stands beside the import on the desk's Import page (templates, history, undo)
// and the fixtures its tests share.
import { importDeskMachine } from '../../src/machines/importDesk.machine';
import type { ImportRun } from '../../src/contracts/import';
import type { PathModel } from '../support/machine-paths';

export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });
/** The server's refusal of an undo, its reason in words. */
export const undoRefused = Object.assign(new Error('1 student has started Weekly Live Test: Renal (Week 49) since it was imported.'), {
  status: 409,
  code: 'importUndoRefused',
  title: 'The import cannot be undone.',
});

export const run: ImportRun = {
  id: 'a70000000000000000000001',
  by: 'Academy Admin',
  fileName: 'renal-week49.xlsx',
  checksum: 'c'.repeat(64),
  createdAt: '2026-11-29T06:00:00.000Z',
  counts: [{ kind: 'exam', added: 1, updated: 0, removed: 0 }, { kind: 'question', added: 20, updated: 0, removed: 0 }],
  summary: ['adds Weekly Live Test: Renal (Week 49) to MBBS 2026 Morning Batch, 03 Dec 2026 | 10:00 am – 12:00 pm, 20 questions'],
  undoneAt: null,
  undoneBy: null,
};
export const undoneRun: ImportRun = { ...run, undoneAt: '2026-11-29T07:00:00.000Z', undoneBy: 'Academy Admin' };

export const models: PathModel<typeof importDeskMachine>[] = [
  {
    machine: importDeskMachine,
    events: [
      { type: 'template.download', kind: 'exam' },
      { type: 'template.download', kind: 'students' },
      { type: 'history.retry' },
      { type: 'history.reload' },
      { type: 'history.undo', importId: run.id },
      { type: 'history.confirm' },
      { type: 'history.keep' },
    ],
    outcomes: {
      downloadTemplate: { done: [new Blob(['PK'])], error: [networkError] },
      loadHistory: { done: [[run], []], error: [networkError] },
      undoImport: { done: [undoneRun], error: [undoRefused] },
    },
    // Saving the file is the browser's; the paths only need it not to fail.
    provide: { actions: { saveTemplate: () => {} } },
  },
];
