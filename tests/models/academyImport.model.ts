// The desk Import page's path model and the fixtures its tests share.
import { academyImportMachine, type ImportFile } from '../../src/machines/academyImport.machine';
import type { ImportJob, ImportResult } from '../../src/contracts/import';
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

/** The check's job as it goes: waiting behind one import, checking, and each of its ends. */
const check: ImportJob = { id: 'ab0000000000000000000001', name: 'week2.xlsx', apply: false, state: 'queued', ahead: 1, phase: 'waiting', rows: 0, writing: false, createdAt: '2026-12-01T10:00:00.000Z', finishedAt: null, outcome: null, failure: null };
export const jobs = {
  queued: check,
  checking: { ...check, state: 'running', ahead: 0, phase: 'checking', rows: 1200 },
  checked: { ...check, state: 'done', ahead: 0, phase: 'checking', rows: 1200, outcome: diff },
  problems: { ...check, state: 'done', ahead: 0, outcome: problems },
  nothing: { ...check, state: 'done', ahead: 0, outcome: nothing },
  failed: { ...check, state: 'failed', ahead: 0, failure: 'The file needs more memory than an import may use (1024 MB).' },
  cancelled: { ...check, state: 'cancelled', ahead: 0 },
  writing: { ...check, id: 'ab0000000000000000000002', apply: true, state: 'running', ahead: 0, phase: 'writing', rows: 1200, writing: true },
  applied: { ...check, id: 'ab0000000000000000000002', apply: true, state: 'done', ahead: 0, phase: 'writing', rows: 1200, writing: true, outcome: applied },
} satisfies Record<string, ImportJob>;

/** A check that updates most of the academy's students: Import waits for the tick. */
export const large: ImportResult = { ...diff, large: [{ kind: 'students', changed: 80, existing: 100, percent: 80 }] };
export const largeJobs = {
  checked: { ...jobs.checked, outcome: large },
  writing: jobs.writing,
} satisfies Record<string, ImportJob>;

const model: PathModel<typeof academyImportMachine> = {
  machine: academyImportMachine,
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.file?.name ?? null, snapshot.context.step, snapshot.context.problem?.title ?? null, snapshot.context.job?.state ?? null, snapshot.context.largeChecked, snapshot.context.result?.large?.length ?? 0]),
  events: [
    { type: 'import.choose', file: sheet },
    { type: 'import.choose', file: pdf },
    { type: 'import.check' },
    { type: 'import.progress', sent: 2, total: 4 },
    ...Object.values(jobs).map((job) => ({ type: 'import.job' as const, job })),
    { type: 'import.job', job: largeJobs.checked },
    { type: 'import.largeChecked', checked: true },
    { type: 'import.largeChecked', checked: false },
    { type: 'import.cancel' },
    { type: 'import.confirm' },
    { type: 'import.again' },
    { type: 'import.retry' },
  ],
  outcomes: {
    findJob: { done: [null, jobs.checking], error: [failure(0, 'offline')] },
    sendFile: { done: [jobs.queued, jobs.checking], error: [failure(409, '5 imports are waiting already.')] },
    cancelJob: { done: [jobs.cancelled, jobs.writing], error: [failure(0, 'offline')] },
  },
};

export const models = [model];
