// Who on the staff may act on what: an admin acts on every course; a teacher only on the courses
// assigned to them (staff_courses, from the import). A staff route declares what it acts on in its
// contract (`config.staff`, src/contracts/common.ts: StaffAccess) and the one hook below checks it
// before the handler runs; no handler asks by hand. Routes declared 'ownCourses' keep to coursesOf.
import type { FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { CourseOwner, StaffAccess } from '../../src/contracts/common.js';
import type { Database, Staff } from '../db/schema.js';
import { forbidden } from '../errors.js';
import { assignmentCourse, attemptCourse, batchCourse, forumQuestionCourse, itemCourse, lectureCourse, studentCourses, taughtCourses, teachesOneOf } from './queries.js';

type Db = Kysely<Database>;

export const accessErrors = {
  notYourCourse: () => forbidden('You do not teach this course.', 'notYourCourse', 'Ask an administrator to assign you to the course.'),
};

/** The courses the staff member acts on; null means every course (an admin). */
export async function coursesOf(db: Db, staff: Staff): Promise<string[] | null> {
  return staff.role === 'admin' ? null : taughtCourses(db, staff.id);
}

const one = (course: Promise<string | undefined>) => course.then((id) => (id === undefined ? undefined : [id]));

/** The courses a record belongs to, by its kind; undefined when there is no such record (the handler's 404). */
const coursesOfRecord: Record<CourseOwner, (db: Db, id: string) => Promise<string[] | undefined>> = {
  assignment: (db, id) => one(assignmentCourse(db, id)),
  attempt: (db, id) => one(attemptCourse(db, id)),
  batch: (db, id) => one(batchCourse(db, id)),
  course: async (_db, id) => [id],
  forumQuestion: (db, id) => one(forumQuestionCourse(db, id)),
  item: (db, id) => one(itemCourse(db, id)),
  lecture: (db, id) => one(lectureCourse(db, id)),
  student: studentCourses,
};

/** The value a declaration names: `params.assignmentId`, `query.courseId`. */
function valueAt(request: FastifyRequest, from: string): string | undefined {
  const [where, name] = from.split('.') as ['params' | 'query', string];
  const value = (request[where] as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The check of a route declared for administrators: runs on request, after the session, before the body is read. */
export function adminCheck(access: StaffAccess | undefined): onRequestAsyncHookHandler | null {
  if (access === undefined || typeof access !== 'object' || !('admin' in access)) return null;
  return async (request) => {
    if (request.staff.role !== 'admin') throw forbidden(access.admin, 'adminsOnly', 'Ask an administrator of the academy.');
  };
}

/**
 * The check of a route's declared course, or null when the route declares no one course. Runs as a
 * preHandler: after the session (request.staff) and the request's validation, before the handler.
 */
export function courseCheck(db: () => Db, access: StaffAccess | undefined): preHandlerAsyncHookHandler | null {
  if (access === undefined || typeof access !== 'object' || !('course' in access)) return null;
  const lookup = coursesOfRecord[access.course];
  return async (request) => {
    if (request.staff.role === 'admin') return;
    const id = valueAt(request, access.from);
    if (id === undefined) return;
    const courses = await lookup(db(), id);
    if (courses === undefined) return;
    if (!(await teachesOneOf(db(), request.staff.id, courses))) throw accessErrors.notYourCourse();
  };
}
