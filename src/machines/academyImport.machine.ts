// The desk's Import page (administrators): choose a sheet or bundle, send it for a dry run (its bytes
// go up with a progress bar, then the server checks it), review what would change or every problem
// by row, confirm, and the same file is sent again and written; then the result. A failed request
// keeps the step it failed at, and Try again repeats that step.
import { assign, fromPromise, setup } from 'xstate';
import type { ImportResult } from '../contracts/import';
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
  /** The last answer: the dry run's diff or problems, or the applied result. */
  result: ImportResult | null;
  /** Why the last request failed, or why a chosen file cannot be sent. */
  problem: { title: string; description?: string } | null;
  /** Which step Try again repeats. */
  step: 'check' | 'apply';
}

export type AcademyImportEvent =
  | { type: 'import.choose'; file: ImportFile }
  | { type: 'import.check' }
  | { type: 'import.progress'; sent: number; total: number }
  | { type: 'import.confirm' }
  | { type: 'import.again' }
  | { type: 'import.retry' };

export const importMessages = {
  fileType: 'Choose an XLSX or CSV sheet or a JSON bundle.',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  empty: 'The file is empty.',
  noFile: 'Choose a file first.',
} as const;

/** Why a file cannot be sent, or null. */
export function fileProblem(file: ImportFile): string | null {
  if (!IMPORT_FILE_TYPES.some((ending) => file.name.toLowerCase().endsWith(ending))) return importMessages.fileType;
  if (file.size === 0) return importMessages.empty;
  if (file.size > IMPORT_MAX_BYTES) return importMessages.tooLarge;
  return null;
}

