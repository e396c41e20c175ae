// The desk's import (administrators only; a teacher gets 403): one file, a JSON bundle or an XLSX or
// CSV sheet, sent as its bytes. Without `apply` it is checked and compared with the academy (a dry
// run); with `apply=true` it is checked again and written. Problems are an answer, not a failure: the
// file was read, and every problem is listed with its place. Paths are relative to the API base (/api).
//
// The upload answers at once (202) with the import's job: the file is checked (and written) by a job
// runner one import at a time (server/jobs), and the desk follows the job (its live events, or GET)
// until its outcome. A job's outcome is the one truth: an import the desk saw fail was never written.
import { Type, type Static } from '@sinclair/typebox';
import { Binary, Data, failures, IdParams, Nullable, type RouteContract } from './common';
import { staffPaths } from './paths';
import { TEMPLATE_KINDS, type TemplateKind } from './importColumns';

export const ImportQuery = Type.Object(
  {
    /** The file's name: its ending says how it is read (.xlsx, .csv, .json), and problems name it. */
    name: Type.String({ minLength: 1, maxLength: 200 }),
    apply: Type.Optional(Type.Boolean()),
    /** The administrator confirms changes beyond the change threshold (IMPORT_CHANGE_THRESHOLD). */
    confirmLarge: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ImportQuery = Static<typeof ImportQuery>;

export const ImportProblem = Type.Object({
  file: Type.Optional(Type.String()),
  sheet: Type.Optional(Type.String()),
  row: Type.Optional(Type.Number()),
  column: Type.Optional(Type.String()),
  /** The bundle field (/exams/0/questions/2/answer). */
  field: Type.String(),
  message: Type.String(),
});
export type ImportProblem = Static<typeof ImportProblem>;

export const ImportChange = Type.Object({
  id: Type.String(),
  label: Type.String(),
  action: Type.Union([Type.Literal('added'), Type.Literal('updated'), Type.Literal('removed')]),
  fields: Type.Optional(Type.Array(Type.String())),
});
export type ImportChange = Static<typeof ImportChange>;

export const ImportKind = Type.Object({
  kind: Type.String(),
  added: Type.Number(),
  updated: Type.Number(),
  unchanged: Type.Number(),
  removed: Type.Number(),
  /** The first changes of the kind (at most IMPORT_CHANGES_SHOWN); the counts cover them all. */
  changes: Type.Array(ImportChange),
});
export type ImportKind = Static<typeof ImportKind>;

export const IMPORT_CHANGES_SHOWN = 200;

export const LargeChange = Type.Object({
  /** The kind, as people say it: "students", "exam schedules". */
  kind: Type.String(),
  changed: Type.Number(),
  existing: Type.Number(),
  percent: Type.Number(),
});
export type LargeChange = Static<typeof LargeChange>;

export const ImportResult = Type.Object({
  /** Whether this answer wrote the changes (apply=true and no problems). */
  applied: Type.Boolean(),
  /** Whether the file changes (or would change) anything. */
  changed: Type.Boolean(),
  kinds: Type.Array(ImportKind),
  /** Every problem; when there is one, nothing was written. */
  problems: Type.Array(ImportProblem),
  /** What changes, in people's words: "adds Weekly Live Test: Renal to MBBS 2026 Morning Batch, 03 Dec 2026 | 10:00 am – 12:00 pm, 20 questions". */
  summary: Type.Optional(Type.Array(Type.String())),
  /** Kinds of which the file updates or removes more of the academy's rows than the change threshold: it is imported only when confirmed. */
  large: Type.Optional(Type.Array(LargeChange)),
  /** The import's entry in the history, once written (for its undo). */
  importId: Type.Optional(Nullable(Type.String())),
});
export type ImportResult = Static<typeof ImportResult>;

export const ImportJobState = Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed'), Type.Literal('cancelled')]);
export type ImportJobState = Static<typeof ImportJobState>;

/** Where a running import stands: reading the file, checking its rows, writing them. */
export const ImportPhase = Type.Union([Type.Literal('waiting'), Type.Literal('reading'), Type.Literal('checking'), Type.Literal('writing')]);
export type ImportPhase = Static<typeof ImportPhase>;

export const ImportJob = Type.Object({
  id: Type.String(),
  /** The file's name. */
  name: Type.String(),
  /** Whether the job writes the file (else it is a dry run). */
  apply: Type.Boolean(),
  state: ImportJobState,
  /** Imports waiting or running before this one; 0 once it runs. */
  ahead: Type.Number(),
  phase: ImportPhase,
  /** Rows of the file read: being checked, or written. */
  rows: Type.Number(),
  /** The import has started writing: it can no longer be cancelled, and it is finished whole. */
  writing: Type.Boolean(),
  createdAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  /** The answer of a job that is done: what was (or would be) changed, or every problem. */
  outcome: Nullable(ImportResult),
  /** Why a failed job failed, in plain words; nothing of it was written. */
  failure: Nullable(Type.String()),
});
export type ImportJob = Static<typeof ImportJob>;

/** One import that wrote, as the history lists it. */
export const ImportRun = Type.Object({
  id: Type.String(),
  /** Who imported: the administrator's name, or "the command line". */
  by: Type.String(),
  fileName: Type.String(),
  /** SHA-256 of the file's bytes, to tell which version of a file it was. */
  checksum: Type.String(),
  createdAt: Type.String(),
  counts: Type.Array(Type.Object({ kind: Type.String(), added: Type.Number(), updated: Type.Number(), removed: Type.Number() })),
  /** What it changed, in people's words. */
  summary: Type.Array(Type.String()),
  undoneAt: Nullable(Type.String()),
  undoneBy: Nullable(Type.String()),
});
export type ImportRun = Static<typeof ImportRun>;

export { TEMPLATE_KINDS, type TemplateKind };
export const TemplateQuery = Type.Object({ kind: Type.Union(TEMPLATE_KINDS.map((k) => Type.Literal(k))) }, { additionalProperties: false });

/** How many imports may wait at once; the next upload is refused until one has run. */
export const IMPORTS_WAITING_MAX = 5;

const JobParams = IdParams('jobId');
const jobFailures = failures(400, 401, { 403: ['adminsOnly'], 404: ['importJobNotFound'] });

export const importContract = {
  check: {
    method: 'POST',
    url: staffPaths.import,
    config: { access: 'staff', staff: { admin: 'Importing content is for administrators only.' } },
    schema: { querystring: ImportQuery, response: { 202: Data(ImportJob), ...failures(401, { 400: ['importFileType', 'importEmpty'], 403: ['adminsOnly'], 409: ['importsWaiting'], 413: ['fileTooLarge'] }) } },
  },
  /** The administrator's import jobs of the last day, newest first: a reload finds the running one. */
  jobs: {
    method: 'GET',
    url: staffPaths.importJobs,
    config: { access: 'staff', staff: { admin: 'Importing content is for administrators only.' } },
    schema: { response: { 200: Data(Type.Array(ImportJob)), ...failures(401, { 403: ['adminsOnly'] }) } },
  },
  job: {
    method: 'GET',
    url: staffPaths.importJob,
    config: { access: 'staff', staff: { admin: 'Importing content is for administrators only.' } },
    schema: { params: JobParams, response: { 200: Data(ImportJob), ...jobFailures } },
  },
  /**
   * Cancels a waiting or running import at once. One that has started writing is finished whole
   * instead: the answer is the job as it stands (`writing`), and its outcome comes as for any job.
   */
  cancel: {
    method: 'POST',
    url: staffPaths.importJobCancel,
    config: { access: 'staff', staff: { admin: 'Importing content is for administrators only.' } },
    schema: { params: JobParams, response: { 200: Data(ImportJob), ...jobFailures } },
  },
  /** A template sheet built from the academy's own courses, subjects, chapters and batches (server/import/templates.ts). */
  template: {
    method: 'GET',
    url: staffPaths.importTemplate,
    config: { access: 'staff', staff: { admin: 'Importing content is for administrators only.' } },
    schema: { querystring: TemplateQuery, response: { 200: Binary('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), ...failures(400, 401, { 403: ['adminsOnly'] }) } },
  },
  /** The imports that wrote, newest first (the last 50). */
  history: {
    method: 'GET',
    url: staffPaths.importHistory,
    config: { access: 'staff', staff: { admin: 'Importing content is for administrators only.' } },
    schema: { response: { 200: Data(Type.Array(ImportRun)), ...failures(401, { 403: ['adminsOnly'] }) } },
  },
  /**
   * Undoes an import in one transaction: what it added is removed, what it updated gets its earlier
   * values. Refused (409 importUndoRefused, the reason in words) where students acted on it since.
   */
  undo: {
    method: 'POST',
    url: staffPaths.importUndo,
    config: { access: 'staff', staff: { admin: 'Importing content is for administrators only.' } },
    schema: { params: IdParams('importId'), response: { 200: Data(ImportRun), ...failures(400, 401, { 403: ['adminsOnly'], 404: ['importNotFound'], 409: ['importUndoRefused'] }) } },
  },
} satisfies Record<string, RouteContract>;
