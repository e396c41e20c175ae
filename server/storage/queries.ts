// Kysely queries of the storage area: one row per uploaded file, naming its type, size and owner.
import type { Insertable, Kysely } from 'kysely';
import type { Database, StoredFilesTable } from '../db/schema.js';

export const findStoredFile = (db: Kysely<Database>, key: string) => db.selectFrom('stored_files').selectAll().where('key', '=', key).executeTakeFirst();

export async function insertStoredFile(db: Kysely<Database>, file: Insertable<StoredFilesTable>): Promise<void> {
  await db.insertInto('stored_files').values(file).execute();
}

/** How many of the given keys are files this owner uploaded. */
export async function ownedFileCount(db: Kysely<Database>, ownerId: string, keys: string[]): Promise<number> {
  const rows = await db.selectFrom('stored_files').select('key').where('key', 'in', keys).where('owner_id', '=', ownerId).execute();
  return rows.length;
}
