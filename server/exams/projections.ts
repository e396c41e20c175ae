// What the exam routes answer, built from the area's queries: a course's exam list after the
// student's filters, the title prompt of the search box, and an exam's details (the paper).
import { examCardState } from '../../src/domain/examTiming.js';
import { fullMarks } from '../../src/domain/scoring.js';
import type { CurrentExam, ExamAssignment, GpaFactor } from '../../src/contracts/exams.js';
import { readJson } from '../db/json.js';
import { attemptExpired, finalizeExpiredAttempts, type ExamDeps } from './attempts.js';
import {
  assignmentsForCourse, currentAttempt, savedAnswersOf, segmentedDetailsOf, segmentedSelectionOf, servedQuestions, subjectNames,
  type AssignmentListRow, type ExamContext,
} from './queries.js';
import { batchName, preparedPaper } from './paper-cache.js';
import { cleanStoredRichText } from '../richText.js';

export interface ListFilters {
  isPracticeExam?: boolean;
  /** '' or absent: every subject. */
  subjectId?: string;
  search?: string;
}

/** The subjects an exam belongs to: its own subject and, for a segmented exam, every subject it offers. */
function subjectIdsOf(row: AssignmentListRow): string[] {
  const details = segmentedDetailsOf(row.exam);
  const fromDetails = details ? [...details.mandatorySubjects, ...details.compulsoryOptionalSubjects, ...details.optionalSubjects].map((s) => s.subjectId) : [];
  return row.exam.subject_id ? [row.exam.subject_id, ...fromDetails] : fromDetails;
}

/** The student's exams of a course after the subject, practice/live and title filters. */
async function filteredAssignments(deps: ExamDeps, studentId: string, courseId: string, filters: ListFilters): Promise<AssignmentListRow[]> {
  const rows = await assignmentsForCourse(deps.db, studentId, courseId);
  const needle = filters.search?.trim().toLowerCase() ?? '';
  return rows.filter((row) => {
    if (filters.isPracticeExam !== undefined && (row.exam.is_practice === 1) !== filters.isPracticeExam) return false;
    if (filters.subjectId && !subjectIdsOf(row).includes(filters.subjectId)) return false;
    if (needle && !row.exam.title.toLowerCase().includes(needle)) return false;
    return true;
  });
}

/** An assignment as the list answers it. */
function assignmentView(row: AssignmentListRow, names: Map<string, string>, instruction: string | null): ExamAssignment {
  const details = segmentedDetailsOf(row.exam);
  const subjectName = [...new Set(subjectIdsOf(row))].map((id) => names.get(id) ?? '').filter(Boolean).join(', ');
  return {
    examId: {
      _id: row.exam.id,
      title: row.exam.title,
      subjectId: row.exam.subject_id,
      subjectName: subjectName || null,
      courseId: row.exam.course_id,
      isPracticeExam: row.exam.is_practice === 1,
      isSegmentedExam: row.exam.is_segmented === 1,
      instruction,
      questionCount: details ? details.totalQuestions : row.questionCount,
      totalMarks: row.exam.total_marks,
      segmentedExamDetails: details,
    },
    groupId: row.assignment.group_id,
    groupName: row.groupName,
    startsAt: row.assignment.starts_at,
    endsAt: row.assignment.ends_at,
    duration: row.assignment.duration,
    cutMarks: row.assignment.cut_marks,
    multipleTimesSubmission: row.assignment.multiple_times_submission === 1,
    studentStartsAt: row.attempt?.started_at ?? null,
    submittedAt: row.attempt?.submitted_at ?? null,
    resultPublished: row.exam.is_practice === 1 || Number(row.assignment.result_published) === 1,
  };
}

const isFinished = (exam: ExamAssignment, now: Date): boolean =>
  examCardState({ ...exam, isPracticeExam: exam.examId.isPracticeExam }, now.getTime()) === 'finished';

/**
 * The exams of a course: previous ones newest first, upcoming ones soonest first. Attempts whose time
 * ran out are finished first, so their cards read as finished.
 */
