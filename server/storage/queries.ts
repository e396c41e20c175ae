// Kysely queries of the storage area: one row per uploaded file, naming its type, size and owner.
import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, StoredFilesTable } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';

export const findStoredFile = (db: Kysely<Database>, key: string) => db.selectFrom('stored_files').selectAll().where('key', '=', key).executeTakeFirst();

export async function insertStoredFile(db: Kysely<Database>, file: Insertable<StoredFilesTable>): Promise<void> {
  await db.insertInto('stored_files').values(file).execute();
}

export async function deleteStoredFile(db: Kysely<Database>, key: string): Promise<void> {
  await db.deleteFrom('stored_files').where('key', '=', key).execute();
}

/** How many of the given keys are files this owner uploaded. */
export async function ownedFileCount(db: Kysely<Database>, ownerId: string, keys: string[]): Promise<number> {
  const rows = await db.selectFrom('stored_files').select('key').where('key', 'in', keys).where('owner_id', '=', ownerId).execute();
  return rows.length;
}

export interface OwnerUsage {
  /** Whether the owner is a student (quota and rate apply to students). */
  student: boolean;
  /** Bytes of every file the owner has stored. */
  bytes: number;
  /** Times (ISO) of the owner's files stored since the start of the rate window, oldest first. */
  recent: string[];
}

export async function ownerUsage(db: Kysely<Database>, ownerId: string, windowStart: string): Promise<OwnerUsage> {
  const [student, total, recent] = await Promise.all([
    db.selectFrom('students').select('id').where('id', '=', ownerId).executeTakeFirst(),
    db.selectFrom('stored_files').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('size'), eb.lit(0)).as('bytes')).where('owner_id', '=', ownerId).executeTakeFirstOrThrow(),
    db.selectFrom('stored_files').select('created_at').where('owner_id', '=', ownerId).where('created_at', '>', windowStart).orderBy('created_at').execute(),
  ]);
  return { student: Boolean(student), bytes: Number(total.bytes), recent: recent.map((row) => row.created_at) };
}

/**
 * Records a stored file when `allowed(usage)` says so, in one transaction: on PostgreSQL the owner's
 * uploads are serialised by an advisory lock (SQLite runs one writer at a time already), so parallel
 * uploads cannot together pass a limit each of them passes alone.
 */
export async function claimStoredFile<R>(
  db: Kysely<Database>,
  dialect: Dialect,
  file: Insertable<StoredFilesTable>,
  windowStart: string,
  refusal: (usage: OwnerUsage) => R | null,
): Promise<R | null> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`uploads:${file.owner_id}`}))`.execute(trx);
    const refused = refusal(await ownerUsage(trx, file.owner_id, windowStart));
    if (refused !== null) return refused;
    await trx.insertInto('stored_files').values(file).execute();
    return null;
  });
}
