// A teacher's decision on a question's key, and the regrade it brings. In one transaction: the
// decision is recorded and every challenge of the question answered; when the key changes (or the
// question is dropped) the question takes its new key, every submitted attempt of the exam is scored
// again by the shared scoring module (the decided question's line only: server/exams/regrading.ts), the
// merit list and every position are fixed again as publication fixes them, each student whose marks or
// rank moved gets a history line and a notification (many rows to a statement: server/db/bulk.ts).
// After the commit the notifications are pushed live. The same decision again changes nothing.
//
// Marking, publication and a regrade take turns on the exam's assignment rows (PostgreSQL): the regrade
// holds every one of them for update from its start to its commit, so a mark still in its transaction
// (holding its assignment shared, see markAnswer) is waited for and a later mark or publication waits for
// the regrade and then scores with the new key. SQLite runs one writing transaction at a time.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Staff } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import { readJson, writeJson } from '../db/json.js';
import { withRows, type BulkColumn } from '../db/bulk.js';
import { badRequest, conflict } from '../errors.js';
import { newId } from '../ids.js';
import { finalizeExpiredAttempts, type ExamDeps } from '../exams/attempts.js';
import { examById, questionsOfExam, scorableQuestion, type Exam, type QuestionRow } from '../exams/queries.js';
import { nextTurn, planRegrade, stageRegrade } from '../exams/regrading.js';
import { fixMeritList } from '../results/queries.js';
import { staffAssignment } from '../results/marking.js';
import { challengeErrors } from './student.js';
import type { DecisionBody, DecisionReply, KeyDecision } from '../../src/contracts/challenges.js';
import type { AnswerValue } from '../../src/contracts/exams.js';
import type { NotificationInfo, StudentNotification } from '../../src/contracts/notifications.js';
import { decisionProblem, isChallengeable, keyAfter, regradeMessage, sameKey, DECISION_REPLY_MAX, type KeyState } from '../../src/domain/challenges.js';
import { toMs } from '../../src/domain/examTiming.js';
import { roundMarks } from '../../src/domain/scoring.js';

export const decisionErrors = {
  reply: () => badRequest(`Write a reply of 1 to ${DECISION_REPLY_MAX.toLocaleString('en-US')} characters to the challengers.`, 'badReply'),
  options: (message: string) => badRequest(message, 'badDecision'),
  stillSitting: () => conflict('A batch is still sitting this exam.', 'examStillRunning', 'Decide once every batch has finished, so that no submission is scored with the old key.'),
};

/** Live notifications pushed between two turns of the event loop. */
const PUSH_SLICE = 500;

interface Notice {
  studentId: string;
  groupId: string;
  id: string;
  message: string;
}

export function decisionView(row: { id: string; kind: KeyDecision['kind']; options: string; reply: string; decided_at: string }, decidedBy: string | null): KeyDecision {
  return { _id: row.id, kind: row.kind, options: readJson<number[]>(row.options, []), reply: row.reply, decidedAt: row.decided_at, decidedBy };
}

/** Refuses a decision while a batch of the exam may still submit (its results unpublished and its time not over). */
async function assertNoBatchSitting(db: Kysely<Database>, examId: string, now: Date, graceSeconds: number): Promise<void> {
  const rows = await db.selectFrom('exam_assignments').select(['ends_at', 'result_published']).where('exam_id', '=', examId).where('removed_at', 'is', null).execute();
  if (rows.some((r) => Number(r.result_published) !== 1 && now.getTime() < toMs(r.ends_at) + graceSeconds * 1000)) throw decisionErrors.stillSitting();
}

/**
 * Decides on a question of an assignment's exam: keep the key, change it to the given options (an
 * MCQ accepts every one of them), or drop the question. 404 for an unknown assignment or question,
 * 409 for a practice exam, unpublished results or a batch still sitting the exam.
 */
