// The desk's import (administrators only; a teacher gets 403): one file, a JSON bundle or an XLSX or
// CSV sheet, sent as its bytes. Without `apply` it is checked and compared with the academy (a dry
// run); with `apply=true` it is checked again and written. Problems are an answer, not a failure: the
// file was read, and every problem is listed with its place. Paths are relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { Data, failures, type RouteContract } from './common';
import { staffPaths } from './paths';

export const ImportQuery = Type.Object(
  {
    /** The file's name: its ending says how it is read (.xlsx, .csv, .json), and problems name it. */
    name: Type.String({ minLength: 1, maxLength: 200 }),
    apply: Type.Optional(Type.Boolean()),
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

export const ImportResult = Type.Object({
  /** Whether this answer wrote the changes (apply=true and no problems). */
  applied: Type.Boolean(),
  /** Whether the file changes (or would change) anything. */
  changed: Type.Boolean(),
  kinds: Type.Array(ImportKind),
  /** Every problem; when there is one, nothing was written. */
  problems: Type.Array(ImportProblem),
});
export type ImportResult = Static<typeof ImportResult>;

export const importContract = {
  check: {
    method: 'POST',
    url: staffPaths.import,
    config: { access: 'staff' },
    schema: { querystring: ImportQuery, response: { 200: Data(ImportResult), ...failures(401, { 400: ['importFileType', 'importEmpty'], 403: ['adminOnly'], 413: ['fileTooLarge'] }) } },
  },
} satisfies Record<string, RouteContract>;
