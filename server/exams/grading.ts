// Scores a submitted attempt with the shared scoring rules and stores the result row, and scores it
// again when a teacher marks a written answer. Runs inside the caller's transaction (submit, marking,
// or the bundle import of past submissions).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import { readJson, writeJson } from '../db/json.js';
import { newId } from '../ids.js';
import { gpaTotals, roundMarks, scoreExam, type ExamScore, type QuestionScore } from '../../src/domain/scoring.js';
import type { AnswerValue, GpaFactor } from '../../src/contracts/exams.js';
import { type Attempt, type Exam, type QuestionRow, questionsOfExam, scorableQuestion, selectionOfRow, servedQuestions, servedQuestionsFor } from './queries.js';

/** One question's line in results.detail: the shared scoring module's per-question score. */
export type ResultDetail = QuestionScore;

type StoredAnswer = { question_id: string; answer: string; extra: string; review_marks: number | null };

/** Scores an attempt from its stored answers and any teacher's marks. */
async function scoreAttempt(db: Kysely<Database>, exam: Exam, attempt: Attempt, examQuestions?: QuestionRow[]): Promise<ExamScore> {
  const questions = await servedQuestionsFor(db, exam, attempt.student_id, examQuestions);
  const rows = await db.selectFrom('answers').select(['question_id', 'answer', 'extra', 'review_marks']).where('attempt_id', '=', attempt.id).execute();
  return scoreStored(exam, questions, rows);
}

/** Scores the served questions from stored answer rows with the shared scoring module. */
function scoreStored(exam: Exam, questions: QuestionRow[], rows: StoredAnswer[]): ExamScore {
  const answers = new Map<string, AnswerValue>();
  const attachments = new Map<string, number>();
  const reviews = new Map<string, number>();
  for (const row of rows) {
    answers.set(row.question_id, readJson<AnswerValue>(row.answer, []));
    attachments.set(row.question_id, readJson<unknown[]>(row.extra, []).length);
    if (row.review_marks !== null) reviews.set(row.question_id, Number(row.review_marks));
  }
  return scoreExam({ questions: questions.map(scorableQuestion), answers, attachments, reviews, negativeMark: exam.negative_mark, passMark: exam.pass_mark });
}

/** The result columns that follow from a score. */
function scoreColumns(score: ExamScore, gpaMarks: number) {
  const detail: ResultDetail[] = score.questions;
  return {
    marks_obtained: score.marksObtained,
    negative_marks: score.negativeMarks,
    total_marks: score.totalMarks,
    correct: score.correct,
    incorrect: score.incorrect,
    skipped: score.skipped,
    passed: score.passed ? (1 as const) : (0 as const),
    detail: writeJson(detail),
    pending_review: score.pendingReview ? (1 as const) : (0 as const),
    gpa_marks: gpaMarks,
    overall_marks: roundMarks(score.marksObtained + gpaMarks),
  };
}

/**
 * The GPA marks of the student for an exam with a GPA factor (0 without one), taken when the attempt
 * is first graded, so a later profile edit cannot move a rank.
 */
async function gpaMarksOf(db: Kysely<Database>, exam: Exam, studentId: string): Promise<number> {
  const gpaFactor = readJson<GpaFactor | null>(exam.gpa_factor, null);
  if (!gpaFactor) return 0;
  const student = await db.selectFrom('students').select(['hsc_gpa', 'ssc_gpa']).where('id', '=', studentId).executeTakeFirst();
  return gpaTotals({ marksObtained: 0, totalMarks: 0, gpaFactor, hscGpa: student?.hsc_gpa ?? null, sscGpa: student?.ssc_gpa ?? null }).gpaMarks;
}

/**
 * Scores the attempt and inserts its result; when a result already exists (a repeated submit),
 * returns that one unchanged. Only the questions served to the student count, so a segmented
 * exam's total covers the chosen subjects only. `examQuestions`: the exam's questions when the caller
 * has them (the prepared paper), so a submit does not read them again inside its transaction.
 */