export async function decideKey(
  app: FastifyInstance,
  deps: ExamDeps,
  dialect: Dialect,
  staff: Staff,
  assignmentId: string,
  questionId: string,
  body: DecisionBody,
): Promise<DecisionReply> {
  const { db, now } = deps;
  const assignment = await staffAssignment(db, assignmentId, deps.graceSeconds);
  if (assignment.exam.isPracticeExam) throw challengeErrors.practice();
  if (!assignment.resultPublished) throw challengeErrors.notPublished();
  const examId = assignment.exam._id;
  const question = await db.selectFrom('questions').select(['id', 'type', 'options']).where('id', '=', questionId).where('exam_id', '=', examId).executeTakeFirst();
  if (!question) throw challengeErrors.questionNotFound();
  if (!isChallengeable(question.type)) throw challengeErrors.notChallengeable();
  const optionCount = readJson<unknown[]>(question.options, []).length;
  const reply = body.reply.trim();
  if (!reply || [...reply].length > DECISION_REPLY_MAX) throw decisionErrors.reply();
  const options = body.kind === 'change' ? [...body.options].sort((a, b) => a - b) : [];
  if (body.kind === 'change') {
    const problem = decisionProblem(question.type, optionCount, options);
    if (problem) throw decisionErrors.options(problem);
  } else if (body.options.length) throw decisionErrors.options('Only a change of the key names options.');
  await assertNoBatchSitting(db, examId, now, deps.graceSeconds);
  await finalizeExpiredAttempts(db, { examId }, now, deps.graceSeconds);

  const at = now.toISOString();
  const outcome = await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') {
      await trx.selectFrom('exam_assignments').select('id').where('exam_id', '=', examId).orderBy('id').forUpdate().execute();
      await trx.selectFrom('questions').select('id').where('id', '=', questionId).forUpdate().execute();
    }
    const state = await examState(trx, examId);
    const row = state.questions.find((q) => q.id === questionId)!;
    const current = keyStateOf(row);
    const next = keyAfter(question.type, optionCount, current, body.kind, options);
    const latest = await trx.selectFrom('key_decisions').selectAll().where('question_id', '=', questionId).orderBy('decided_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
    const keyMoves = !sameKey(question.type, optionCount, current, next);
    if (latest && !keyMoves && latest.kind === body.kind && latest.options === writeJson(options) && latest.reply === reply) {
      return { decision: latest, unchanged: true as const, regrade: null, notices: [] as Notice[] };
    }
    const decision = { id: newId(), exam_id: examId, question_id: questionId, kind: body.kind, options: writeJson(options), old_answer: row.answer, reply, decided_by: staff.id, decided_at: at };
    await trx.insertInto('key_decisions').values(decision).execute();
    await trx
      .updateTable('answer_challenges')
      .set({ status: body.kind === 'keep' ? 'rejected' : 'accepted', reply, decided_at: at })
      .where('question_id', '=', questionId)
      .execute();
    if (!keyMoves) return { decision, unchanged: false as const, regrade: null, notices: [] as Notice[] };
    const regraded = await regradeWithKey(trx, dialect, state, questionId, current, next, decision.id, body.kind === 'drop' ? 'drop' : 'change', at);
    return { decision, unchanged: false as const, ...regraded };
  });

  // After the commit: each notified student's open tabs hear of their notification, a slice at a time
  // so that other requests are served between slices.
  for (let i = 0; i < outcome.notices.length; i += PUSH_SLICE) {
    if (i > 0) await nextTurn();
    for (const notice of outcome.notices.slice(i, i + PUSH_SLICE)) {
      const live: StudentNotification = {
        notificationId: { _id: notice.id, type: 'notification', message: notice.message, createdAt: at, info: resultInfo(assignment.exam, notice.groupId) },
        isSeen: false,
      };
      app.realtime.toStudent(notice.studentId, 'notification', live);
    }
  }
  return {
    questionId,
    decision: decisionView(outcome.decision, outcome.unchanged ? null : staff.name),
    unchanged: outcome.unchanged,
    regrade: outcome.regrade ? { ...outcome.regrade, notified: outcome.notices.length } : null,
  };
}

const resultInfo = (exam: { _id: string; title: string; courseId: string }, groupId: string): NotificationInfo => ({
  on: 'result', id: exam._id, groupId, courseId: exam.courseId, title: exam.title, isPracticeExam: false,
});

/** What a decision reads of its exam first, in its transaction: the exam and its questions with their keys. */
interface ExamState {
  exam: Exam;
  questions: QuestionRow[];
}

async function examState(db: Kysely<Database>, examId: string): Promise<ExamState> {
  return { exam: await examById(db, examId), questions: await questionsOfExam(db, examId) };
}

const keyStateOf = (row: QuestionRow): KeyState => ({
  answer: readJson<AnswerValue>(row.answer, []), accepted: readJson<number[] | null>(row.accepted_options, null), dropped: Number(row.dropped) === 1,
});

/** The exam as a new key leaves it: its questions with the key, a new stamp and (a plain exam) full marks without dropped questions. */
function examWithKey(state: ExamState, questionId: string, key: KeyState, at: string) {
  const questions: QuestionRow[] = state.questions.map((q) =>
    q.id === questionId ? { ...q, answer: writeJson(key.answer), accepted_options: key.accepted ? writeJson(key.accepted) : null, dropped: key.dropped ? 1 : 0 } : q,
  );
  const fullMarks = roundMarks(questions.filter((q) => Number(q.dropped) !== 1).reduce((sum, q) => sum + Number(q.point), 0));
  const exam: Exam = { ...state.exam, created_at: at, ...(state.exam.is_segmented ? {} : { total_marks: fullMarks }) };
  const number = questions.findIndex((q) => q.id === questionId) + 1;
  return { exam, questions, number, after: scorableQuestion(questions[number - 1]!) };
}

/**
 * In the caller's transaction: gives the question its new key, scores the exam's attempts again (by
 * the question's line: server/exams/regrading.ts), writes the new marks and the merit list's places
 * together, each result once, and writes the history and the notifications
 * of every student whose marks or rank moved (notifications only to students whose batch's results are
 * published), many rows to a statement.
 */
