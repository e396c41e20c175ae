// The results of one exam assignment for the teacher desk (staff sessions only; a teacher only for the
// courses they teach, else 403 notYourCourse): the batch's merit list with the places the students'
// merit list shows, one student's result as the student sees it, and the list as a CSV or XLSX sheet.
// A live exam's results open once they are published (409 resultsNotPublished before); a practice
// exam's at once, as for its students. Paths are relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { Binary, Data, failures, IdParams, Nullable, type RouteContract } from './common';
import { GpaFactor } from './exams';
import { MeritRow, StudentResult } from './results';
import { StaffAssignment } from './staff';
import { staffResultsPaths } from './paths';

/**
 * One submitted student of the batch: the students' merit-list row (its place in the exam's list over
 * every published batch, ties sharing a rank 1, 2, 2, 4; marks after negative marks) with who the
 * student is, the teacher's marks of written answers, and pass or fail.
 */
export const StaffMeritRow = Type.Composite([
  Type.Omit(MeritRow, ['studentId', 'isMe']),
  Type.Object({
    studentId: Type.String(),
    name: Type.String(),
    /** The roll (sid). */
    sid: Type.String(),
    groupName: Type.String(),
    /** The teacher's marks of the written answers; null when none was marked. */
    writtenMarks: Nullable(Type.Number()),
    totalMarks: Type.Number(),
    passed: Type.Boolean(),
  }),
]);
export type StaffMeritRow = Static<typeof StaffMeritRow>;

export const StaffMeritList = Type.Object({
  assignment: StaffAssignment,
  exam: Type.Object({ totalMarks: Type.Number(), passMark: Type.Number(), negativeMark: Type.Number(), gpaFactor: Nullable(GpaFactor) }),
  /** Every ranked result of the exam (every published batch): what the positions are out of. */
  rankedInExam: Type.Number(),
  /** The batch's submitted students by place. */
  rows: Type.Array(StaffMeritRow),
  /** The batch's answer-key challenges of the exam (any status): the desk links to them as 'Challenges (N)'. */
  challenges: Type.Integer({ minimum: 0 }),
});
export type StaffMeritList = Static<typeof StaffMeritList>;

export const ResultsSheetQuery = Type.Object({ format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]) }, { additionalProperties: false });
export type ResultsSheetQuery = Static<typeof ResultsSheetQuery>;

export const staffResultsContract = {
  meritList: {
    method: 'GET',
    url: staffResultsPaths.meritList,
    config: { access: 'staff', staff: { course: 'assignment', from: 'params.assignmentId' } },
    // 404 for an unknown assignment; 409 resultsNotPublished for a live exam before publication.
    schema: { params: IdParams('assignmentId'), response: { 200: Data(StaffMeritList), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['assignmentNotFound'], 409: ['resultsNotPublished'] }) } },
  },
  studentResult: {
    method: 'GET',
    url: staffResultsPaths.studentResult,
    config: { access: 'staff', staff: { course: 'assignment', from: 'params.assignmentId' } },
    // The result the student sees; 404 studentResultNotFound when the student has no result in this batch.
    schema: { params: IdParams('assignmentId', 'studentId'), response: { 200: Data(StudentResult), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['assignmentNotFound', 'studentResultNotFound', 'examNotFound', 'examRemoved'], 409: ['resultsNotPublished', 'resultNotReady'] }) } },
  },
  sheet: {
    method: 'GET',
    url: staffResultsPaths.sheet,
    config: { access: 'staff', staff: { course: 'assignment', from: 'params.assignmentId' } },
    // The merit list's rows as a sheet to save (CSV with a byte order mark, or XLSX); the same refusals.
    schema: {
      params: IdParams('assignmentId'),
      querystring: ResultsSheetQuery,
      response: { 200: Binary('text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), ...failures(400, 401, { 403: ['notYourCourse'], 404: ['assignmentNotFound'], 409: ['resultsNotPublished'] }) },
    },
  },
} satisfies Record<string, RouteContract>;
