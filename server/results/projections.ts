// What the results routes answer, built from the area's queries: a student's own result with every
// question, the scoreboard (whole or one page) and an exam's merit list. Scores come from the stored
// result, which the shared scoring module wrote (server/exams/grading.ts); nothing is scored here in
// another way.
import type { Kysely } from 'kysely';
import type { Database, Student } from '../db/schema.js';
import { readJson } from '../db/json.js';
import { conflict, badRequest } from '../errors.js';
import { MESSAGES } from '../../src/domain/messages.js';
import { gpaTotals, roundMarks, scoreQuestion, type QuestionScore } from '../../src/domain/scoring.js';
import { tallyQuestions } from '../../src/domain/results.js';
import type { AnswerValue, Attachment, GpaFactor } from '../../src/contracts/exams.js';
import type {
  MeritList, MeritRow, ResultAnswer, ResultReply, ReviewedQuestion, Scoreboard, ScoreboardPage, ScoreboardRow, ScoreboardStudent, ScoreboardSummary,
  StudentResult, SubjectStat,
} from '../../src/contracts/results.js';
import { MERIT_PAGE, SCOREBOARD_PAGE } from '../../src/contracts/results.js';
import { authorise, examErrors, finalizeExpiredAttempts, type ExamDeps } from '../exams/attempts.js';
import { courseName, currentAttempt, groupName, publicQuestion, scorableQuestion, servedQuestionsFor, subjectNames, type Exam, type QuestionRow } from '../exams/queries.js';
import {
  answersWithReviews, examOfStudent, groupsOfStudent, meritListPage, meritRanks, resultOfAttempt, scoreboardCursor, scoreboardRows, scoreboardTotals,
  type MeritRowRecord, type ScoreboardRecord,
} from './queries.js';
import { regradeInfoOf, regradesOf } from './regradeHistory.js';
import { studyPlaces, subjectStrengths } from './learning.js';
import type { StudyPlace } from '../../src/contracts/results.js';

export const resultErrors = {
  notSubmitted: () => conflict('You have not submitted this exam yet.', 'resultNotReady', 'A result shows once the exam is submitted or its time is over.'),
  notPublished: () => conflict(MESSAGES.resultNotPublished, 'notPublishedYet', MESSAGES.resultNotPublishedInfo),
  typeMismatch: () => badRequest('typeOfExam does not match the exam.', 'examTypeMismatch'),
  staleLastId: () => badRequest('The scoreboard changed since this page was read. Please reload it.', 'unknownLastId'),
};

/** The stored answer a result line reads: the answer and, on an exam's result, its attachments and the teacher's marking. */
export interface AnsweredRow {
  answer: string;
  extra?: string;
  review_marks?: number | null;
  review_comment?: string | null;
}

/**
 * One question's line on a result: the score stored at grading or, for a question without one (added after
 * grading), the shared scoring of the answer with its exam's negative mark; and the answer as given. The
 * student's result and the mistakes set's result both draw their questions with it.
 */
export function resultLine(q: QuestionRow, row: AnsweredRow | undefined, stored: QuestionScore | undefined, negativeMark: number): { score: QuestionScore; line: Omit<ResultAnswer, 'questionId'> } {
  const answer = row ? readJson<AnswerValue>(row.answer, []) : [];
  const extra = row?.extra ? readJson<Attachment[]>(row.extra, []) : [];
  const teacherMarks = row?.review_marks === null || row?.review_marks === undefined ? null : Number(row.review_marks);
  const score = stored ?? scoreQuestion(scorableQuestion(q), answer, negativeMark, extra.length, teacherMarks);
  return {
    score,
    line: {
      answer,
      extra,
      answered: score.answered,
      marks: score.marks,
      negativeMarks: score.negativeMarks,
      total: score.total,
      correct: score.correct,
      incorrect: score.incorrect,
      skipped: score.skipped,
      pendingReview: score.pendingReview,
      teacherMarks,
      teacherComment: row?.review_comment ?? null,
    },
  };
}

/** A question as the result shows it: with its key, explanation and notes (the student has submitted). */
export function reviewedQuestion(q: QuestionRow, names: Map<string, string>, study: Map<string, StudyPlace> = new Map()): ReviewedQuestion {
  return {
    ...publicQuestion(q, names),
    answer: readJson<AnswerValue>(q.answer, []),
    explanation: q.explanation,
    explanationExt: readJson<string[]>(q.explanation_ext, []),
    notes: q.notes,
    acceptedOptions: readJson<number[] | null>(q.accepted_options, null),
    dropped: Number(q.dropped) === 1,
    study: study.get(q.id) ?? null,
  };
}