export async function examList(deps: ExamDeps, studentId: string, courseId: string, filters: ListFilters & { type?: 'previous' | 'upcoming' | '' }): Promise<ExamAssignment[]> {
  let rows = await filteredAssignments(deps, studentId, courseId, filters);
  // The list reads its attempts with its assignments; only when one of them ran out is anything finished (then read again).
  if (rows.some((row) => row.attempt && attemptExpired(row.attempt, deps.now, deps.graceSeconds))) {
    await finalizeExpiredAttempts(deps.db, { studentId }, deps.now, deps.graceSeconds);
    rows = await filteredAssignments(deps, studentId, courseId, filters);
  }
  const names = await subjectNames(deps.db, rows.flatMap(subjectIdsOf));
  const exams = await Promise.all(rows.map(async (row) => assignmentView(row, names, await cleanStoredRichText(row.exam.instruction))));
  const chosen = filters.type ? exams.filter((exam) => isFinished(exam, deps.now) === (filters.type === 'previous')) : exams;
  return chosen.sort((a, b) => (filters.type === 'upcoming' ? a.startsAt.localeCompare(b.startsAt) : b.startsAt.localeCompare(a.startsAt)));
}

/** The title the search box suggests: the newest exam whose title starts with the text, else the newest containing it. */
export async function namePrompt(deps: ExamDeps, studentId: string, courseId: string, filters: ListFilters): Promise<string> {
  const search = filters.search?.trim() ?? '';
  if (search.length <= 1) return '';
  const rows = await filteredAssignments(deps, studentId, courseId, { ...filters, search });
  rows.sort((a, b) => b.assignment.starts_at.localeCompare(a.assignment.starts_at));
  const lower = search.toLowerCase();
  const match = rows.find((row) => row.exam.title.toLowerCase().startsWith(lower)) ?? rows[0];
  return match?.exam.title ?? '';
}

/**
 * The exam as the live exam screen reads it. Questions stay on the server until the student's own
 * attempt has started: reading the paper must start the clock (start itself is refused before the
 * exam opens). An attempt whose time ran out is finished first.
 */
export async function examDetails(deps: ExamDeps, context: ExamContext, studentId: string): Promise<CurrentExam> {
  const { db, now } = deps;
  // Only an attempt whose time and grace ran out is finished first (known from the context, without asking the database).
  if (context.attempt && attemptExpired(context.attempt, now, deps.graceSeconds) && (await finalizeExpiredAttempts(db, { examId: context.exam.id, studentId }, now, deps.graceSeconds)) > 0) {
    context = { ...context, attempt: await currentAttempt(db, context.exam.id, context.assignment.group_id, studentId) };
  }
  const { exam, assignment, attempt } = context;
  const details = segmentedDetailsOf(exam);
  const selection = details ? await segmentedSelectionOf(db, exam.id, studentId) : null;
  const paper = await preparedPaper(db, exam);
  const served = servedQuestions(exam, paper.questions, selection);
  const names = paper.subjectNames;
  const open = attempt !== null;
  const totalMarks = details && !selection ? exam.total_marks : fullMarks(served);
  return {
    _id: exam.id,
    title: exam.title,
    instruction: await cleanStoredRichText(exam.instruction),
    subjectId: exam.subject_id,
    subjectName: exam.subject_id ? (names.get(exam.subject_id) ?? null) : null,
    questions: open ? served.map((q) => paper.publicQuestions.get(q.id)!) : [],
    totalMarks,
    passMark: exam.pass_mark,
    negativeMark: exam.negative_mark,
    gpaFactor: readJson<GpaFactor | null>(exam.gpa_factor, null),
    isPracticeExam: exam.is_practice === 1,
    isSegmentedExam: exam.is_segmented === 1,
    segmentedExamDetails: details,
    selectedSubjects: selection,
    studentStartsAt: attempt?.started_at ?? null,
    deadlineAt: attempt?.deadline_at ?? null,
    serverNow: now.toISOString(),
    courseName: paper.courseName,
    courseId: exam.course_id,
    groupId: assignment.group_id,
    groupName: await batchName(db, paper, assignment.group_id),
    startsAt: assignment.starts_at,
    endsAt: assignment.ends_at,
    duration: assignment.duration,
    cutMarks: assignment.cut_marks,
    multipleTimesSubmission: assignment.multiple_times_submission === 1,
    submittedAt: attempt?.submitted_at ?? null,
    savedAnswers: !attempt ? [] : context.savedAnswers?.attemptId === attempt.id ? context.savedAnswers.answers : await savedAnswersOf(db, attempt.id),
  };
}
