// The desk's batches and students (staff sessions only; a student gets 403): the batches with their
// course and student count, one batch's students (searched and paged), adding a student by phone and
// removing one, a student's page (profile, batches, exams with results as the student sees them) and
// a password-reset code sent to the student's phone. Paths are relative to the API base (/api).
// Roles: a teacher reads the batches of the courses assigned to them (others: 403 notYourCourse);
// only an administrator adds, removes or sends a code (a teacher: 403 'Only administrators can …',
// code adminsOnly). Every answer says `canManage` so the desk offers only what the server allows.
import { Type, type Static } from '@sinclair/typebox';
import { BoundedInteger, Data, failures, IdParams, Nullable, type RouteContract } from './common';
import { ScoreboardRow } from './results';
import { staffBatchesPaths } from './paths';

export const StaffBatch = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  courseId: Type.String(),
  courseName: Nullable(Type.String()),
  /** Students in the batch now. */
  students: Type.Integer({ minimum: 0 }),
});
export type StaffBatch = Static<typeof StaffBatch>;

export const StaffBatchList = Type.Object({
  /** By course, then name. */
  batches: Type.Array(StaffBatch),
  /** True for an administrator: students may be added and removed. */
  canManage: Type.Boolean(),
});
export type StaffBatchList = Static<typeof StaffBatchList>;

/** A student as the desk lists them; `phone` is the 11-digit local number. */
export const BatchStudent = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  /** The roll number. */
  sid: Type.String(),
  phone: Type.String(),
  /** False until the student sets a password (by a one-time code on first sign-in). */
  hasPassword: Type.Boolean(),
});
export type BatchStudent = Static<typeof BatchStudent>;

/** Paging is by page number: a batch of thousands is read one page at a time, by name. */
export const BatchStudentsQuery = Type.Object(
  {
    /** Part of the name, phone or roll; case does not matter. */
    search: Type.Optional(Type.String({ maxLength: 100 })),
    page: Type.Optional(BoundedInteger(1, 100_000)),
    limit: Type.Optional(BoundedInteger(1, 100)),
  },
  { additionalProperties: false },
);
export type BatchStudentsQuery = Static<typeof BatchStudentsQuery>;

export const BatchStudentsPage = Type.Object({
  batch: StaffBatch,
  students: Type.Array(BatchStudent),
  /** Students matching the search (all of the batch without one). */
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
  canManage: Type.Boolean(),
});
export type BatchStudentsPage = Static<typeof BatchStudentsPage>;

/**
 * Adds a student by phone (local 11 digits, or with the 88 prefix). A phone with an account is that
 * student (name and roll are then not used); a new phone needs a name, and the account is made by the
 * importer without a password: the student sets one by a one-time code on first sign-in. The server
 * checks the fields itself so every refusal is in plain words.
 */
