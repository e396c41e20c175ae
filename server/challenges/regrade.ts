// A teacher's decision on a question's key, and the regrade it brings. The decision is recorded and
// every challenge of the question answered in one transaction; when the key changes (or the question is
// dropped), the same transaction gives the question its new key and commits the regrade, whose writes
// were planned and staged before it and are written after it in short transactions (a job that a
// restart finishes: server/exams/regrading.ts and docs/decisions.md, "The regrade in short writes").
// Every submitted attempt of the exam is scored again by the shared scoring module (the decided
// question's line only), the merit list and every position are fixed again as publication fixes them,
// and each student whose marks or rank moved gets a history line and a notification with their result.
// After the last write the notifications are pushed live. The same decision again changes nothing.
//
// The regrade's job row holds the exam from before its first read to its last write: a mark, a
// publication or another decision of the exam meanwhile is refused (503, tried again by the app). On
// PostgreSQL the job is taken under every assignment row of the exam, which a mark still in its
// transaction holds shared (markAnswer), so that mark is waited for and read by the plan.
import { recordActivity } from '../activity/record.js';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, ResultPlaces, Staff } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import { readJson, writeJson } from '../db/json.js';
import { nextTurn } from '../db/bulk.js';
import { offThreadReads, type OffThreadReads } from '../db/engine/read-off-thread.js';
import { badRequest, conflict, serviceUnavailable } from '../errors.js';
import { newId } from '../ids.js';
import { finalizeExpiredAttempts, type ExamDeps } from '../exams/attempts.js';
import { examById, questionsOfExam, scorableQuestion, type Exam, type QuestionRow } from '../exams/queries.js';
import {
  applyRegradeJob, dropRegradeJob, markRegradeApplying, openRegradeJob, planRegrade, stageFigures, stageRest, type StagedResult,
} from '../exams/regrading.js';
import { stagedPlaces } from '../results/queries.js';
import { staffAssignment } from '../results/marking.js';
import { correctExplanation } from './explanation.js';
import { challengeErrors } from './student.js';
import type { DecisionBody, DecisionReply, KeyDecision } from '../../src/contracts/challenges.js';
import type { AnswerValue } from '../../src/contracts/exams.js';
import type { NotificationInfo, StudentNotification } from '../../src/contracts/notifications.js';
import { challengeStatusAfter, decisionProblem, decisionReply, isChallengeable, keyAfter, regradeMessage, sameKey, DECISION_REPLY_MAX, type KeyState } from '../../src/domain/challenges.js';
import { isLate } from '../../src/domain/examTiming.js';
import { fullMarks } from '../../src/domain/scoring.js';
import { challengeDecidedMessage } from '../../src/domain/reminders.js';
import { publishNotification } from '../notifications/publish.js';
import { queueNotices, type Notice as ReminderNotice } from '../reminders/reminders.js';
import { reminderDeps } from '../reminder-deps.js';
import { challengersOf } from '../reminders/queries.js';

