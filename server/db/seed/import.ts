// The academy importer lives in server/import/; the demo seed reaches it through here.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';

export { importAcademy } from '../../import/index.js';

export { BundleError } from '../../import/problems.js';
export { validateBundle } from '../../import/validate.js';
export { readBundle } from '../../import/read.js';

export async function databaseIsEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const students = await db.selectFrom('students').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0) === 0 && Number(students?.n ?? 0) === 0;
}
