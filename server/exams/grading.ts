// Scores a submitted attempt with the shared scoring rules and stores the result row, and scores it
// again when a teacher marks a written answer. Runs inside the caller's transaction (submit, marking,
// or the bundle import of past submissions). A whole exam scored again after a key decision:
// server/exams/regrading.ts.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readJson, writeJson } from '../db/json.js';
import { newId } from '../ids.js';
import { gpaTotals, roundMarks, scoreExam, type ExamScore, type QuestionScore } from '../../src/domain/scoring.js';
import type { AnswerValue, GpaFactor } from '../../src/contracts/exams.js';
import { type Attempt, type Exam, type QuestionRow, scorableQuestion, servedQuestionsFor } from './queries.js';

/** One question's line in results.detail: the shared scoring module's per-question score. */
export type ResultDetail = QuestionScore;

export type StoredAnswer = { question_id: string; answer: string; extra: string; review_marks: number | null };

/** Scores an attempt from its stored answers and any teacher's marks. */
async function scoreAttempt(db: Kysely<Database>, exam: Exam, attempt: Attempt, examQuestions?: QuestionRow[]): Promise<ExamScore> {
  const questions = await servedQuestionsFor(db, exam, attempt.student_id, examQuestions);
  const rows = await db.selectFrom('answers').select(['question_id', 'answer', 'extra', 'review_marks']).where('attempt_id', '=', attempt.id).execute();
  return scoreStored(exam, questions, rows);
}

/** Scores the served questions from stored answer rows with the shared scoring module. */
export function scoreStored(exam: Exam, questions: QuestionRow[], rows: StoredAnswer[]): ExamScore {
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
export function scoreColumns(score: ExamScore, gpaMarks: number) {
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
  // Scored without asking first whether a result exists: almost every call is an attempt's first
  // grading, and the insert below keeps an existing result (each statement is a round trip on PostgreSQL).
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