export const decisionErrors = {
  reply: () => badRequest(`Write a reply of 1 to ${DECISION_REPLY_MAX.toLocaleString('en-US')} characters to the challengers.`, 'badReply'),
  options: (message: string) => badRequest(message, 'badDecision'),
  stillSitting: () => conflict('A batch is still sitting this exam.', 'examStillRunning', 'Decide once every batch has finished, so that no submission is scored with the old key.'),
  regradeMoved: () => serviceUnavailable('The question changed while its regrade was being prepared. Try again in a moment.', 'serviceUnavailable'),
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
  if (rows.some((r) => Number(r.result_published) !== 1 && !isLate(now, r.ends_at, graceSeconds))) throw decisionErrors.stillSitting();
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
  const reply = decisionReply(body.reply);
  if (reply === null) throw decisionErrors.reply();
  const options = body.kind === 'change' ? [...body.options].sort((a, b) => a - b) : [];
  if (body.kind === 'change') {
    const problem = decisionProblem(question.type, optionCount, options);
    if (problem) throw decisionErrors.options(problem);
  } else if (body.options.length) throw decisionErrors.options('Only a change of the key names options.');
  await assertNoBatchSitting(db, examId, now, deps.graceSeconds);
  await finalizeExpiredAttempts(db, { examId }, now, deps.graceSeconds);

  const at = now.toISOString();
  // A key that moves takes the exam for its regrade, which is planned and staged before the decision's transaction.
  const job = keyMoves(question.type, optionCount, await examState(db, examId), questionId, body.kind, options) ? await openRegradeJob(db, dialect, examId, at) : null;
  let outcome;
  try {
    const staged = job ? await stageRegrade(db, dialect, job, examId, questionId, question.type, optionCount, body.kind, options, at) : null;
    outcome = await db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        await trx.selectFrom('exam_assignments').select('id').where('exam_id', '=', examId).orderBy('id').forUpdate().execute();
        await trx.selectFrom('questions').select('id').where('id', '=', questionId).forUpdate().execute();
      }
      const state = await examState(trx, examId);
      const row = state.questions.find((q) => q.id === questionId)!;
      const current = keyStateOf(row);
      const next = keyAfter(question.type, optionCount, current, body.kind, options);
      const latest = await trx.selectFrom('key_decisions').selectAll().where('question_id', '=', questionId).orderBy('decided_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
      const moves = !sameKey(question.type, optionCount, current, next);
      if (latest && !moves && latest.kind === body.kind && latest.options === writeJson(options) && latest.reply === reply) {
        return { decision: latest, unchanged: true as const, regrade: null, notices: [] as Notice[] };
      }
      const decision = { id: newId(), exam_id: examId, question_id: questionId, kind: body.kind, options: writeJson(options), old_answer: row.answer, reply, decided_by: staff.id, decided_at: at };
      await trx.insertInto('key_decisions').values(decision).execute();
      const title = assignment.exam.title;
      const decided = body.kind === 'keep' ? `Kept the key of a challenged question of ${title}` : body.kind === 'drop' ? `Dropped a challenged question of ${title}` : `Changed the key of a challenged question of ${title}`;
      await recordActivity(trx, { at: now, staff, kind: 'keyDecision', summary: decided, courseId: assignment.exam.courseId, subjectId: questionId });
      await trx
        .updateTable('answer_challenges')
        .set({ status: challengeStatusAfter(body.kind), reply, decided_at: at })
        .where('question_id', '=', questionId)
        .execute();
      if (!moves) return { decision, unchanged: false as const, regrade: null, notices: [] as Notice[] };
      // The staged regrade is of this very key change, and its job still holds the exam: else nothing commits.
      if (!job || !staged || !sameKey(question.type, optionCount, staged.from, current) || !(await markRegradeApplying(trx, job))) throw decisionErrors.regradeMoved();
      const { exam, number } = examWithKey(state, questionId, next, at);
      await trx
        .updateTable('questions')
        .set({ answer: writeJson(next.answer), accepted_options: next.accepted ? writeJson(next.accepted) : null, dropped: next.dropped ? 1 : 0 })
        .where('id', '=', questionId)
        .execute();
      // A new stamp: every server prepares the exam's paper again (server/exams/paper-cache.ts); a plain
      // exam's full marks leave out dropped questions.
      await trx.updateTable('exams').set({ created_at: at, total_marks: exam.total_marks }).where('id', '=', examId).execute();
      const kind: 'change' | 'drop' = body.kind === 'drop' ? 'drop' : 'change';
      await trx.insertInto('regrades').values({ id: job, exam_id: examId, question_id: questionId, decision_id: decision.id, kind, question_number: number, regraded_at: at, results: staged.results, changed: staged.changed }).execute();
      await recordActivity(trx, {
        at: now, staff, kind: 'regrade', courseId: assignment.exam.courseId, subjectId: job,
        summary: `Regraded ${title} for question ${number}: ${staged.changed} of ${staged.results} results changed`,
      });
      return {
        decision, unchanged: false as const, notices: staged.notices,
        regrade: { _id: job, questionId, questionNumber: number, kind, regradedAt: at, results: staged.results, changed: staged.changed },
      };
    });
  } catch (error) {
    if (job) await dropRegradeJob(db, job);
    throw error;
  }
  if (job && !outcome.regrade) await dropRegradeJob(db, job);
  // Committed: the staged writes follow in slices of short transactions (a restart finishes them after a crash).
  if (job && outcome.regrade) await applyRegradeJob(db, dialect, job);
  // The corrected explanation is written before anyone is told, so a result read on the notice shows it.
  if (body.explanation !== undefined) await correctExplanation(db, assignmentId, questionId, body.explanation);

  // After the last write: each notified student's open tabs hear of their notification, a slice at a time
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
  if (!outcome.unchanged) await remindChallengers(app, assignment.exam, questionId, outcome.notices, challengeStatusAfter(body.kind) === 'accepted');
  return {
    questionId,
    decision: decisionView(outcome.decision, outcome.unchanged ? null : staff.name),
    unchanged: outcome.unchanged,
    regrade: outcome.regrade ? { ...outcome.regrade, notified: outcome.notices.length } : null,
  };
}

