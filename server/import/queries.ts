// The importer's own reads and writes beyond the diff (server/import/diff.ts): the academy's names for
// sheets that name things as people see them, and the history of imports with their undo.
import type { Insertable, Kysely } from 'kysely';
import type { Database, ImportRunsTable } from '../db/schema.js';
import type { AcademyNames } from './names.js';

export async function loadNames(db: Kysely<Database>): Promise<AcademyNames> {
  const [courses, subjects, batches, chapters] = await Promise.all([
    db.selectFrom('courses').select(['id', 'name']).execute(),
    db.selectFrom('subjects').select(['id', 'name', 'course_id']).execute(),
    db.selectFrom('groups').select(['id', 'name', 'course_id']).execute(),
    db.selectFrom('items').select(['id', 'name', 'subject_id']).where('item_type', '=', 'chapter').execute(),
  ]);
  return {
    courses: courses.map((c) => ({ id: c.id, name: c.name ?? c.id })),
    subjects: subjects.map((s) => ({ id: s.id, name: s.name ?? s.id, owner: s.course_id })),
    batches: batches.map((b) => ({ id: b.id, name: b.name, owner: b.course_id })),
    chapters: chapters.map((c) => ({ id: c.id, name: c.name, owner: c.subject_id })),
  };
}

// ---------------------------------------------------------------------------------------------------
// Import history and undo (history.ts)

/* eslint-disable @typescript-eslint/no-explicit-any -- the undo plan names its tables at run time */
type AnyDb = Kysely<any>;
export type Key = Record<string, string>;

/** The rows of a table, to weigh an import's changes against (the change threshold). */
export async function rowCount(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const row = (await (db as unknown as AnyDb).selectFrom(table).select((eb: any) => eb.fn.countAll().as('n')).executeTakeFirst()) as { n?: unknown } | undefined;
  return Number(row?.n ?? 0);
}

export async function insertRun(trx: Kysely<Database>, run: Insertable<ImportRunsTable>): Promise<void> {
  await trx.insertInto('import_runs').values(run).execute();
}

export const runById = (db: Kysely<Database>, id: string) => db.selectFrom('import_runs').selectAll().where('id', '=', id).executeTakeFirst();

export const recentRuns = (db: Kysely<Database>, limit: number) =>
  db.selectFrom('import_runs').select(['id', 'job_id', 'staff_id', 'by_name', 'file_name', 'checksum', 'created_at', 'counts', 'summary', 'undone_at', 'undone_by'])
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();

export async function markUndone(trx: Kysely<Database>, id: string, at: string, by: string): Promise<boolean> {
  const result = await trx.updateTable('import_runs').set({ undone_at: at, undone_by: by }).where('id', '=', id).where('undone_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export const staffName = async (db: Kysely<Database>, id: string) => (await db.selectFrom('staff').select('name').where('id', '=', id).executeTakeFirst())?.name;

/** A row's current values, by its key. */
export const rowOf = async (db: Kysely<Database>, table: string, key: Key) => {
  let query = (db as unknown as AnyDb).selectFrom(table).selectAll();
  for (const [column, value] of Object.entries(key)) query = query.where(column, '=', value);
  return (await query.executeTakeFirst()) as Record<string, unknown> | undefined;
};

export async function deleteRow(trx: Kysely<Database>, table: string, key: Key): Promise<void> {
  let query = (trx as unknown as AnyDb).deleteFrom(table);
  for (const [column, value] of Object.entries(key)) query = query.where(column, '=', value);
  await query.execute();
}

export async function setRow(trx: Kysely<Database>, table: string, key: Key, values: Record<string, unknown>): Promise<void> {
  let query = (trx as unknown as AnyDb).updateTable(table).set(values);
  for (const [column, value] of Object.entries(key)) query = query.where(column, '=', value);
  await query.execute();
}

export async function insertRowIfMissing(trx: Kysely<Database>, table: string, row: Key): Promise<void> {
  if (!(await rowOf(trx, table, row))) await (trx as unknown as AnyDb).insertInto(table).values(row).execute();
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Attempts started on these exams since a time: an undo leaves the exams students sat as they are. */
export async function attemptsSince(db: Kysely<Database>, examIds: string[], since: string) {
  if (!examIds.length) return [];
  return db.selectFrom('attempts').innerJoin('exams', 'exams.id', 'attempts.exam_id').select(['exams.title', (eb) => eb.fn.countAll<number>().as('n')])
    .where('attempts.exam_id', 'in', examIds).where('attempts.started_at', '>=', since).groupBy('exams.title').execute();
}

/** Students among these who have signed in or sat an exam. */
export async function studentsWhoActed(db: Kysely<Database>, studentIds: string[]) {
  if (!studentIds.length) return [];
  return db.selectFrom('students').select(['name', 'username']).where('id', 'in', studentIds)
    .where((eb) => eb.or([
      eb.exists(eb.selectFrom('sessions').select('id_hash').whereRef('sessions.user_id', '=', 'students.id').where('sessions.user_kind', '=', 'student')),
      eb.exists(eb.selectFrom('attempts').select('id').whereRef('attempts.student_id', '=', 'students.id')),
    ])).execute();
}

/** Contents among these that students completed, and chapters among these the forum asks about. */
export async function contentUsed(db: Kysely<Database>, contentIds: string[], itemIds: string[]): Promise<{ completed: number; asked: number }> {
  const contents = [...contentIds, ...(itemIds.length ? (await db.selectFrom('contents').select('id').where('item_id', 'in', itemIds).execute()).map((c) => c.id) : [])];
  const completed = contents.length ? Number((await db.selectFrom('completions').select((eb) => eb.fn.countAll<number>().as('n')).where('content_id', 'in', contents).executeTakeFirstOrThrow()).n) : 0;
  const asked = itemIds.length ? Number((await db.selectFrom('forum_questions').select((eb) => eb.fn.countAll<number>().as('n')).where('chapter_id', 'in', itemIds).executeTakeFirstOrThrow()).n) : 0;
  return { completed, asked };
}

/** What points at rows an undo removes without being part of the import: notices to added students, questions on added chapters. */
export async function detachForUndo(trx: Kysely<Database>, studentIds: string[], chapterIds: string[], now: string): Promise<void> {
  if (studentIds.length) {
    await trx.deleteFrom('student_notifications').where('student_id', 'in', studentIds).execute();
    await trx.deleteFrom('group_members').where('student_id', 'in', studentIds).execute();
  }
  if (chapterIds.length) {
    const exams = (await trx.selectFrom('questions').select('exam_id').distinct().where('chapter_id', 'in', chapterIds).execute()).map((q) => q.exam_id);
    await trx.updateTable('questions').set({ chapter_id: null }).where('chapter_id', 'in', chapterIds).execute();
    if (exams.length) await trx.updateTable('exams').set({ created_at: now }).where('id', 'in', exams).execute();
  }
}

/** Exams whose papers an undo changed get a new stamp, so every server prepares them again (server/exams/paper-cache.ts). */
export async function restampExams(trx: Kysely<Database>, examIds: string[], now: string): Promise<void> {
  if (examIds.length) await trx.updateTable('exams').set({ created_at: now }).where('id', 'in', examIds).execute();
}

/** Whether a student signs in with this phone already. */
export const phoneTaken = async (db: Kysely<Database>, phone: string) => Boolean(await db.selectFrom('students').select('id').where('username', '=', `88${phone}`).executeTakeFirst());
