// The results of one exam assignment for the teacher desk (contract: src/contracts/staffResults.ts):
// the batch's merit list with the places the students' merit list gives (read by the same query code,
// server/results/queries.ts), one student's result built by the students' own result code
// (server/results/projections.ts), and the list as a CSV or XLSX sheet.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readJson } from '../db/json.js';
import { conflict, notFound } from '../errors.js';
import { deskSheet, type SheetFile } from '../sheets.js';
import type { GpaFactor } from '../../src/contracts/exams.js';
import type { StudentResult } from '../../src/contracts/results.js';
import type { StaffAssignment } from '../../src/contracts/staff.js';
import type { StaffMeritList, StaffMeritRow } from '../../src/contracts/staffResults.js';
import { RESULTS_SHEET_COLUMNS, resultsFileName, resultsSheetCells } from '../../src/domain/staffResults.js';
import { finalizeExpiredAttempts, type ExamDeps } from '../exams/attempts.js';
import { staffAssignment } from './marking.js';
import { batchMeritRows, type BatchMeritRecord } from './queries.js';
import { batchChallenges } from './challengeCounts.js';
import { studentResult } from './projections.js';

export const staffResultsErrors = {
  notPublished: () =>
    conflict('The results of this exam are not published yet.', 'resultsNotPublished', 'The merit list and the results open here once the results of this exam are published.'),
  studentNotFound: () => notFound('This student has no result in this exam.', 'studentResultNotFound', 'Only the students of this batch who submitted the exam have a result.'),
};

/** The assignment, once its results are open: a live exam's after publication, a practice exam's at once. */
async function openAssignment(deps: ExamDeps, assignmentId: string): Promise<StaffAssignment> {
  let assignment = await staffAssignment(deps.db, assignmentId, deps.graceSeconds);
  if (!assignment.exam.isPracticeExam && !assignment.resultPublished) throw staffResultsErrors.notPublished();
  // A practice attempt whose time ran out counts once finished, as on the students' merit list.
  if (assignment.exam.isPracticeExam && (await finalizeExpiredAttempts(deps.db, { examId: assignment.exam._id }, deps.now, deps.graceSeconds))) {
    assignment = await staffAssignment(deps.db, assignmentId, deps.graceSeconds);
  }
  return assignment;
}

const meritRowView = (row: BatchMeritRecord): StaffMeritRow => ({
  position: row.position,
  rank: row.rank,
  studentId: row.student_id,
  name: row.name,
  sid: row.sid,
  groupName: row.group_name,
  facultyName: row.faculty,
  subjectName: row.subject_name,
  candidateCategory: row.candidate_category,
  marksObtained: Number(row.marks_obtained),
  negativeMarks: Number(row.negative_marks),
  writtenMarks: row.written_marks,
  totalWrongAnswer: Number(row.incorrect),
  gpaMarks: Number(row.gpa_marks),
  overall: Number(row.overall_marks),
  totalMarks: row.total_marks,
  passed: row.passed,
  facultyPosition: row.faculty_position,
  subjectPosition: row.subject_position,
  categoryPosition: row.category_position,
  startsAt: row.started_at,
  submittedAt: row.submitted_at,
});

async function examFigures(db: Kysely<Database>, examId: string): Promise<StaffMeritList['exam']> {
  const exam = await db.selectFrom('exams').select(['total_marks', 'pass_mark', 'negative_mark', 'gpa_factor']).where('id', '=', examId).executeTakeFirstOrThrow();
  return { totalMarks: Number(exam.total_marks), passMark: Number(exam.pass_mark), negativeMark: Number(exam.negative_mark), gpaFactor: readJson<GpaFactor | null>(exam.gpa_factor, null) };
}

/** The batch's submitted students by their place in the exam's merit list. */
export async function staffMeritList(deps: ExamDeps, assignmentId: string): Promise<StaffMeritList> {
  const assignment = await openAssignment(deps, assignmentId);
  const { rows, total } = await batchMeritRows(deps.db, { id: assignment.exam._id, is_practice: assignment.exam.isPracticeExam ? 1 : 0 }, assignment.groupId);
  return {
    assignment, exam: await examFigures(deps.db, assignment.exam._id), rankedInExam: total, rows: rows.map(meritRowView), challenges: await batchChallenges(deps.db, assignment.exam._id, assignment.groupId),
  };
}

/** One student's result of the assignment, exactly as the student's Result screen reads it. */
export async function staffStudentResult(deps: ExamDeps, assignmentId: string, studentId: string): Promise<StudentResult> {
  const assignment = await openAssignment(deps, assignmentId);
  const submitted = await deps.db
    .selectFrom('results as r')
    .innerJoin('attempts as a', 'a.id', 'r.attempt_id')
    .select('r.id')
    .where('r.exam_id', '=', assignment.exam._id)
    .where('r.group_id', '=', assignment.groupId)
    .where('r.student_id', '=', studentId)
    .where('a.superseded_at', 'is', null)
    .executeTakeFirst();
  if (!submitted) throw staffResultsErrors.studentNotFound();
  const reply = await studentResult(deps, studentId, assignment.exam._id, assignment.groupId);
  if (reply.code !== null) throw staffResultsErrors.notPublished();
  return reply;
}

/** The merit list as a sheet, CSV or XLSX (server/sheets.ts). */
export function staffResultsSheet(list: StaffMeritList, format: 'csv' | 'xlsx'): Promise<SheetFile> {
  const rows = list.rows.map(resultsSheetCells);
  return deskSheet([{ name: 'Results', columns: RESULTS_SHEET_COLUMNS, rows }], format, resultsFileName(list.assignment.exam.title, list.assignment.groupName, format));
}
