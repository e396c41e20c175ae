// The desk's batches and students (contracts: src/contracts/staffBatches.ts). Teachers read the batches
// of their courses; administrators also add a student by phone (a new phone's account is made by the
// importer, without a password), remove one (attempts and results stay) and send a password-reset
// code through the same code sender, limits and SMS transport as the student's own request.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql, type Kysely } from 'kysely';
import type { Database, Staff, Student } from '../db/schema.js';
import { staffBatchesContract, type BatchStudent, type StaffBatch, type StaffStudentPage, type StudentExam } from '../../src/contracts/staffBatches.js';
import { fromApiPhone, isValidPhone, PHONE_MESSAGES, toApiPhone } from '../../src/domain/phone.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { coursesOf } from './access.js';
import { findStudentByUsername, freeSid } from '../account/queries.js';
import { otpSender } from '../account/otp-sender.js';
import { importAcademy } from '../import/index.js';
import { scoreboard } from '../results/projections.js';
import { depsOf } from '../deps.js';
import { recordActivity } from '../activity/record.js';

export const STUDENTS_PAGE_SIZE = 50;

export const batchErrors = {
  batchNotFound: () => notFound('No such batch.', 'batchNotFound', 'The batch may have been removed by an import.'),
  studentNotFound: () => notFound('No such student.', 'studentNotFound'),
  nameMissing: () => badRequest("Please enter the student's name.", 'nameMissing', 'This phone number has no account yet: a name is needed to make one.'),
  alreadyInBatch: (name: string, batch: string) => conflict('This student is already in the batch.', 'alreadyInBatch', `${name} is in ${batch} already.`),
  notInBatch: () => notFound('This student is not in the batch.', 'notInBatch', 'They may have been removed already.'),
};

/** The local 11-digit number of a typed phone (with or without 88), or a 400 with the spec's words. */
function typedPhone(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') throw badRequest(PHONE_MESSAGES.missing, 'phoneMissing');
  const local = fromApiPhone(trimmed);
  if (!isValidPhone(local)) throw badRequest(PHONE_MESSAGES.invalid, 'phoneInvalid', 'A mobile number has 11 digits and starts with 013 to 019.');
  return local;
}

function batchesQuery(db: Kysely<Database>) {
  return db
    .selectFrom('groups as g')
    .leftJoin('courses as c', 'c.id', 'g.course_id')
    .select((eb) => [
      'g.id', 'g.name', 'g.course_id', 'c.name as course_name',
      eb.selectFrom('group_members as gm').select((m) => m.fn.countAll<number>().as('n')).whereRef('gm.group_id', '=', 'g.id').as('students'),
    ]);
}

type BatchRow = { id: string; name: string; course_id: string; course_name: string | null; students: number | string | null };
const batchView = (row: BatchRow): StaffBatch => ({ _id: row.id, name: row.name, courseId: row.course_id, courseName: row.course_name, students: Number(row.students ?? 0) });

export async function batchesOf(db: Kysely<Database>, courseIds: string[] | null): Promise<StaffBatch[]> {
  if (courseIds !== null && courseIds.length === 0) return [];
  let query = batchesQuery(db);
  if (courseIds !== null) query = query.where('g.course_id', 'in', courseIds);
  const rows = await query.orderBy('c.position').orderBy('c.name').orderBy('g.name').orderBy('g.id').execute();
  return rows.map(batchView);
}

async function batchOf(db: Kysely<Database>, batchId: string): Promise<StaffBatch> {
  const row = await batchesQuery(db).where('g.id', '=', batchId).executeTakeFirst();
  if (!row) throw batchErrors.batchNotFound();
  return batchView(row);
}

const studentView = (s: Pick<Student, 'id' | 'name' | 'sid' | 'username' | 'password_hash'>): BatchStudent => ({
  _id: s.id, name: s.name, sid: s.sid, phone: fromApiPhone(s.username), hasPassword: s.password_hash !== null,
});

