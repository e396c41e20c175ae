// The staff accounts' queries: the accounts with their courses, adding one, its courses, turning it
// off and on, its password, and the sessions that end with those changes.
import type { Kysely } from 'kysely';
import type { Database, Staff } from '../db/schema.js';

export const staffById = (db: Kysely<Database>, staffId: string) => db.selectFrom('staff').selectAll().where('id', '=', staffId).executeTakeFirst();

/** Usernames are compared without case: "Rahim" and "rahim" are one account. */
export const staffByUsername = (db: Kysely<Database>, username: string) =>
  db.selectFrom('staff').select('id').where((eb) => eb(eb.fn('lower', ['username']), '=', username.toLowerCase())).executeTakeFirst();

export const allStaff = (db: Kysely<Database>) => db.selectFrom('staff').selectAll().orderBy('role').orderBy('name').orderBy('id').execute();

export async function coursesTaught(db: Kysely<Database>, staffIds: string[]) {
  if (staffIds.length === 0) return [];
  return db
    .selectFrom('staff_courses as sc')
    .innerJoin('courses as c', 'c.id', 'sc.course_id')
    .select(['sc.staff_id', 'c.id', 'c.name'])
    .where('sc.staff_id', 'in', staffIds)
    .orderBy('c.position')
    .orderBy('c.name')
    .execute();
}

export const allCourses = (db: Kysely<Database>) => db.selectFrom('courses').select(['id', 'name']).orderBy('position').orderBy('name').orderBy('id').execute();

export const courseById = (db: Kysely<Database>, courseId: string) => db.selectFrom('courses').select(['id', 'name']).where('id', '=', courseId).executeTakeFirst();

export async function insertStaff(db: Kysely<Database>, staff: Staff, courseIds: string[]): Promise<void> {
  await db.insertInto('staff').values(staff).execute();
  if (courseIds.length > 0) await db.insertInto('staff_courses').values(courseIds.map((course_id) => ({ staff_id: staff.id, course_id }))).execute();
}

/** Gives a course; false when the teacher had it already. */
export async function giveCourse(db: Kysely<Database>, staffId: string, courseId: string): Promise<boolean> {
  const had = await db.selectFrom('staff_courses').select('course_id').where('staff_id', '=', staffId).where('course_id', '=', courseId).executeTakeFirst();
  if (had) return false;
  await db.insertInto('staff_courses').values({ staff_id: staffId, course_id: courseId }).execute();
  return true;
}

/** Takes a course away; false when the teacher did not have it. */
export async function takeCourse(db: Kysely<Database>, staffId: string, courseId: string): Promise<boolean> {
  const gone = await db.deleteFrom('staff_courses').where('staff_id', '=', staffId).where('course_id', '=', courseId).executeTakeFirst();
  return Number(gone.numDeletedRows) > 0;
}

export async function setDisabled(db: Kysely<Database>, staffId: string, disabledAt: string | null): Promise<void> {
  await db.updateTable('staff').set({ disabled_at: disabledAt }).where('id', '=', staffId).execute();
}

export async function setStaffPassword(db: Kysely<Database>, staffId: string, passwordHash: string): Promise<void> {
  await db.updateTable('staff').set({ password_hash: passwordHash }).where('id', '=', staffId).execute();
}

/** Ends the live sessions of a staff member (all but `keep`, a session hash): the hashes ended. */
export async function endStaffSessions(db: Kysely<Database>, staffId: string, now: Date, keep: string | null = null): Promise<string[]> {
  let live = db
    .selectFrom('sessions')
    .select('id_hash')
    .where('user_id', '=', staffId)
    .where('user_kind', '=', 'staff')
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now.toISOString());
  if (keep) live = live.where('id_hash', '!=', keep);
  const hashes = (await live.execute()).map((r) => r.id_hash);
  for (let at = 0; at < hashes.length; at += 500) {
    await db.updateTable('sessions').set({ revoked_at: now.toISOString() }).where('id_hash', 'in', hashes.slice(at, at + 500)).execute();
  }
  return hashes;
}