/** Per-subject figures of a segmented exam, from the per-question scores. */
function subjectStats(questions: QuestionRow[], scores: Map<string, QuestionScore>, names: Map<string, string>): SubjectStat[] {
  const stats = new Map<string, Omit<SubjectStat, 'questionTally'> & { scores: QuestionScore[] }>();
  for (const q of questions) {
    const score = scores.get(q.id);
    if (!q.subject_id || !score) continue;
    const stat = stats.get(q.subject_id) ?? {
      subjectId: q.subject_id, subjectName: names.get(q.subject_id) ?? null, questions: 0, marksObtained: 0, negativeMarks: 0, totalMarks: 0, correct: 0, incorrect: 0, skipped: 0, scores: [],
    };
    stat.scores.push(score);
    stat.questions += 1;
    stat.marksObtained = roundMarks(stat.marksObtained + score.marks - score.negativeMarks);
    stat.negativeMarks = roundMarks(stat.negativeMarks + score.negativeMarks);
    stat.totalMarks = roundMarks(stat.totalMarks + score.total);
    stat.correct = roundMarks(stat.correct + score.correct);
    stat.incorrect = roundMarks(stat.incorrect + score.incorrect);
    stat.skipped = roundMarks(stat.skipped + score.skipped);
    stats.set(q.subject_id, stat);
  }
  return [...stats.values()].map(({ scores: subjectScores, ...stat }) => ({ ...stat, questionTally: tallyQuestions(subjectScores) }));
}

const gpaFactorOf = (exam: Pick<Exam, 'gpa_factor'>) => readJson<GpaFactor | null>(exam.gpa_factor, null);

/**
 * The student's own result of an exam in one of their batches. A live exam's result answers with
 * code notPublishedYet until its batch's results are published; an attempt whose time ran out is
 * finished first; an exam not yet submitted has no result (and no answer key leaves the server).
 */
export async function studentResult(deps: ExamDeps, studentId: string, examId: string, groupId: string): Promise<ResultReply> {
  const { db } = deps;
  const context = await authorise(db, studentId, examId, groupId, 404);
  const { exam, assignment } = context;
  let attempt = context.attempt;
  if (attempt && attempt.submitted_at === null && (await finalizeExpiredAttempts(db, { examId, studentId }, deps.now, deps.graceSeconds)) > 0) {
    attempt = await currentAttempt(db, examId, groupId, studentId);
  }
  if (!attempt || attempt.submitted_at === null) throw resultErrors.notSubmitted();
  if (exam.is_practice !== 1 && assignment.result_published !== 1) {
    return { code: 'notPublishedYet', title: exam.title, message: MESSAGES.resultNotPublished, examId, groupId };
  }
  const result = await resultOfAttempt(db, attempt.id);
  if (!result) throw resultErrors.notSubmitted();

  const questions = await servedQuestionsFor(db, exam, studentId);
  const names = await subjectNames(db, [exam.subject_id ?? '', ...questions.map((q) => q.subject_id ?? '')].filter(Boolean));
  const study = await studyPlaces(db, studentId, exam.course_id, questions);
  const answers = new Map((await answersWithReviews(db, attempt.id)).map((row) => [row.question_id, row]));
  const stored = new Map(readJson<QuestionScore[]>(result.detail, []).map((score) => [score.questionId, score]));
  const scores = new Map<string, QuestionScore>();
  const answerViews: ResultAnswer[] = questions.map((q) => {
    const { score, line } = resultLine(q, answers.get(q.id), stored.get(q.id), exam.negative_mark);
    scores.set(q.id, score);
    return { questionId: reviewedQuestion(q, names, study), ...line };
  });

  const gpaFactor = gpaFactorOf(exam);
  const totalWithGpa = gpaFactor ? gpaTotals({ marksObtained: 0, totalMarks: result.total_marks, gpaFactor, hscGpa: null, sscGpa: null }).totalWithGpa : null;
  const subjectIds = [...new Set(questions.map((q) => q.subject_id).filter((id): id is string => Boolean(id)))];
  const subjectName = exam.is_segmented ? subjectIds.map((id) => names.get(id)).filter(Boolean).join(', ') || null : exam.subject_id ? (names.get(exam.subject_id) ?? null) : null;
  const rank = exam.is_practice === 1 ? ((await meritRanks(db, [examId], [result.id])).get(result.id) ?? null) : result.merit_rank;
  const view: StudentResult = {
    code: null,
    _id: result.id,
    studentId,
    examId,
    groupId,
    groupName: await groupName(db, groupId),
    title: exam.title,
    subjectName,
    courseId: exam.course_id,
    courseName: await courseName(db, exam.course_id),
    isPracticeExam: exam.is_practice === 1,
    isSegmentedExam: exam.is_segmented === 1,
    passed: result.passed === 1,
    passMark: exam.pass_mark,
    cutMarks: assignment.cut_marks,
    marksObtained: result.marks_obtained,
    totalMarks: result.total_marks,
    negativeMarks: result.negative_marks,
    gpaFactor,
    gpaMarks: gpaFactor ? result.gpa_marks : null,
    examMarks: result.marks_obtained,
    marksWithGpa: gpaFactor ? result.overall_marks : null,
    totalWithGpa,
    correct: result.correct,
    incorrect: result.incorrect,
    skipped: result.skipped,
    questionTally: tallyQuestions(scores.values()),
    rank,
    pendingReview: result.pending_review === 1,
    startsAt: attempt.started_at,
    submittedAt: attempt.submitted_at,
    completionSeconds: Math.max(0, Math.floor((Date.parse(attempt.submitted_at) - Date.parse(attempt.started_at)) / 1000)),
    examStartsAt: assignment.starts_at,
    examEndsAt: assignment.ends_at,
    duration: assignment.duration,
    subjectStats: exam.is_segmented ? subjectStats(questions, scores, names) : [],
    answers: answerViews,
    regraded: (await regradeInfoOf(db, [{ id: result.id, examId }])).get(result.id) ?? null,
  };
  return view;
}

