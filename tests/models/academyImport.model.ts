// The desk Import page's path model and the fixtures its tests share.
import { academyImportMachine, type ImportFile } from '../../src/machines/academyImport.machine';
import type { ImportResult } from '../../src/contracts/import';
import type { PathModel } from '../support/machine-paths';

export const sheet: ImportFile = { name: 'week2.xlsx', size: 4, data: new Blob(['abcd']) };
export const pdf: ImportFile = { name: 'week2.pdf', size: 4, data: new Blob(['%PDF']) };

export const diff: ImportResult = {
  applied: false,
  changed: true,
  kinds: [{ kind: 'question', added: 9, updated: 0, unchanged: 0, removed: 0, changes: [{ id: 'q1', label: 'question 1 of Week 2', action: 'added' }] }],
  problems: [],
};
export const applied: ImportResult = { ...diff, applied: true };
export const nothing: ImportResult = { applied: false, changed: false, kinds: [{ ...diff.kinds[0]!, added: 0, unchanged: 9, changes: [] }], problems: [] };
export const problems: ImportResult = {
  applied: false,
  changed: false,
  kinds: [],
  problems: [{ file: 'week2.xlsx', sheet: 'Questions', row: 4, column: 'H (answer)', field: '/exams/0/questions/2/answer', message: 'question 3: answer F is not one of the 4 options' }],
};
export const failure = (status: number, title: string) => Object.assign(new Error(title), { status, title, message: title, network: status === 0 });

const model: PathModel<typeof academyImportMachine> = {
  machine: academyImportMachine,
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.file?.name ?? null, snapshot.context.step, snapshot.context.problem?.title ?? null]),
  events: [
    { type: 'import.choose', file: sheet },
    { type: 'import.choose', file: pdf },
    { type: 'import.check' },
    { type: 'import.progress', sent: 2, total: 4 },
    { type: 'import.progress', sent: 4, total: 4 },
    { type: 'import.confirm' },
    { type: 'import.again' },
    { type: 'import.retry' },
  ],
  outcomes: {
    sendFile: { done: [diff, problems, nothing], error: [failure(0, 'offline')] },
  },
};

export const models = [model];