export const academyImportMachine = setup({
  types: {} as { context: AcademyImportContext; events: AcademyImportEvent },
  actors: {
    sendFile: fromPromise<ImportResult, { file: ImportFile; apply: boolean }>(async () => {
      throw new Error('provide sendFile');
    }),
  },
  guards: {
    sendable: (_, params: { file: ImportFile }) => fileProblem(params.file) === null,
    hasFile: ({ context }) => context.file !== null,
    allSent: (_, params: { sent: number; total: number }) => params.sent >= params.total,
    hasProblems: (_, params: { result: ImportResult }) => params.result.problems.length > 0,
    failedApplying: ({ context }) => context.step === 'apply',
    unchanged: (_, params: { result: ImportResult }) => !params.result.changed,
  },
  actions: {
    startSending: assign({ progress: null, problem: null, step: (_, params: { step: 'check' | 'apply' }) => params.step }),
    keepProgress: assign({ progress: (_, params: { sent: number; total: number }) => ({ sent: params.sent, total: params.total }) }),
    keepResult: assign({ result: (_, params: { result: ImportResult }) => params.result }),
    keepFailure: assign({ problem: (_, params: { error: unknown }) => failureWords(params.error) }),
    startOver: assign({ file: null, progress: null, result: null, problem: null, step: 'check' as const }),
  },
}).createMachine({
  id: 'academyImport',
  description: "The desk's Import page: an administrator sends a sheet or bundle for a dry run, reviews the changes or the problems by row, confirms, and sees the result.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: the desk\'s import of exams, students and content from sheets (administrators)' },
  context: { file: null, progress: null, result: null, problem: null, step: 'check' },
  initial: 'choosing',
  states: {
    choosing: {
      description: 'The file chooser with the kinds of file taken, and Check.',
      on: {
        'import.choose': [
          { guard: { type: 'sendable', params: ({ event }) => ({ file: event.file }) }, description: 'The administrator chooses an XLSX, CSV or JSON file', actions: assign({ file: ({ event }) => event.file, problem: null }) },
          { description: 'A file of another kind, empty or too large: the reason shows and it is not kept', actions: assign({ file: null, problem: ({ event }) => ({ title: fileProblem(event.file)! }) }) },
        ],
        'import.check': [
          { guard: 'hasFile', target: 'checking', description: 'The administrator presses Check: the file goes up for a dry run' },
          { description: "Check without a file: 'Choose a file first.' shows", actions: assign({ problem: { title: importMessages.noFile } }) },
        ],
      },
    },
    checking: {
      description: 'The dry run of the chosen file.',
      tags: ['busy'],
      entry: { type: 'startSending', params: { step: 'check' } },
      initial: 'uploading',
      states: {
        uploading: {
          description: 'The bytes of the file go up; the progress bar shows how many.',
          on: { 'import.progress': [
            { guard: { type: 'allSent', params: ({ event }) => event }, target: 'reading', description: 'The last byte is sent: the server reads the file', actions: { type: 'keepProgress', params: ({ event }) => event } },
            { description: 'More bytes are sent', actions: { type: 'keepProgress', params: ({ event }) => event } },
          ] },
        },
        reading: { description: 'The server reads the file, checks it whole and compares it with the academy; nothing is written.' },
      },
      invoke: {
        src: 'sendFile',
        input: ({ context }) => ({ file: context.file!, apply: false }),
        onDone: [
          { guard: { type: 'hasProblems', params: ({ event }) => ({ result: event.output }) }, target: 'reviewing.problems', description: 'The file has problems: every one shows with its sheet, row and column', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
          { guard: { type: 'unchanged', params: ({ event }) => ({ result: event.output }) }, target: 'reviewing.nothing', description: 'The academy already holds all of it: nothing to import', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
          { target: 'reviewing.diff', description: 'The changes show per kind: added, updated (with the fields), unchanged', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'failed', description: 'The check failed (offline, server, session): the reason shows with Try again', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    reviewing: {
      description: 'The answer of the dry run.',
      initial: 'diff',
      on: { 'import.again': { target: 'choosing', description: 'The administrator chooses another file', actions: 'startOver' } },
      states: {
        diff: {
          description: 'What the import would change, with Import and Choose another file.',
          on: { 'import.confirm': { target: '#academyImport.applying', description: 'The administrator presses Import: the file goes up again to be written' } },
        },
        problems: { description: 'Every problem of the file by sheet, row and column; nothing was written. Fix the file and choose it again.' },
        nothing: { description: 'The academy already holds everything the file says: nothing to import.' },
      },
    },
    applying: {
      description: 'The confirmed import of the file.',
      tags: ['busy'],
      entry: { type: 'startSending', params: { step: 'apply' } },
      initial: 'uploading',
      states: {
        uploading: {
          description: 'The bytes of the file go up again; the progress bar shows how many.',
          on: { 'import.progress': [
            { guard: { type: 'allSent', params: ({ event }) => event }, target: 'writing', description: 'The last byte is sent: the server checks and writes', actions: { type: 'keepProgress', params: ({ event }) => event } },
            { description: 'More bytes are sent', actions: { type: 'keepProgress', params: ({ event }) => event } },
          ] },
        },
        writing: { description: 'The server checks the file again and writes it in one transaction.' },
      },
      invoke: {
        src: 'sendFile',
        input: ({ context }) => ({ file: context.file!, apply: true }),
        onDone: [
          { guard: { type: 'hasProblems', params: ({ event }) => ({ result: event.output }) }, target: 'reviewing.problems', description: 'The academy changed meanwhile (a student started the exam): the problems show, nothing was written', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
          { target: 'done', description: 'Imported: the result shows per kind', actions: { type: 'keepResult', params: ({ event }) => ({ result: event.output }) } },
        ],
        onError: { target: 'failed', description: 'The import failed (offline, server, session): the reason shows with Try again; nothing was written', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: {
      description: 'What was imported, per kind, with Import another file.',
      on: { 'import.again': { target: 'choosing', description: 'The administrator imports another file', actions: 'startOver' } },
    },
    failed: {
      description: 'The reason of the failure, Try again and Choose another file.',
      on: {
        'import.retry': [
          { guard: 'failedApplying', target: 'applying', description: 'Try again after a failed import: the file is sent again to be written' },
          { target: 'checking', description: 'Try again after a failed check: the file is sent again for a dry run' },
        ],
        'import.again': { target: 'choosing', description: 'The administrator chooses another file', actions: 'startOver' },
      },
    },
  },
});