async function scoreboardStudent(db: Kysely<Database>, student: Student) {
  const groups = await groupsOfStudent(db, student.id);
  const heading: ScoreboardStudent = {
    _id: student.id,
    name: student.name,
    sid: student.sid,
    branch: student.branch_name ? { name: student.branch_name, division: student.branch_division } : null,
    groups: groups.map((g) => ({ _id: g.id, name: g.name, courseId: g.course_id })),
  };
  const courses = new Map<string, string | null>();
  for (const g of groups) if (!courses.has(g.course_id)) courses.set(g.course_id, g.course_name);
  return { student: heading, courses: [...courses].map(([_id, name]) => ({ _id, name })) };
}

async function scoreboardSummary(db: Kysely<Database>, studentId: string, courseId: string | undefined): Promise<ScoreboardSummary> {
  const totals = await scoreboardTotals(db, studentId, courseId);
  return {
    exams: totals.exams,
    examPassed: totals.passed,
    examFailed: totals.exams - totals.passed,
    highestMarks: totals.highest,
    lowestMarks: totals.lowest,
    averageMarks: totals.average === null ? null : roundMarks(Math.round(totals.average * 100) / 100),
    obtainedMarks: roundMarks(totals.obtained),
    totalMarks: roundMarks(totals.total),
  };
}

async function scoreboardViews(db: Kysely<Database>, rows: ScoreboardRecord[]): Promise<ScoreboardRow[]> {
  // A live exam's rank was fixed at publication; practice exams are ranked now.
  const practice = rows.filter((r) => Number(r.is_practice) === 1);
  const ranks = await meritRanks(db, practice.map((r) => r.exam_id), practice.map((r) => r.id));
  const regrades = await regradeInfoOf(db, rows.map((r) => ({ id: r.id, examId: r.exam_id })));
  return rows.map((row) => ({
    _id: row.id,
    examId: { _id: row.exam_id, title: row.title, totalMarks: row.exam_total_marks, passMark: row.pass_mark, courseId: row.course_id, courseName: row.course_name },
    groupId: row.group_id,
    groupName: row.group_name,
    isPracticeExam: Number(row.is_practice) === 1,
    startsAt: row.started_at,
    submittedAt: row.submitted_at,
    marksObtained: row.marks_obtained,
    negativeMarks: row.negative_marks,
    totalMarks: row.total_marks,
    passed: Number(row.passed) === 1,
    rank: Number(row.is_practice) === 1 ? (ranks.get(row.id) ?? null) : row.merit_rank,
    gpaFactor: gpaFactorOf(row),
    gpaMarks: row.gpa_marks,
    overallMarks: row.overall_marks,
    regraded: regrades.get(row.id) ?? null,
  }));
}