export const AddBatchStudentBody = Type.Object(
  {
    phone: Type.String({ maxLength: 40 }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    roll: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type AddBatchStudentBody = Static<typeof AddBatchStudentBody>;

export const AddBatchStudentReply = Type.Object({
  student: BatchStudent,
  /** True when the phone had no account and one was made. */
  created: Type.Boolean(),
  /** What the desk tells the administrator, in plain words. */
  message: Type.String(),
});
export type AddBatchStudentReply = Static<typeof AddBatchStudentReply>;

export const RemoveBatchStudentReply = Type.Object({ batchId: Type.String(), studentId: Type.String(), message: Type.String() });
export type RemoveBatchStudentReply = Static<typeof RemoveBatchStudentReply>;

/** An exam the student submitted; `result` as the student sees it, or null until its results are published. */
export const StudentExam = Type.Object({
  attemptId: Type.String(),
  examId: Type.String(),
  title: Type.String(),
  isPracticeExam: Type.Boolean(),
  courseName: Nullable(Type.String()),
  groupId: Type.String(),
  groupName: Nullable(Type.String()),
  submittedAt: Type.String(),
  result: Nullable(ScoreboardRow),
});
export type StudentExam = Static<typeof StudentExam>;

export const StaffStudentPage = Type.Object({
  student: Type.Object({
    _id: Type.String(),
    name: Type.String(),
    sid: Type.String(),
    phone: Type.String(),
    contact: Nullable(Type.String()),
    session: Nullable(Type.String()),
    branch: Nullable(Type.String()),
    sscGpa: Nullable(Type.Number()),
    hscGpa: Nullable(Type.Number()),
    hasPassword: Type.Boolean(),
    createdAt: Type.String(),
  }),
  /** The student's batches (a teacher sees those of their courses). */
  batches: Type.Array(StaffBatch),
  /** Newest first (a teacher sees those of their courses). */
  exams: Type.Array(StudentExam),
  canManage: Type.Boolean(),
});
export type StaffStudentPage = Static<typeof StaffStudentPage>;

export const ResetCodeReply = Type.Object({
  /** The local number the code went to; the code itself never leaves the server. */
  phone: Type.String(),
  message: Type.String(),
});
export type ResetCodeReply = Static<typeof ResetCodeReply>;

export const staffBatchesContract = {
  batches: {
    method: 'GET',
    url: staffBatchesPaths.batches,
    config: { access: 'staff', staff: 'ownCourses' },
    schema: { response: { 200: Data(StaffBatchList), ...failures(401, 403) } },
  },
  batchStudents: {
    method: 'GET',
    url: staffBatchesPaths.batchStudents,
    config: { access: 'staff', staff: { course: 'batch', from: 'params.batchId' } },
    schema: { params: IdParams('batchId'), querystring: BatchStudentsQuery, response: { 200: Data(BatchStudentsPage), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['batchNotFound'] }) } },
  },
  addStudent: {
    method: 'POST',
    url: staffBatchesPaths.batchStudents,
    config: { access: 'staff', staff: { admin: 'Only administrators can add students to a batch.' } },
    // 409 alreadyInBatch for a student who is in the batch already.
    schema: { params: IdParams('batchId'), body: AddBatchStudentBody, response: { 200: Data(AddBatchStudentReply), ...failures(401, { 400: ['phoneMissing', 'phoneInvalid', 'nameMissing'], 403: ['adminsOnly'], 404: ['batchNotFound'], 409: ['alreadyInBatch'] }) } },
  },
  removeStudent: {
    method: 'DELETE',
    url: staffBatchesPaths.batchStudent,
    config: { access: 'staff', staff: { admin: 'Only administrators can remove students from a batch.' } },
    // The student's attempts and results stay; 404 notInBatch when they are not in it.
    schema: { params: IdParams('batchId', 'studentId'), response: { 200: Data(RemoveBatchStudentReply), ...failures(400, 401, { 403: ['adminsOnly'], 404: ['batchNotFound', 'studentNotFound', 'notInBatch'] }) } },
  },
  student: {
    method: 'GET',
    url: staffBatchesPaths.student,
    config: { access: 'staff', staff: { course: 'student', from: 'params.studentId' } },
    schema: { params: IdParams('studentId'), response: { 200: Data(StaffStudentPage), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['studentNotFound'] }) } },
  },
  resetCode: {
    method: 'POST',
    url: staffBatchesPaths.studentResetCode,
    config: { access: 'staff', staff: { admin: 'Only administrators can send a password-reset code.' } },
    // The same code, limits (429) and SMS sender as the student's own forgot-password request.
    schema: { params: IdParams('studentId'), response: { 200: Data(ResetCodeReply), ...failures(401, { 400: ['phoneMissing', 'phoneInvalid'], 403: ['adminsOnly'], 404: ['studentNotFound'], 429: ['otpSendBusy', 'otpSendLimit'], 502: ['smsFailed'] }) } },
  },
} satisfies Record<string, RouteContract>;
