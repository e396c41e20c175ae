// The desk's Import page (administrators): choose a sheet or bundle, send it for a dry run (its bytes
// go up with a progress bar), then follow its import job on the server: waiting its turn behind other
// imports, then reading and checking the rows (counted live), until its outcome: what would change or
// every problem by row. Confirm, and the same file is sent again as a job that writes it; then the
// result. A check that updates or removes more of a kind than the change threshold names the figure,
// and Import waits for the tick "I have checked these changes", which goes up with the file. A waiting or running job can be cancelled; one that has started writing is finished whole.
// After a reload the page finds the administrator's job that is still waiting or running and follows
// it. A failed upload or job keeps the step it failed at, and Try again repeats that step.
import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { ImportJob, ImportResult } from '../contracts/import';
import { IMPORT_FILE_TYPES, IMPORT_MAX_BYTES } from '../domain/importFiles';
import { failureWords } from '../domain/messages';

/** A chosen file: its name says how the server reads it; `data` is what is sent. */
export interface ImportFile {
  name: string;
  size: number;
  data: Blob;
}

export interface AcademyImportContext {
  file: ImportFile | null;
  /** Bytes of the file sent so far, of its total; null before sending. */
  progress: { sent: number; total: number } | null;
  /** The import job being followed (as last heard), or the last one. */
  job: ImportJob | null;
  /** The last outcome: the dry run's diff or problems, or the applied result. */
  result: ImportResult | null;
  /** Why the last request or job failed, why a chosen file cannot be sent, or that a job was cancelled. */
  problem: { title: string; description?: string } | null;
  /** Which step Try again repeats. */
  step: 'check' | 'apply';
  /** The administrator ticked "I have checked these changes" for a check beyond the change threshold. */
  largeChecked: boolean;
}

export type AcademyImportEvent =
  | { type: 'import.choose'; file: ImportFile }
  | { type: 'import.check' }
  | { type: 'import.progress'; sent: number; total: number }
  | { type: 'import.job'; job: ImportJob }
  | { type: 'import.cancel' }
  | { type: 'import.confirm' }
  | { type: 'import.again' }
  | { type: 'import.retry' }
  | { type: 'import.largeChecked'; checked: boolean };

export const importMessages = {
  fileType: 'Choose an XLSX or CSV sheet or a JSON bundle.',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  empty: 'The file is empty.',
  noFile: 'Choose a file first.',
  cancelled: 'The import was cancelled. Nothing was written.',
  failed: 'The import failed. Nothing was written.',
  stoppedWriting: 'The import stopped while writing. Import the same file again to finish it.',
} as const;

/** Why a file cannot be sent, or null. */
function fileProblem(file: ImportFile): string | null {
  if (!IMPORT_FILE_TYPES.some((ending) => file.name.toLowerCase().endsWith(ending))) return importMessages.fileType;
  if (file.size === 0) return importMessages.empty;
  if (file.size > IMPORT_MAX_BYTES) return importMessages.tooLarge;
  return null;
}

const outcomeOf = (job: ImportJob): ImportResult => job.outcome!;