/** Every published result of the student (of one course when given), newest first, with the summary. */
export async function scoreboard(deps: ExamDeps, student: Student, courseId: string | undefined): Promise<Scoreboard> {
  await finalizeExpiredAttempts(deps.db, { studentId: student.id }, deps.now, deps.graceSeconds);
  const rows = await scoreboardRows(deps.db, student.id, { courseId, limit: null });
  return {
    ...(await scoreboardStudent(deps.db, student)),
    summary: await scoreboardSummary(deps.db, student.id, courseId),
    strengths: await subjectStrengths(deps.db, student.id, courseId),
    results: { examResult: await scoreboardViews(deps.db, rows) },
  };
}

/** One page of the scoreboard after the result `lastId` (keyset paging: no row twice, none skipped). */
export async function scoreboardPage(deps: ExamDeps, student: Student, query: { lastId?: string; limit?: number; courseId?: string }): Promise<ScoreboardPage> {
  const limit = query.limit ?? SCOREBOARD_PAGE.defaultLimit;
  const after = query.lastId ? await scoreboardCursor(deps.db, student.id, query.lastId) : null;
  if (query.lastId && !after) throw resultErrors.staleLastId();
  // Expired attempts are finished on the first page only: their results sort first, before any cursor.
  if (!after) await finalizeExpiredAttempts(deps.db, { studentId: student.id }, deps.now, deps.graceSeconds);
  const rows = await scoreboardRows(deps.db, student.id, { courseId: query.courseId, after, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return {
    ...(await scoreboardStudent(deps.db, student)),
    summary: await scoreboardSummary(deps.db, student.id, query.courseId),
    strengths: await subjectStrengths(deps.db, student.id, query.courseId),
    examResult: await scoreboardViews(deps.db, page),
    lastId: hasMore ? page[page.length - 1]!.id : null,
    hasMore,
  };
}

function meritRowView(row: MeritRowRecord, studentId: string): MeritRow {
  return {
    position: row.position,
    rank: row.rank,
    studentId: { name: row.name },
    isMe: row.student_id === studentId,
    subjectName: row.subject_name,
    facultyName: row.faculty,
    candidateCategory: row.candidate_category,
    marksObtained: row.marks_obtained,
    negativeMarks: row.negative_marks,
    totalWrongAnswer: row.incorrect,
    gpaMarks: row.gpa_marks,
    overall: row.overall_marks,
    facultyPosition: row.faculty_position,
    subjectPosition: row.subject_position,
    categoryPosition: row.category_position,
    startsAt: row.started_at,
    submittedAt: row.submitted_at,
  };
}

/**
 * An exam's merit list, one page at a time, for a student of one of its batches: a practice exam's
 * at once, a live exam's once the student's batch's results are published.
 */
export async function meritList(
  deps: ExamDeps,
  studentId: string,
  query: { examId: string; typeOfExam: 'PRACTICE' | 'LIVE'; after?: number; limit?: number },
): Promise<MeritList> {
  const { db } = deps;
  const exam = await db.selectFrom('exams').selectAll().where('id', '=', query.examId).executeTakeFirst();
  const membership = exam ? await examOfStudent(db, studentId, exam.id) : null;
  if (!exam || !membership) throw examErrors.notFound();
  const isPracticeExam = exam.is_practice === 1;
  if (isPracticeExam !== (query.typeOfExam === 'PRACTICE')) throw resultErrors.typeMismatch();
  if (!isPracticeExam && !membership.published) throw resultErrors.notPublished();
  if (isPracticeExam) await finalizeExpiredAttempts(db, { examId: exam.id }, deps.now, deps.graceSeconds);

  const after = query.after ?? 0;
  const limit = query.limit ?? MERIT_PAGE.defaultLimit;
  const { rows, total } = await meritListPage(db, exam, studentId, after, limit);
  const mine = rows.find((row) => row.student_id === studentId);
  return {
    exam: { _id: exam.id, title: exam.title, totalMarks: exam.total_marks, isPracticeExam, gpaFactor: gpaFactorOf(exam) },
    total,
    next: after + limit < total ? after + limit : null,
    me: mine ? meritRowView(mine, studentId) : null,
    data: rows.filter((row) => row.position > after && row.position <= after + limit).map((row) => meritRowView(row, studentId)),
    regradedAt: (await regradesOf(db, exam.id))[0]?.regradedAt ?? null,
  };
}