async function regradeWithKey(
  trx: Kysely<Database>, dialect: Dialect, state: ExamState, questionId: string, old: KeyState, key: KeyState, decisionId: string, kind: 'change' | 'drop', at: string,
) {
  const examId = state.exam.id;
  await trx
    .updateTable('questions')
    .set({ answer: writeJson(key.answer), accepted_options: key.accepted ? writeJson(key.accepted) : null, dropped: key.dropped ? 1 : 0 })
    .where('id', '=', questionId)
    .execute();
  // A new stamp: every server prepares the exam's paper again (server/exams/paper-cache.ts); a plain
  // exam's full marks leave out dropped questions.
  const { exam, questions, number, after } = examWithKey(state, questionId, key, at);
  await trx.updateTable('exams').set({ created_at: at, total_marks: exam.total_marks }).where('id', '=', examId).execute();

  const standing = await standingOf(trx, examId);
  await nextTurn();
  const plan = await planRegrade(trx, dialect, exam, questions, { ...after, answer: old.answer, accepted: old.accepted, dropped: old.dropped }, after);
  const { results, changed } = plan;
  // Each moved result written once: its new figures and its new places together.
  const staged = await stageRegrade(trx, dialect, plan);
  const moved = new Map((await fixMeritList(trx, examId, staged)).map((m) => [m.id, m.rank]));
  await staged.done();

  const marksMoved = new Map(changed.map((c) => [c.id, c]));
  const lines: { result_id: string; student_id: string; old_marks: number; new_marks: number; old_rank: number | null; new_rank: number | null; group_id: string; published: boolean }[] = [];
  for (const id of new Set([...marksMoved.keys(), ...moved.keys()])) {
    const was = standing.get(id);
    if (!was) continue;
    const marks = marksMoved.get(id);
    const newRank = moved.get(id) ?? was.rank;
    if (!marks && newRank === was.rank) continue;
    lines.push({
      result_id: id, student_id: was.studentId, group_id: was.groupId, published: was.published,
      old_marks: was.marks, new_marks: marks ? marks.newMarks : was.marks, old_rank: was.rank, new_rank: newRank,
    });
  }
  const regrade = { id: newId(), exam_id: examId, question_id: questionId, decision_id: decisionId, kind, question_number: number, regraded_at: at, results, changed: lines.length };
  await trx.insertInto('regrades').values(regrade).execute();
  await withRows(
    trx, dialect,
    [{ name: 'result_id', type: 'text' }, { name: 'student_id', type: 'text' }, { name: 'old_marks', type: 'float8' }, { name: 'new_marks', type: 'float8' }, { name: 'old_rank', type: 'int' }, { name: 'new_rank', type: 'int' }],
    lines.map((l) => [l.result_id, l.student_id, l.old_marks, l.new_marks, l.old_rank, l.new_rank]),
    (param) => `insert into regrade_changes (regrade_id, result_id, student_id, old_marks, new_marks, old_rank, new_rank)
      select cast(${param(regrade.id)} as text), result_id, student_id, old_marks, new_marks, old_rank, new_rank from v`,
  );

  const notices: Notice[] = lines
    .filter((l) => l.published)
    .map((l) => ({ studentId: l.student_id, id: newId(), message: regradeMessage({ number, kind, oldMarks: l.old_marks, newMarks: l.new_marks, oldRank: l.old_rank, newRank: l.new_rank }), groupId: l.group_id }));
  const info = new Map<string, string>();
  const infoOf = (groupId: string) => {
    let text = info.get(groupId);
    if (text === undefined) info.set(groupId, (text = writeJson(resultInfo({ _id: examId, title: exam.title, courseId: exam.course_id }, groupId))));
    return text;
  };
  const noticeRows = notices.map((n) => [n.id, n.studentId, n.message, infoOf(n.groupId)]);
  const noticeColumns: BulkColumn[] = [{ name: 'id', type: 'text' }, { name: 'student_id', type: 'text' }, { name: 'message', type: 'text' }, { name: 'info', type: 'text' }];
  await withRows(trx, dialect, noticeColumns, noticeRows, (param) =>
    `insert into notifications (id, type, message, info, created_at) select id, cast(${param('notification')} as text), message, info, cast(${param(at)} as text) from v`,
  );
  await withRows(trx, dialect, noticeColumns, noticeRows, () =>
    'insert into student_notifications (notification_id, student_id, is_seen, deleted_at) select id, student_id, 0, null from v',
  );
  return {
    regrade: { _id: regrade.id, questionId, questionNumber: number, kind, regradedAt: at, results, changed: lines.length },
    notices,
  };
}

/** Every result of the exam with its marks, merit rank and whether its batch's results are published, before the regrade. */
async function standingOf(db: Kysely<Database>, examId: string) {
  const rows = await db
    .selectFrom('results as r')
    .innerJoin('exam_assignments as ea', (join) => join.onRef('ea.exam_id', '=', 'r.exam_id').onRef('ea.group_id', '=', 'r.group_id'))
    .select(['r.id', 'r.student_id', 'r.group_id', 'r.marks_obtained', 'r.merit_rank', 'ea.result_published'])
    .where('r.exam_id', '=', examId)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      { studentId: r.student_id, groupId: r.group_id, marks: Number(r.marks_obtained), rank: r.merit_rank === null ? null : Number(r.merit_rank), published: Number(r.result_published) === 1 },
    ]),
  );
}