/**
 * Tells each challenger of the question that it was decided, on their devices too: in the words of the
 * regrade's notification when their marks or rank moved ("your marks 2.5 → 3.75"), else in a
 * notification of its own (accepted, or the key stays).
 */
async function remindChallengers(app: FastifyInstance, exam: { _id: string; title: string; courseId: string }, questionId: string, notices: Notice[], accepted: boolean): Promise<void> {
  const deps = reminderDeps(app);
  const challengers = await challengersOf(app.db, questionId);
  if (!challengers.length) return;
  const regraded = new Map(notices.map((n) => [n.studentId, n]));
  const number = (await questionsOfExam(app.db, exam._id)).findIndex((q) => q.id === questionId) + 1;
  const reminders: ReminderNotice[] = [];
  const plain = new Map<string, string[]>();
  for (const challenger of new Set(challengers.map((c) => `${c.student_id}:${c.group_id}`))) {
    const [studentId, groupId] = challenger.split(':') as [string, string];
    const notice = regraded.get(studentId);
    if (notice) reminders.push({ notificationId: notice.id, message: notice.message, info: resultInfo(exam, notice.groupId), studentIds: [studentId] });
    else plain.set(groupId, [...(plain.get(groupId) ?? []), studentId]);
  }
  for (const [groupId, studentIds] of plain) {
    const info = resultInfo(exam, groupId);
    const listed = await publishNotification(app, { type: 'notification', message: challengeDecidedMessage(number, exam.title, accepted), info }, studentIds);
    reminders.push({ notificationId: listed.notificationId._id, message: listed.notificationId.message, info, studentIds });
  }
  await queueNotices(deps, 'challenges', reminders);
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
  const exam: Exam = { ...state.exam, created_at: at, ...(state.exam.is_segmented ? {} : { total_marks: fullMarks(questions) }) };
  const number = questions.findIndex((q) => q.id === questionId) + 1;
  return { exam, questions, number, after: scorableQuestion(questions[number - 1]!) };
}

/** Whether the decision moves the question's key (read before its transaction, which reads it again). */
function keyMoves(type: QuestionRow['type'], optionCount: number, state: ExamState, questionId: string, kind: KeyDecision['kind'], options: number[]): boolean {
  const current = keyStateOf(state.questions.find((q) => q.id === questionId)!);
  return !sameKey(type, optionCount, current, keyAfter(type, optionCount, current, kind, options));
}

/**
 * Plans and stages the regrade of a key change while its job holds the exam, without anything seen:
 * scores the exam's attempts again by the question's line (server/exams/regrading.ts), stages the new
 * figures, ranks the merit list by them, and stages the new places, the history line and the
 * notification of every student whose marks or rank moved (notifications only to students whose batch's
 * results are published).
 */
