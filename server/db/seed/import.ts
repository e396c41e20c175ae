// The academy importer lives in server/import/; the seed and older callers reach it through here.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { importAcademy, type ImportOptions, type ImportReport } from '../../import/index.js';

export { BundleError } from '../../import/problems.js';
export { validateBundle } from '../../import/validate.js';
export { readBundle } from '../../import/read.js';

/** Imports a bundle (checked whole, then written in short transactions) and returns the report. */
export const importBundle = (db: Kysely<Database>, input: unknown, options: ImportOptions): Promise<ImportReport> => importAcademy(db, input, options);

export async function databaseIsEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const students = await db.selectFrom('students').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0) === 0 && Number(students?.n ?? 0) === 0;
}
