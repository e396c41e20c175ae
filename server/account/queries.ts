// Kysely queries of the account area.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Student } from '../db/schema.js';
import { newId } from '../ids.js';

export const findStudentByUsername = (db: Kysely<Database>, username: string): Promise<Student | undefined> =>
  db.selectFrom('students').selectAll().where('username', '=', username).executeTakeFirst();

export const findStaffByUsername = (db: Kysely<Database>, username: string) =>
  db.selectFrom('staff').selectAll().where('username', '=', username).executeTakeFirst();

/** A roll number for a newcomer: 'MA-' and six digits, unused so far. */
export async function freeSid(db: Kysely<Database>): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const sid = `MA-${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
    const taken = await db.selectFrom('students').select('id').where('sid', '=', sid).executeTakeFirst();
    if (!taken) return sid;
  }
  throw new Error('No free roll number found');
}

/**
 * Gives the registered number its password: a newcomer gets a new row (named by the number until
 * the academy fills in the name; in no batch), a student imported without a password gets it set.
 * Returns false when the number already has a password.
 */
export async function registerStudent(db: Kysely<Database>, input: { username: string; localPhone: string; passwordHash: string; now: Date }): Promise<boolean> {
  const existing = await findStudentByUsername(db, input.username);
  if (existing) {
    const updated = await db
      .updateTable('students')
      .set({ password_hash: input.passwordHash })
      .where('id', '=', existing.id)
      .where('password_hash', 'is', null)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }
  await db
    .insertInto('students')
    .values({
      id: newId(),
      name: input.localPhone,
      sid: await freeSid(db),
      username: input.username,
      contact: null,
      session: null,
      branch_name: null,
      branch_division: null,
      profile_pic: null,
      ssc_gpa: null,
      hsc_gpa: null,
      password_hash: input.passwordHash,
      created_at: input.now.toISOString(),
    })
    .execute();
  return true;
}

export async function setStudentPassword(db: Kysely<Database>, studentId: string, passwordHash: string): Promise<void> {
  await db.updateTable('students').set({ password_hash: passwordHash }).where('id', '=', studentId).execute();
}

/** Signs a student out everywhere: after a password reset, old sessions must not outlive it. */
export async function revokeAllSessions(db: Kysely<Database>, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export async function updateProfile(
  db: Kysely<Database>,
  studentId: string,
  changes: { ssc_gpa: number; hsc_gpa: number; profile_pic?: string },
): Promise<void> {
  await db.updateTable('students').set(changes).where('id', '=', studentId).execute();
}

/** The batches a student is in, with their courses, for the Student object. */
export const groupsOfStudent = (db: Kysely<Database>, studentId: string) =>
  db
    .selectFrom('group_members')
    .innerJoin('groups', 'groups.id', 'group_members.group_id')
    .innerJoin('courses', 'courses.id', 'groups.course_id')
    .select(['groups.id as groupId', 'groups.name as groupName', 'courses.id as courseId', 'courses.name as courseName', 'courses.position as coursePosition'])
    .where('group_members.student_id', '=', studentId)
    .orderBy('courses.position')
    .orderBy('groups.name')
    .orderBy('groups.id')
    .execute();