async function stageRegrade(
  db: Kysely<Database>, dialect: Dialect, jobId: string, examId: string, questionId: string, type: QuestionRow['type'], optionCount: number,
  decided: KeyDecision['kind'], options: number[], at: string,
) {
  const state = await examState(db, examId);
  const from = keyStateOf(state.questions.find((q) => q.id === questionId)!);
  const key = keyAfter(type, optionCount, from, decided, options);
  const { exam, questions, number, after } = examWithKey(state, questionId, key, at);
  const kind: 'change' | 'drop' = decided === 'drop' ? 'drop' : 'change';
  // The three long reads (the standing, the plan's, the ranking's) off the server's thread.
  const reads = await offThreadReads(db, dialect);
  let standing, plan, places;
  try {
    standing = await standingOf(reads, db, examId);
    plan = await planRegrade(db, dialect, reads, exam, questions, { ...after, answer: from.answer, accepted: from.accepted, dropped: from.dropped }, after);
    await stageFigures(db, dialect, jobId, plan);
    places = await stagedPlaces(reads, db, examId, jobId);
  } finally {
    await reads.close();
  }

  const marksMoved = new Map(plan.changed.map((c) => [c.id, c]));
  const info = new Map<string, string>();
  const infoOf = (groupId: string) => {
    let text = info.get(groupId);
    if (text === undefined) info.set(groupId, (text = writeJson(resultInfo({ _id: examId, title: exam.title, courseId: exam.course_id }, groupId))));
    return text;
  };
  const staged: StagedResult[] = [];
  const notices: Notice[] = [];
  let changed = 0;
  let seen = 0;
  for (const [id, was] of standing) {
    if ((seen += 1) % TURN_EVERY === 0) await nextTurn();
    const now = places.get(id) ?? null;
    const placesMove = now !== null && PLACE_NAMES.some((c) => now[c] !== was.places[c]);
    const marks = marksMoved.get(id);
    if (!marks && !placesMove) continue;
    const newRank = placesMove ? now.merit_rank : was.rank;
    const history = marks || newRank !== was.rank ? { oldMarks: was.marks, newMarks: marks ? marks.newMarks : was.marks, oldRank: was.rank, newRank } : null;
    if (history) changed += 1;
    const notice = history && was.published ? { id: newId(), message: regradeMessage({ number, kind, ...history }), info: infoOf(was.groupId) } : null;
    if (notice) notices.push({ studentId: was.studentId, groupId: was.groupId, id: notice.id, message: notice.message });
    staged.push({ id, studentId: was.studentId, places: placesMove ? now : null, history, notice });
  }
  await stageRest(db, dialect, jobId, staged);
  return { from, results: plan.results, changed, notices };
}

/** Results looked at between two turns of the event loop. */
const TURN_EVERY = 1000;
const PLACE_NAMES = ['merit_position', 'merit_rank', 'faculty_position', 'subject_position', 'category_position'] as const;
const placeOf = (value: unknown) => (value === null ? null : Number(value));

/** Every result of the exam with its marks, places and whether its batch's results are published, before the regrade. */
async function standingOf(reads: OffThreadReads, db: Kysely<Database>, examId: string) {
  const rows = await reads.rows(
    db
      .selectFrom('results as r')
      .innerJoin('exam_assignments as ea', (join) => join.onRef('ea.exam_id', '=', 'r.exam_id').onRef('ea.group_id', '=', 'r.group_id'))
      .select(['r.id', 'r.student_id', 'r.group_id', 'r.marks_obtained', 'r.merit_position', 'r.merit_rank', 'r.faculty_position', 'r.subject_position', 'r.category_position', 'ea.result_published'])
      .where('r.exam_id', '=', examId),
  );
  return new Map(
    rows.map((r) => {
      const places = Object.fromEntries(PLACE_NAMES.map((c) => [c, placeOf(r[c])])) as unknown as ResultPlaces;
      return [r.id, { studentId: r.student_id, groupId: r.group_id, marks: Number(r.marks_obtained), rank: places.merit_rank, places, published: Number(r.result_published) === 1 }];
    }),
  );
}