/** `%` and `_` typed by the staff are letters, not wildcards. */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function batchStudents(db: Kysely<Database>, batchId: string, query: { search: string; page: number; limit: number }) {
  let members = db
    .selectFrom('group_members as gm')
    .innerJoin('students as s', 's.id', 'gm.student_id')
    .where('gm.group_id', '=', batchId);
  const search = query.search.trim();
  if (search) {
    const pattern = likePattern(search);
    members = members.where(sql<boolean>`(lower(s.name) like ${pattern} escape '\\' or s.username like ${pattern} escape '\\' or lower(s.sid) like ${pattern} escape '\\')`);
  }
  const [rows, count] = await Promise.all([
    members.select(['s.id', 's.name', 's.sid', 's.username', 's.password_hash']).orderBy('s.name').orderBy('s.id').limit(query.limit).offset((query.page - 1) * query.limit).execute(),
    members.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { students: rows.map(studentView), total: Number(count?.n ?? 0) };
}

/** Adds the student with this phone to the batch; a new phone's account is made by the importer. */
async function addStudent(app: FastifyInstance, staff: Staff, batch: StaffBatch, body: { phone: string; name?: string; roll?: string }) {
  const local = typedPhone(body.phone);
  const username = toApiPhone(local);
  const logAdded = (db: Kysely<Database>, student: { id: string; name: string }, created: boolean) =>
    recordActivity(db, { at: app.clock.now(), staff, kind: 'studentAdded', summary: `Added ${student.name} (${local}) to ${batch.name}${created ? ' with a new account' : ''}`, courseId: batch.courseId, subjectId: student.id });
  let existing = await findStudentByUsername(app.db, username);
  if (!existing) {
    const name = (body.name ?? '').trim();
    if (!name) throw batchErrors.nameMissing();
    const sid = (body.roll ?? '').trim() || (await freeSid(app.db));
    try {
      await importAcademy(app.db, { students: [{ name, sid, phone: local, groups: [batch._id] }] }, { now: app.clock.now() });
    } catch (error) {
      // Another administrator made the account meanwhile: it is then an existing student.
      existing = await findStudentByUsername(app.db, username);
      if (!existing) throw error;
    }
    if (!existing) {
      const made = (await findStudentByUsername(app.db, username))!;
      // The importer commits the account in its own transaction; the entry follows it at once.
      await logAdded(app.db, made, true);
      return {
        student: studentView(made),
        created: true,
        message: `${made.name} was added to ${batch.name} with a new account. They have no password yet: on first sign-in they tap "Create an account", enter ${local} and choose a password with the one-time code sent to that phone.`,
      };
    }
  }
  const student = existing;
  const added = await app.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('group_members')
      .values({ group_id: batch._id, student_id: student.id })
      .onConflict((oc) => oc.columns(['group_id', 'student_id']).doNothing())
      .executeTakeFirst();
    const done = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    if (done) await logAdded(trx, student, false);
    return done;
  });
  if (!added) throw batchErrors.alreadyInBatch(existing.name, batch.name);
  return { student: studentView(existing), created: false, message: `${existing.name} (${local}) was added to ${batch.name}.` };
}

async function studentPage(app: FastifyInstance, staff: Staff, studentId: string): Promise<StaffStudentPage> {
  const student = await app.db.selectFrom('students').selectAll().where('id', '=', studentId).executeTakeFirst();
  if (!student) throw batchErrors.studentNotFound();
  const courses = await coursesOf(app.db, staff);
  const mine = (courseId: string) => courses === null || courses.includes(courseId);
  const memberships = await app.db.selectFrom('group_members').select('group_id').where('student_id', '=', studentId).execute();
  const all = await Promise.all(memberships.map((m) => batchOf(app.db, m.group_id)));
  const batches = all.filter((b) => mine(b.courseId)).sort((a, b) => (a.courseName ?? '').localeCompare(b.courseName ?? '') || a.name.localeCompare(b.name));
  // A teacher sees the students of their courses' batches only (the route's declared access refused
  // the others before this).
  const attempts = await app.db
    .selectFrom('attempts as a')
    .innerJoin('exams as e', 'e.id', 'a.exam_id')
    .leftJoin('courses as c', 'c.id', 'e.course_id')
    .leftJoin('groups as g', 'g.id', 'a.group_id')
    .select(['a.id', 'a.exam_id', 'a.group_id', sql<string>`a.submitted_at`.as('submitted_at'), 'e.title', 'e.is_practice', 'e.course_id', 'c.name as course_name', 'g.name as group_name'])
    .where('a.student_id', '=', studentId)
    .where('a.submitted_at', 'is not', null)
    .where('a.superseded_at', 'is', null)
    .orderBy('a.submitted_at', 'desc')
    .orderBy('a.id', 'desc')
    .execute();
  // The results exactly as the student's own scoreboard shows them: published live exams and practice exams.
  const visible = (await scoreboard(depsOf(app), student, undefined)).results.examResult;
  const resultOf = new Map(visible.map((r) => [`${r.examId._id}:${r.groupId}`, r]));
  const exams: StudentExam[] = attempts.filter((a) => mine(a.course_id)).map((a) => ({
    attemptId: a.id,
    examId: a.exam_id,
    title: a.title,
    isPracticeExam: Number(a.is_practice) === 1,
    courseName: a.course_name,
    groupId: a.group_id,
    groupName: a.group_name,
    submittedAt: a.submitted_at,
    result: resultOf.get(`${a.exam_id}:${a.group_id}`) ?? null,
  }));
  return {
    student: {
      _id: student.id, name: student.name, sid: student.sid, phone: fromApiPhone(student.username), contact: student.contact, session: student.session,
      branch: [student.branch_name, student.branch_division].filter(Boolean).join(', ') || null,
      sscGpa: student.ssc_gpa, hscGpa: student.hsc_gpa, hasPassword: student.password_hash !== null, createdAt: student.created_at,
    },
    batches,
    exams,
    canManage: staff.role === 'admin',
  };
}