export const academyImportMachine = setup({
  types: {} as { context: AcademyImportContext; events: AcademyImportEvent },
  actors: {
    /** The administrator's import still waiting or running (after a reload), or null. */
    findJob: fromPromise<ImportJob | null>(async () => {
      throw new Error('provide findJob');
    }),
    /** Uploads the file; resolves with its job, queued. */
    sendFile: fromPromise<ImportJob, { file: ImportFile; apply: boolean; confirmLarge: boolean }>(async () => {
      throw new Error('provide sendFile');
    }),
    /** Sends `import.job` with the job each time it changes (its live events, and asking as a fallback). */
    followJob: fromCallback<AcademyImportEvent, { jobId: string }>(() => () => {}),
    cancelJob: fromPromise<ImportJob, { jobId: string }>(async () => {
      throw new Error('provide cancelJob');
    }),
  },
  guards: {
    sendable: (_, params: { file: ImportFile }) => fileProblem(params.file) === null,
    hasFile: ({ context }) => context.file !== null,
    /** The file is still chosen, and a change beyond the threshold is ticked as checked. */
    importable: ({ context }) => context.file !== null && (!context.result?.large?.length || context.largeChecked),
    allSent: (_, params: { sent: number; total: number }) => params.sent >= params.total,
    found: (_, params: { job: ImportJob | null }) => params.job !== null,
    waits: (_, params: { job: ImportJob }) => params.job.state === 'queued',
    runs: (_, params: { job: ImportJob }) => params.job.state === 'running',
    hasProblems: (_, params: { job: ImportJob }) => params.job.state === 'done' && outcomeOf(params.job).problems.length > 0,
    checkedUnchanged: (_, params: { job: ImportJob }) => params.job.state === 'done' && !params.job.apply && !outcomeOf(params.job).changed,
    checked: (_, params: { job: ImportJob }) => params.job.state === 'done' && !params.job.apply,
    applied: (_, params: { job: ImportJob }) => params.job.state === 'done',
    jobFailed: (_, params: { job: ImportJob }) => params.job.state === 'failed',
    failedApplying: ({ context }) => context.step === 'apply',
  },
  actions: {
    startSending: assign({
      progress: null, problem: null, job: null, step: (_, params: { step: 'check' | 'apply' }) => params.step,
      // A new check asks for the tick again; Try again of an import keeps it.
      largeChecked: ({ context }, params: { step: 'check' | 'apply' }) => params.step === 'apply' && context.largeChecked,
    }),
    keepProgress: assign({ progress: (_, params: { sent: number; total: number }) => ({ sent: params.sent, total: params.total }) }),
    keepJob: assign({ job: (_, params: { job: ImportJob }) => params.job, step: (_, params: { job: ImportJob }) => (params.job.apply ? 'apply' as const : 'check' as const) }),
    keepOutcome: assign({ job: (_, params: { job: ImportJob }) => params.job, result: (_, params: { job: ImportJob }) => outcomeOf(params.job) }),
    keepFailure: assign({ problem: (_, params: { error: unknown }) => failureWords(params.error) }),
    startOver: assign({ file: null, progress: null, job: null, result: null, problem: null, step: 'check' as const, largeChecked: false }),
  },
}).createMachine({
  id: 'academyImport',
  description: "The desk's Import page: an administrator sends a sheet or bundle for a dry run, follows its job, reviews the changes or the problems by row, confirms, and follows the import to its result.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: the desk\'s import of exams, students and content from sheets (administrators)' },
  context: { file: null, progress: null, job: null, result: null, problem: null, step: 'check', largeChecked: false },
  initial: 'finding',
  states: {
    finding: {
      description: "The page asks for the administrator's import still waiting or running, to follow it after a reload.",
      invoke: {
        src: 'findJob',
        onDone: [
          { guard: { type: 'found', params: ({ event }) => ({ job: event.output }) }, target: 'following', description: 'An import of this administrator waits or runs: the page follows it', actions: { type: 'keepJob', params: ({ event }) => ({ job: event.output! }) } },
          { target: 'choosing', description: 'No import waits or runs: the file chooser shows' },
        ],
        onError: { target: 'choosing', description: 'The imports could not be asked for: the file chooser shows' },
      },
    },
    choosing: {
      description: 'The file chooser with the kinds of file taken, and Check.',
      on: {
        'import.choose': [
          { guard: { type: 'sendable', params: ({ event }) => ({ file: event.file }) }, description: 'The administrator chooses an XLSX, CSV or JSON file', actions: assign({ file: ({ event }) => event.file, problem: null }) },
          { description: 'A file of another kind, empty or too large: the reason shows and it is not kept', actions: assign({ file: null, problem: ({ event }) => ({ title: fileProblem(event.file)! }) }) },
        ],
        'import.check': [
          { guard: 'hasFile', target: 'uploading', description: 'The administrator presses Check: the file goes up for a dry run', actions: { type: 'startSending', params: { step: 'check' } } },
          { description: "Check without a file: 'Choose a file first.' shows", actions: assign({ problem: { title: importMessages.noFile } }) },
        ],
      },
    },
    uploading: {
      description: 'The bytes of the file go up (for a dry run, or to be written); the progress bar shows how many.',
      tags: ['busy'],
      on: { 'import.progress': { description: 'More bytes are sent', actions: { type: 'keepProgress', params: ({ event }) => event } } },
      invoke: {
        src: 'sendFile',
        input: ({ context }) => ({ file: context.file!, apply: context.step === 'apply', confirmLarge: context.step === 'apply' && context.largeChecked }),
        onDone: { target: 'following', description: 'The server took the file: its import job is followed', actions: { type: 'keepJob', params: ({ event }) => ({ job: event.output }) } },
        onError: { target: 'failed', description: 'The file could not be sent (offline, server, session, too many imports waiting): the reason shows with Try again', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    following: {
      description: 'The import job on the server, heard live (and asked for as a fallback) until its outcome.',
      tags: ['busy'],
      invoke: { src: 'followJob', input: ({ context }) => ({ jobId: context.job!.id }) },
      initial: 'deciding',
      on: {
        'import.job': [
          { guard: { type: 'waits', params: ({ event }) => event }, target: '.waiting', description: 'The job waits its turn behind other imports', actions: { type: 'keepJob', params: ({ event }) => event } },
          { guard: { type: 'runs', params: ({ event }) => event }, target: '.running', description: 'The job runs: its rows checked (or its writing) show', actions: { type: 'keepJob', params: ({ event }) => event } },
          { guard: { type: 'hasProblems', params: ({ event }) => event }, target: 'reviewing.problems', description: 'The file has problems (or the academy changed meanwhile): every one shows with its sheet, row and column; nothing was written', actions: { type: 'keepOutcome', params: ({ event }) => event } },
          { guard: { type: 'checkedUnchanged', params: ({ event }) => event }, target: 'reviewing.nothing', description: 'The academy already holds all of it: nothing to import', actions: { type: 'keepOutcome', params: ({ event }) => event } },
          { guard: { type: 'checked', params: ({ event }) => event }, target: 'reviewing.diff', description: 'The changes show per kind: added, updated (with the fields), unchanged', actions: { type: 'keepOutcome', params: ({ event }) => event } },
          { guard: { type: 'applied', params: ({ event }) => event }, target: 'done', description: 'Imported: the result shows per kind', actions: { type: 'keepOutcome', params: ({ event }) => event } },
          { guard: { type: 'jobFailed', params: ({ event }) => event }, target: 'failed', description: 'The job failed (the server stopped, the file needed too much memory): its reason shows with Try again; nothing was written', actions: [{ type: 'keepJob', params: ({ event }) => event }, assign({ problem: ({ event }) => ({ title: event.job.writing ? importMessages.stoppedWriting : importMessages.failed, description: event.job.failure ?? undefined }) })] },
          { target: 'choosing', description: 'The job was cancelled (here or in another tab): the file chooser shows with the notice', actions: assign({ job: null, problem: { title: importMessages.cancelled } }) },
        ],
      },
      states: {
        deciding: {
          description: 'The job as the upload or the reload found it.',
          always: [
            { guard: ({ context }) => context.job!.state === 'queued', target: 'waiting', description: 'It waits its turn' },
            { target: 'running', description: 'It runs' },
          ],
        },
        waiting: {
          description: 'Waiting for the imports before it ("Waiting for 1 import before it"), with Cancel.',
          on: { 'import.cancel': { target: 'cancelling', description: 'The administrator cancels the waiting import' } },
        },
        running: {
          description: 'Reading and checking the rows, counted live, with Cancel; or writing, which is finished whole.',
          on: { 'import.cancel': { target: 'cancelling', description: 'The administrator cancels the running import (refused once it has started writing)' } },
        },
        cancelling: {
          description: 'The cancel is asked for.',
          invoke: {
            src: 'cancelJob',
            input: ({ context }) => ({ jobId: context.job!.id }),
            onDone: { description: 'The answer is the job as it stands: cancelled, or still writing (finished whole)', actions: raise(({ event }) => ({ type: 'import.job' as const, job: event.output })) },
            onError: { target: 'running', description: 'The cancel could not be asked for: the job is followed on, the reason shows', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    reviewing: {
      description: 'The answer of the dry run.',
      initial: 'diff',
      on: { 'import.again': { target: 'choosing', description: 'The administrator chooses another file', actions: 'startOver' } },
      states: {
        diff: {
          description: 'What the import would change, with Import (when the file is still chosen: not after a reload) and Choose another file; beyond the change threshold, the figure in words and the tick "I have checked these changes".',
          on: {
            'import.largeChecked': { description: 'The administrator ticks (or unticks) "I have checked these changes"', actions: assign({ largeChecked: ({ event }) => event.checked }) },
            'import.confirm': { guard: 'importable', target: '#academyImport.uploading', description: 'The administrator presses Import (a change beyond the threshold ticked as checked): the file goes up again to be written, confirmed', actions: { type: 'startSending', params: { step: 'apply' } } },
          },
        },
        problems: { description: 'Every problem of the file by sheet, row and column; nothing was written. Fix the file and choose it again.' },
        nothing: { description: 'The academy already holds everything the file says: nothing to import.' },
      },
    },
    done: {
      description: 'What was imported, per kind, with Import another file.',
      on: { 'import.again': { target: 'choosing', description: 'The administrator imports another file', actions: 'startOver' } },
    },
    failed: {
      description: 'The reason of the failure, Try again (while the file is still chosen) and Choose another file.',
      on: {
        'import.retry': [
          { guard: ({ context }) => context.file === null, description: 'Try again after a reload: the file must be chosen again', actions: assign({ problem: { title: importMessages.noFile } }) },
          { target: 'uploading', description: 'Try again: the file is sent again, for the same step', actions: { type: 'startSending', params: ({ context }) => ({ step: context.step }) } },
        ],
        'import.again': { target: 'choosing', description: 'The administrator chooses another file', actions: 'startOver' },
      },
    },
  },
});
