// The student's side of answer-key challenges: their challenges of one submitted attempt, and creating
// or replacing the one challenge of a question while the exam's challenge window is open. Only the
// student's own submitted attempt of a published live exam of their batch can be challenged.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import { readJson, writeJson } from '../db/json.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { authorise, type ExamDeps } from '../exams/attempts.js';
import { checkedMedia } from '../forum/routes.js';
import type { ChallengeBody, StudentChallenge, StudentChallenges } from '../../src/contracts/challenges.js';
import type { ForumMedia } from '../../src/contracts/forum.js';
import { challengeReason, challengeWindowOpen, isChallengeable, proposalProblem, CHALLENGE_REASON_MAX } from '../../src/domain/challenges.js';

export const challengeErrors = {
  practice: () => conflict('Practice exams have no answer-key challenges.', 'practiceExam'),
  notPublished: () => conflict('The result of this exam has not been published yet.', 'notPublishedYet'),
  notSubmitted: () => conflict('You have not submitted this exam yet.', 'resultNotReady'),
  windowClosed: () => conflict('The challenge window of this exam is closed.', 'challengeWindowClosed'),
  questionNotFound: () => notFound('Question not found', 'questionNotFound', 'The question is not part of your exam.'),
  notChallengeable: () => badRequest('Only questions with options have a key to challenge.', 'notChallengeable', 'Written answers are marked by a teacher.'),
  decided: () => conflict('A teacher has already decided on this question.', 'questionDecided'),
  proposal: (message: string) => badRequest(message, 'badProposal'),
  reason: () => badRequest(`Give a reason of 1 to ${CHALLENGE_REASON_MAX.toLocaleString('en-US')} characters.`, 'badReason'),
};

type ChallengeRow = Awaited<ReturnType<typeof challengeRows>>[number];

function challengeRows(db: Kysely<Database>, attemptId: string) {
  return db.selectFrom('answer_challenges').selectAll().where('attempt_id', '=', attemptId).orderBy('created_at').orderBy('id').execute();
}

export function challengeView(row: ChallengeRow): StudentChallenge {
  return {
    _id: row.id,
    questionId: row.question_id,
    options: readJson<number[]>(row.options, []),
    flawed: Number(row.flawed) === 1,
    reason: row.reason,
    media: readJson<ForumMedia[]>(row.media, []),
    status: row.status,
    reply: row.reply,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    decidedAt: row.decided_at,
  };
}

/** The student's submitted attempt of a published live exam in their batch, with its window; 404/403/409 otherwise. */
async function challengeable(deps: ExamDeps, studentId: string, examId: string, groupId: string) {
  const context = await authorise(deps.db, studentId, examId, groupId, 404);
  if (context.exam.is_practice === 1) throw challengeErrors.practice();
  if (context.assignment.result_published !== 1) throw challengeErrors.notPublished();
  const attempt = context.attempt;
  if (!attempt || attempt.submitted_at === null) throw challengeErrors.notSubmitted();
  const closesAt = context.assignment.challenge_closes_at;
  return { ...context, attempt, window: { closesAt, open: challengeWindowOpen(closesAt, deps.now.getTime()) } };
}

/** Questions of the exam a teacher has decided on. */
async function decidedQuestions(db: Kysely<Database>, examId: string): Promise<string[]> {
  const rows = await db.selectFrom('key_decisions').select('question_id').distinct().where('exam_id', '=', examId).execute();
  return rows.map((r) => r.question_id);
}

export async function myChallenges(deps: ExamDeps, studentId: string, examId: string, groupId: string): Promise<StudentChallenges> {
  const { attempt, window } = await challengeable(deps, studentId, examId, groupId);
  return {
    examId,
    groupId,
    window,
    decided: await decidedQuestions(deps.db, examId),
    challenges: (await challengeRows(deps.db, attempt.id)).map(challengeView),
  };
}

/**
 * Creates the student's challenge of a question, or replaces it (one per attempt and question):
 * while the window is open and no teacher has decided on the question. The question must be one
 * served to the student (an unknown or another exam's question is 404).
 */
export async function saveChallenge(deps: ExamDeps, dialect: Dialect, studentId: string, examId: string, groupId: string, questionId: string, body: ChallengeBody): Promise<StudentChallenge> {
  const { db, now } = deps;
  const { attempt, window } = await challengeable(deps, studentId, examId, groupId);
  const question = await db.selectFrom('questions').select(['id', 'type', 'options']).where('id', '=', questionId).where('exam_id', '=', examId).executeTakeFirst();
  if (!question) throw challengeErrors.questionNotFound();
  const detail = await db.selectFrom('results').select('detail').where('attempt_id', '=', attempt.id).executeTakeFirst();
  if (!readJson<{ questionId: string }[]>(detail?.detail ?? null, []).some((line) => line.questionId === questionId)) throw challengeErrors.questionNotFound();
  if (!isChallengeable(question.type)) throw challengeErrors.notChallengeable();
  if (!window.open) throw challengeErrors.windowClosed();
  const problem = proposalProblem(question.type, readJson<unknown[]>(question.options, []).length, body.options, body.flawed);
  if (problem) throw challengeErrors.proposal(problem);
  const reason = challengeReason(body.reason);
  if (reason === null) throw challengeErrors.reason();
  const media = await checkedMedia(db, studentId, body.media);
  const at = now.toISOString();
  const values = { options: writeJson([...body.options].sort((a, b) => a - b)), flawed: body.flawed ? (1 as const) : (0 as const), reason, media: writeJson(media), updated_at: at };

  await db.transaction().execute(async (trx) => {
    // Decided questions take no challenge. On PostgreSQL the question's row is held shared to the
    // commit, and a decision updates it first: a challenge is either in before the decision (and
    // decided with the others) or sees the decision and is refused. SQLite runs one writer at a time.
    if (dialect === 'postgres') await trx.selectFrom('questions').select('id').where('id', '=', questionId).forShare().execute();
    const decided = await trx.selectFrom('key_decisions').select('id').where('question_id', '=', questionId).executeTakeFirst();
    if (decided) throw challengeErrors.decided();
    await trx
      .insertInto('answer_challenges')
      .values({ id: newId(), attempt_id: attempt.id, question_id: questionId, exam_id: examId, group_id: groupId, student_id: studentId, status: 'open', reply: null, created_at: at, decided_at: null, ...values })
      .onConflict((oc) => oc.columns(['attempt_id', 'question_id']).doUpdateSet(values).where('answer_challenges.status', '=', 'open'))
      .execute();
  });
  const row = await db.selectFrom('answer_challenges').selectAll().where('attempt_id', '=', attempt.id).where('question_id', '=', questionId).executeTakeFirstOrThrow();
  if (row.status !== 'open') throw challengeErrors.decided();
  return challengeView(row);
}
