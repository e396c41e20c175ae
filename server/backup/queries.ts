// What a backup's checks read: whether a database holds an academy, and the counts of its main records.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

const COUNTED = ['students', 'staff', 'courses', 'groups', 'exams', 'questions', 'attempts', 'answers', 'results', 'forum_questions', 'activity'] as const;
export type AcademyCounts = Partial<Record<(typeof COUNTED)[number], number>>;

async function countOf(db: Kysely<Database>, table: string): Promise<number | null> {
  try {
    const rows = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    return Number(rows.rows[0]?.n ?? 0);
  } catch {
    // Not migrated yet (an empty database): the table is not there.
    return null;
  }
}

export async function academyCounts(db: Kysely<Database>): Promise<AcademyCounts> {
  const counts: AcademyCounts = {};
  for (const table of COUNTED) {
    const n = await countOf(db, table);
    if (n !== null) counts[table] = n;
  }
  return counts;
}

/** A database holds an academy once it has any student, staff member or course. */
export async function holdsAcademy(db: Kysely<Database>): Promise<boolean> {
  for (const table of ['students', 'staff', 'courses']) if (((await countOf(db, table)) ?? 0) > 0) return true;
  return false;
}

/** Takes a scheduled backup's slot; false when another process took it first. */
export async function claimBackupSlot(db: Kysely<Database>, row: { slot: string; started_at: string; file: string }): Promise<boolean> {
  const inserted = await db.insertInto('backups').values({ ...row, finished_at: null, bytes: null, failure: null }).onConflict((oc) => oc.column('slot').doNothing()).executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

export async function finishBackup(db: Kysely<Database>, slot: string, outcome: { finished_at: string; bytes: number | null; failure: string | null }): Promise<void> {
  await db.updateTable('backups').set(outcome).where('slot', '=', slot).execute();
}

export const lastBackups = (db: Kysely<Database>, limit: number) => db.selectFrom('backups').selectAll().orderBy('started_at', 'desc').limit(limit).execute();

export const lastGoodBackup = (db: Kysely<Database>) =>
  db.selectFrom('backups').selectAll().where('finished_at', 'is not', null).where('failure', 'is', null).orderBy('started_at', 'desc').limit(1).executeTakeFirst();

/** Forgets the rows of backups past the ones kept (their files are removed by the caller). */
export async function forgetBackups(db: Kysely<Database>, slots: string[]): Promise<void> {
  if (slots.length > 0) await db.deleteFrom('backups').where('slot', 'in', slots).execute();
}

/** The migrations a database has applied (0 for one that has none yet). */
export async function appliedMigrations(db: Kysely<Database>): Promise<number> {
  try {
    const rows = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(db);
    return Number(rows.rows[0]?.n ?? 0);
  } catch {
    return 0;
  }
}