export async function gradeAttempt(db: Kysely<Database>, exam: Exam, attempt: Attempt, now: Date, examQuestions?: QuestionRow[]): Promise<{ resultId: string; created: boolean }> {
  const existing = await db.selectFrom('results').select('id').where('attempt_id', '=', attempt.id).executeTakeFirst();
  if (existing) return { resultId: existing.id, created: false };

  const score = await scoreAttempt(db, exam, attempt, examQuestions);
  const resultId = newId();
  const inserted = await db
    .insertInto('results')
    .values({
      id: resultId,
      attempt_id: attempt.id,
      exam_id: attempt.exam_id,
      group_id: attempt.group_id,
      student_id: attempt.student_id,
      ...scoreColumns(score, await gpaMarksOf(db, exam, attempt.student_id)),
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('attempt_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { resultId: inserted.id, created: true };
  const winner = await db.selectFrom('results').select('id').where('attempt_id', '=', attempt.id).executeTakeFirstOrThrow();
  return { resultId: winner.id, created: false };
}

/** Scores a graded attempt again (after a teacher's mark) and updates its result; its GPA marks stay as taken. */
export async function regradeAttempt(db: Kysely<Database>, exam: Exam, attempt: Attempt): Promise<ExamScore> {
  const result = await db.selectFrom('results').select(['id', 'gpa_marks']).where('attempt_id', '=', attempt.id).executeTakeFirstOrThrow();
  const score = await scoreAttempt(db, exam, attempt);
  await db.updateTable('results').set(scoreColumns(score, Number(result.gpa_marks))).where('id', '=', result.id).execute();
  return score;
}

/** A result before and after a regrade of its exam. */
export interface RegradedResult {
  id: string;
  studentId: string;
  groupId: string;
  oldMarks: number;
  newMarks: number;
}

/** Attempts scored between two turns of the event loop. */
const YIELD_EVERY = 200;

/** Rows of one bulk update (11 parameters each), within both databases' parameter limits. */
const UPDATE_CHUNK = 500;

/**
 * Scores every submitted attempt of the exam again from its stored answers and teachers' marks, with
 * the exam's questions as they are now (after a key decision), and updates the results that change;
 * GPA marks stay as taken. Runs in the caller's transaction. The same scoring as a submit or a mark
 * (scoreStored), read in bulk: the results, every answer of the exam and the segmented selections in
 * three queries, the changed results written back (PostgreSQL: 500 to a statement).
 */
export async function regradeExamResults(db: Kysely<Database>, dialect: Dialect, exam: Exam): Promise<{ results: number; changed: RegradedResult[] }> {
  const results = await db
    .selectFrom('results as r')
    .innerJoin('attempts as a', 'a.id', 'r.attempt_id')
    .select([
      'r.id', 'r.attempt_id', 'r.student_id', 'r.group_id', 'r.gpa_marks', 'r.marks_obtained', 'r.negative_marks', 'r.total_marks', 'r.correct',
      'r.incorrect', 'r.skipped', 'r.passed', 'r.detail', 'r.pending_review', 'r.overall_marks',
    ])
    .where('r.exam_id', '=', exam.id)
    .where('a.submitted_at', 'is not', null)
    .where('a.superseded_at', 'is', null)
    .execute();
  const answerRows = await db
    .selectFrom('answers as an')
    .innerJoin('results as r', 'r.attempt_id', 'an.attempt_id')
    .select(['an.attempt_id', 'an.question_id', 'an.answer', 'an.extra', 'an.review_marks'])
    .where('r.exam_id', '=', exam.id)
    .execute();
  const answersOf = new Map<string, StoredAnswer[]>();
  for (const row of answerRows) {
    let list = answersOf.get(row.attempt_id);
    if (!list) answersOf.set(row.attempt_id, (list = []));
    list.push(row);
  }
  // Read in the caller's transaction, never from the prepared paper: the key has just changed.
  const questions = await questionsOfExam(db, exam.id);
  const selections = exam.is_segmented
    ? new Map((await db.selectFrom('segmented_selections').selectAll().where('exam_id', '=', exam.id).execute()).map((row) => [row.student_id, selectionOfRow(row)]))
    : null;

  const changed: RegradedResult[] = [];
  const updates: (ReturnType<typeof scoreColumns> & { id: string })[] = [];
  for (const [index, result] of results.entries()) {
    // Scoring thousands of attempts takes seconds of the thread: other requests are served between slices.
    if (index > 0 && index % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    const served = selections ? servedQuestions(exam, questions, selections.get(result.student_id) ?? null) : questions;
    const columns = scoreColumns(scoreStored(exam, served, answersOf.get(result.attempt_id) ?? []), Number(result.gpa_marks));
    const same =
      Number(result.marks_obtained) === columns.marks_obtained && Number(result.negative_marks) === columns.negative_marks && Number(result.total_marks) === columns.total_marks &&
      Number(result.correct) === columns.correct && Number(result.incorrect) === columns.incorrect && Number(result.skipped) === columns.skipped &&
      Number(result.passed) === columns.passed && Number(result.pending_review) === columns.pending_review && Number(result.overall_marks) === columns.overall_marks &&
      result.detail === columns.detail;
    if (same) continue;
    updates.push({ id: result.id, ...columns });
    changed.push({ id: result.id, studentId: result.student_id, groupId: result.group_id, oldMarks: Number(result.marks_obtained), newMarks: columns.marks_obtained });
  }
  if (dialect === 'sqlite') {
    // SQLite: one prepared update per changed result in the writer's transaction (no round trips; an
    // UPDATE … FROM a VALUES list may be planned as a scan of the results per row of the list).
    for (const { id, ...columns } of updates) await db.updateTable('results').set(columns).where('id', '=', id).execute();
    return { results: results.length, changed };
  }
  for (let at = 0; at < updates.length; at += UPDATE_CHUNK) {
    const rows = updates.slice(at, at + UPDATE_CHUNK).map(
      (u) => sql`(${u.id}, ${u.marks_obtained}, ${u.negative_marks}, ${u.total_marks}, ${u.correct}, ${u.incorrect}, ${u.skipped}, ${u.passed}, ${u.detail}, ${u.pending_review}, ${u.overall_marks})`,
    );
    await sql`with v (id, marks_obtained, negative_marks, total_marks, correct, incorrect, skipped, passed, detail, pending_review, overall_marks) as (values ${sql.join(rows)})
      update results set
        marks_obtained = cast(v.marks_obtained as double precision), negative_marks = cast(v.negative_marks as double precision),
        total_marks = cast(v.total_marks as double precision), correct = cast(v.correct as double precision),
        incorrect = cast(v.incorrect as double precision), skipped = cast(v.skipped as double precision), passed = cast(v.passed as integer),
        detail = v.detail, pending_review = cast(v.pending_review as integer), overall_marks = cast(v.overall_marks as double precision)
      from v where results.id = v.id`.execute(db);
  }
  return { results: results.length, changed };
}
