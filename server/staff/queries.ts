// The staff area's SQL: which courses a staff member teaches, and the course of each record a staff
// route may name (server/staff/access.ts reads them for the routes' declared access).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

type Db = Kysely<Database>;

/** The courses assigned to a teacher (staff_courses, from the import). */
export async function taughtCourses(db: Db, staffId: string): Promise<string[]> {
  const rows = await db.selectFrom('staff_courses').select('course_id').where('staff_id', '=', staffId).execute();
  return rows.map((r) => r.course_id);
}

/** Whether the teacher teaches one of the courses. */
export async function teachesOneOf(db: Db, staffId: string, courseIds: readonly string[]): Promise<boolean> {
  if (courseIds.length === 0) return false;
  const row = await db.selectFrom('staff_courses').select('course_id').where('staff_id', '=', staffId).where('course_id', 'in', courseIds).executeTakeFirst();
  return row !== undefined;
}

/** The course of an exam assignment's exam. */
/** The course of a chapter, lecture or question-solve item. */
export async function itemCourse(db: Db, itemId: string): Promise<string | undefined> {
  const row = await db.selectFrom('items').innerJoin('subjects', 'subjects.id', 'items.subject_id').select('subjects.course_id').where('items.id', '=', itemId).executeTakeFirst();
  return row?.course_id;
}

/** The course of a lecture put in as a file. */
export async function lectureCourse(db: Db, lectureId: string): Promise<string | undefined> {
  const row = await db.selectFrom('lectures').select('course_id').where('id', '=', lectureId).executeTakeFirst();
  return row?.course_id;
}

export async function assignmentCourse(db: Db, assignmentId: string): Promise<string | undefined> {
  const row = await db.selectFrom('exam_assignments as ea').innerJoin('exams as e', 'e.id', 'ea.exam_id').select('e.course_id').where('ea.id', '=', assignmentId).executeTakeFirst();
  return row?.course_id;
}

/** The course of an attempt's exam. */
export async function attemptCourse(db: Db, attemptId: string): Promise<string | undefined> {
  const row = await db.selectFrom('attempts as a').innerJoin('exams as e', 'e.id', 'a.exam_id').select('e.course_id').where('a.id', '=', attemptId).executeTakeFirst();
  return row?.course_id;
}

/** The course of a batch. */
export async function batchCourse(db: Db, batchId: string): Promise<string | undefined> {
  const row = await db.selectFrom('groups').select('course_id').where('id', '=', batchId).executeTakeFirst();
  return row?.course_id;
}

/** The course of a forum question. */
export async function forumQuestionCourse(db: Db, questionId: string): Promise<string | undefined> {
  const row = await db.selectFrom('forum_questions').select('course_id').where('id', '=', questionId).executeTakeFirst();
  return row?.course_id;
}

/** The courses of a student's batches; undefined when there is no such student. */
export async function studentCourses(db: Db, studentId: string): Promise<string[] | undefined> {
  const student = await db.selectFrom('students').select('id').where('id', '=', studentId).executeTakeFirst();
  if (!student) return undefined;
  const rows = await db.selectFrom('group_members as gm').innerJoin('groups as g', 'g.id', 'gm.group_id').select('g.course_id').where('gm.student_id', '=', studentId).execute();
  return rows.map((r) => r.course_id);
}
