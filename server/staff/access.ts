// Who on the staff may act on what: an admin acts on every course; a teacher only on the courses
// assigned to them (staff_courses, from the import). Every staff route asks here before acting.
import type { Kysely } from 'kysely';
import type { Database, Staff } from '../db/schema.js';
import { forbidden } from '../errors.js';

export const accessErrors = {
  notYourCourse: () => forbidden('You do not teach this course.', 'notYourCourse', 'Ask an administrator to assign you to the course.'),
};

/** The courses the staff member acts on; null means every course (an admin). */
export async function coursesOf(db: Kysely<Database>, staff: Staff): Promise<string[] | null> {
  if (staff.role === 'admin') return null;
  const rows = await db.selectFrom('staff_courses').select('course_id').where('staff_id', '=', staff.id).execute();
  return rows.map((r) => r.course_id);
}

/** Refuses with 403 unless the staff member acts on the course (a missing course is for the caller's 404). */
export async function assertTeaches(db: Kysely<Database>, staff: Staff, courseId: string | undefined): Promise<void> {
  if (courseId === undefined || staff.role === 'admin') return;
  const row = await db.selectFrom('staff_courses').select('course_id').where('staff_id', '=', staff.id).where('course_id', '=', courseId).executeTakeFirst();
  if (!row) throw accessErrors.notYourCourse();
}

/** The course of an exam assignment's exam. */
export async function assignmentCourse(db: Kysely<Database>, assignmentId: string): Promise<string | undefined> {
  const row = await db.selectFrom('exam_assignments as ea').innerJoin('exams as e', 'e.id', 'ea.exam_id').select('e.course_id').where('ea.id', '=', assignmentId).executeTakeFirst();
  return row?.course_id;
}

/** The course of an attempt's exam. */
export async function attemptCourse(db: Kysely<Database>, attemptId: string): Promise<string | undefined> {
  const row = await db.selectFrom('attempts as a').innerJoin('exams as e', 'e.id', 'a.exam_id').select('e.course_id').where('a.id', '=', attemptId).executeTakeFirst();
  return row?.course_id;
}