export async function staffBatchRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const codes = otpSender(app);

  app.route({ ...staffBatchesContract.batches, handler: async (request) => {
    const batches = await batchesOf(app.db, await coursesOf(app.db, request.staff));
    return { data: { batches, canManage: request.staff.role === 'admin' } };
  } });

  app.route({ ...staffBatchesContract.batchStudents, handler: async (request) => {
    const batch = await batchOf(app.db, request.params.batchId);
    const { search = '', page = 1, limit = STUDENTS_PAGE_SIZE } = request.query;
    const found = await batchStudents(app.db, batch._id, { search, page, limit });
    return { data: { batch, ...found, page, limit, canManage: request.staff.role === 'admin' } };
  } });

  app.route({ ...staffBatchesContract.addStudent, handler: async (request) => {
    const batch = await batchOf(app.db, request.params.batchId);
    return { data: await addStudent(app, request.staff, batch, request.body) };
  } });

  app.route({ ...staffBatchesContract.removeStudent, handler: async (request) => {
    const { batchId, studentId } = request.params;
    const batch = await batchOf(app.db, batchId);
    const student = await app.db.selectFrom('students').select(['id', 'name']).where('id', '=', studentId).executeTakeFirst();
    if (!student) throw batchErrors.studentNotFound();
    const removed = await app.db.transaction().execute(async (trx) => {
      const gone = await trx.deleteFrom('group_members').where('group_id', '=', batchId).where('student_id', '=', studentId).executeTakeFirst();
      if (Number(gone.numDeletedRows) === 0) return false;
      await recordActivity(trx, { at: app.clock.now(), staff: request.staff, kind: 'studentRemoved', summary: `Removed ${student.name} from ${batch.name}`, courseId: batch.courseId, subjectId: studentId });
      return true;
    });
    if (!removed) throw batchErrors.notInBatch();
    return { data: { batchId, studentId, message: `${student.name} was removed from ${batch.name}. Their exams and results stay.` } };
  } });

  app.route({ ...staffBatchesContract.student, handler: async (request) => {
    return { data: await studentPage(app, request.staff, request.params.studentId) };
  } });

  app.route({ ...staffBatchesContract.resetCode, handler: async (request, reply) => {
    const student = await app.db.selectFrom('students').select(['id', 'username', 'name']).where('id', '=', request.params.studentId).executeTakeFirst();
    if (!student) throw batchErrors.studentNotFound();
    const local = typedPhone(student.username);
    // The code goes by SMS only: what the sender returns (the request id, a development code) stays here.
    await codes.send(local, 'reset', reply, request.staff.id);
    // Logged once the code has gone: the text message cannot be part of a transaction.
    await recordActivity(app.db, { at: app.clock.now(), staff: request.staff, kind: 'resetCode', summary: `Sent a password-reset code to ${student.name} (${local})`, subjectId: student.id });
    return { data: { phone: local, message: `A password-reset code was sent to ${local}. Within 5 minutes the student opens "Forgot password" on the sign-in screen, enters this phone number and types the code.` } };
  } });
}
