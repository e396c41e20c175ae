// Scores a submitted attempt with the shared scoring rules and stores the result row. Runs inside
// the caller's transaction (submit, or the bundle import of past submissions).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readJson, writeJson } from '../db/json.js';
import { newId } from '../ids.js';
import { scoreExam, type QuestionScore } from '../../src/domain/scoring.js';
import type { AnswerValue } from '../../src/contracts/exams.js';
import { type Attempt, type Exam, scorableQuestion, servedQuestionsFor } from './queries.js';

/** One question's line in results.detail: the shared scoring module's per-question score. */
export type ResultDetail = QuestionScore;

/**
 * Scores the attempt and inserts its result; when a result already exists (a repeated submit),
 * returns that one unchanged. Only the questions served to the student count, so a segmented
 * exam's total covers the chosen subjects only.
 */
export async function gradeAttempt(db: Kysely<Database>, exam: Exam, attempt: Attempt, now: Date): Promise<{ resultId: string; created: boolean }> {
  const existing = await db.selectFrom('results').select('id').where('attempt_id', '=', attempt.id).executeTakeFirst();
  if (existing) return { resultId: existing.id, created: false };

  const questions = await servedQuestionsFor(db, exam, attempt.student_id);
  const rows = await db.selectFrom('answers').select(['question_id', 'answer', 'extra']).where('attempt_id', '=', attempt.id).execute();
  const answers = new Map<string, AnswerValue>();
  const attachments = new Map<string, number>();
  for (const row of rows) {
    answers.set(row.question_id, readJson<AnswerValue>(row.answer, []));
    attachments.set(row.question_id, readJson<unknown[]>(row.extra, []).length);
  }
  const score = scoreExam({ questions: questions.map(scorableQuestion), answers, attachments, negativeMark: exam.negative_mark, passMark: exam.pass_mark });
  const detail: ResultDetail[] = score.questions;
  const resultId = newId();
  const inserted = await db
    .insertInto('results')
    .values({
      id: resultId,
      attempt_id: attempt.id,
      exam_id: attempt.exam_id,
      group_id: attempt.group_id,
      student_id: attempt.student_id,
      marks_obtained: score.marksObtained,
      negative_marks: score.negativeMarks,
      total_marks: score.totalMarks,
      correct: score.correct,
      incorrect: score.incorrect,
      skipped: score.skipped,
      passed: score.passed ? 1 : 0,
      detail: writeJson(detail),
      pending_review: score.pendingReview ? 1 : 0,
      created_at: now.toISOString(),
    })
    .onConflict((oc) => oc.column('attempt_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return { resultId: inserted.id, created: true };
  const winner = await db.selectFrom('results').select('id').where('attempt_id', '=', attempt.id).executeTakeFirstOrThrow();
  return { resultId: winner.id, created: false };
}
