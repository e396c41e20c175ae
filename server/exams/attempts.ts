// The rules of taking an exam: who may act on it, starting, saving answers, submitting, retaking,
// and choosing a segmented exam's subjects. The server's clock decides every time question.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AreaDeps } from '../deps.js';
import { atomically } from '../db/engine/group-commit.js';
import { readJson, writeJson } from '../db/json.js';
import { newId } from '../ids.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { attemptEndMs, isLate, toMs } from '../../src/domain/examTiming.js';
import { answerChangeAllowed, savedAnswerProblem } from '../../src/domain/scoring.js';
import { SUBJECT_GROUPS, validateSelection } from '../../src/domain/segmentedSelection.js';
import type { AnswerBody, AnswerValue, Attachment, SavedAnswerReply, SegmentedSelection, StartedAttempt, SubmitReply } from '../../src/contracts/exams.js';
import {
  assignmentsOfExamForStudent, clearSegmentedSelection, currentAttempt, examById, expiredAttempts, hasCurrentAttempt, hasLiveAttempt, startNewAttempt,
  loadExamContext, markSubmitted, segmentedDetailsOf, segmentedSelectionOf, servedQuestions,
  storedAnswer, storeSegmentedSelection, submitAtDeadline, attemptsWithMarks, deleteAttemptsById, markSuperseded, type Attempt, type ExamContext,
} from './queries.js';
import { gradeAttempt } from './grading.js';
import { saveNewerAnswer } from './answer-batch.js';
import { preparedPaper } from './paper-cache.js';
import { knownAssignment, rememberAssignment, type KnownAssignment } from './known-assignments.js';
import { storedStartFilters } from './faculties.js';
import { MESSAGES } from '../../src/domain/messages.js';

import { ownedFileCount } from '../storage/queries.js';

/** The exam rules' part of a use case's dependencies (server/deps.ts): the database and its write path, the server's clock now, the grace period. */
export type ExamDeps = Pick<AreaDeps, 'db' | 'writes' | 'now' | 'graceSeconds'>;

export const EXAM_REMOVED = MESSAGES.examRemoved;

export const examErrors = {
  removed: (status: 403 | 404) => (status === 403 ? forbidden(EXAM_REMOVED, 'examRemoved') : notFound(EXAM_REMOVED, 'examRemoved')),
  notFound: () => notFound('Exam not found', 'examNotFound', 'No such exam is assigned to your batch.'),
  notYours: () => forbidden('You can only take your own exams.', 'notYourExam'),
  notStarted: (startsAt: string) => forbidden('This exam has not started yet.', 'examNotStarted', `The exam starts at ${startsAt}.`),
  ended: () => conflict('This exam has ended.', 'examEnded'),
  timeOver: () => conflict(MESSAGES.timeOver, 'examTimeOver', 'The answer arrived after the exam time and its grace period.'),
  locked: () => conflict(MESSAGES.answerLocked, 'answerLocked'),
  submitted: () => conflict('This exam has already been submitted.', 'examSubmitted'),
  notAttempted: () => conflict('Start the exam first.', 'attemptNotStarted'),
  selectionNeeded: () => conflict('Select your subjects before starting the exam.', 'segmentedSelectionRequired'),
  selectionLocked: () => conflict('Your subject selection cannot be changed.', 'selectionLocked'),
  notSegmented: () => badRequest('This exam is not a segmented exam.', 'notSegmented'),
  liveRetake: () => forbidden('Live exams cannot be retaken.', 'retakeNotAllowed'),
  takenInOtherBatch: () =>
    conflict('You have already taken this exam in another batch.', 'liveExamTaken', 'A live exam can be taken once, whichever batch it is reached through.'),
  unknownQuestion: () => badRequest('This question is not part of your exam.', 'unknownQuestion'),
  unknownAttachment: () => badRequest('An attached file was not found. Please upload it again.', 'unknownAttachment'),
};

/**
 * Loads the exam context for a student acting on (exam, group) and checks they may: the exam is
 * assigned to the group, the student belongs to it, and the assignment is not removed.
 * `removedStatus` is 403 for actions and 404 for reading details (spec section 8).
 */
export async function authorise(db: Kysely<Database>, studentId: string, examId: string, groupId: string, removedStatus: 403 | 404 = 403, withAnswers = false): Promise<ExamContext> {
  const context = await loadExamContext(db, studentId, examId, groupId, withAnswers);
  if (!context || !context.isMember) throw examErrors.notFound();
  if (context.assignment.removed_at !== null) throw examErrors.removed(removedStatus);
  rememberAssignment(db, context);
  return context;
}

/** For calls that name an exam without a group: the student's (non-removed) assignment of it. */
export async function authoriseWithoutGroup(db: Kysely<Database>, studentId: string, examId: string, courseId: string | undefined, removedStatus: 403 | 404): Promise<ExamContext> {
  const assignments = await assignmentsOfExamForStudent(db, studentId, examId, courseId);
  if (assignments.length === 0) throw examErrors.notFound();
  const open = assignments.find((a) => a.removed_at === null);
  if (!open) throw examErrors.removed(removedStatus);
  return authorise(db, studentId, examId, open.group_id, removedStatus);
}

function windowOf(context: KnownAssignment) {
  return {
    startsAt: context.assignment.starts_at,
    endsAt: context.assignment.ends_at,
    duration: context.assignment.duration,
    isPracticeExam: context.exam.is_practice === 1,
  };
}

const startedView = (attempt: Attempt, now: Date): StartedAttempt => ({
  studentStartsAt: attempt.started_at,
  deadlineAt: attempt.deadline_at,
  serverNow: now.toISOString(),
  submittedAt: attempt.submitted_at,
});

/** The attempt a start writes: its deadline from the window, live unless the exam is practice. */
function newAttemptRow(studentId: string, examId: string, groupId: string, known: KnownAssignment, now: Date) {
  return {
    id: newId(),
    exam_id: examId,
    group_id: groupId,
    student_id: studentId,
    started_at: now.toISOString(),
    deadline_at: new Date(attemptEndMs(windowOf(known), now)).toISOString(),
    submitted_at: null,
    set_code: null,
    candidate_category: null,
    faculty: null,
    subject_name: null,
    superseded_at: null,
    live: known.exam.is_practice !== 1 ? 1 : 0,
  } as const;
}

/** Why the window lets no attempt start now, or null when it does (practice exams stay open after their end). */
function startRefusal(known: KnownAssignment, now: Date) {
  const window = windowOf(known);
  if (now.getTime() < toMs(window.startsAt)) return examErrors.notStarted(window.startsAt);
  if (!window.isPracticeExam && now.getTime() >= toMs(window.endsAt)) return examErrors.ended();
  return null;
}

/**
 * The opening storm's start, in one statement: the first attempt of a student at an assignment this
 * process has read lately (server/exams/known-assignments.ts), inserted only while the database agrees
 * with what was remembered. Undefined when it was not written (an attempt runs already, the assignment
 * changed, the student left the batch, ...): the full start then decides, with its precise answer.
 */
async function startFromKnownAssignment(deps: ExamDeps, studentId: string, examId: string, groupId: string): Promise<Attempt | undefined> {
  const known = knownAssignment(deps.db, examId, groupId);
  if (!known || known.assignment.removed_at !== null || known.exam.is_segmented || startRefusal(known, deps.now)) return undefined;
  const { starts_at, ends_at, duration } = known.assignment;
  const guard = { starts_at, ends_at, duration, is_practice: known.exam.is_practice };
  return deps.writes.run((db) => startNewAttempt(db, newAttemptRow(studentId, examId, groupId, known, deps.now), guard));
}

/** Starts the student's attempt, or returns the one already running (starting is idempotent). */
export async function startAttempt(deps: ExamDeps, studentId: string, examId: string, groupId: string): Promise<StartedAttempt> {
  const { db, now } = deps;
  const quick = await startFromKnownAssignment(deps, studentId, examId, groupId);
  if (quick) return startedView(quick, now);
  const context = await authorise(db, studentId, examId, groupId, 403);
  if (context.attempt) return startedView(context.attempt, now);

  const refusal = startRefusal(context, now);
  if (refusal) throw refusal;
  if (context.exam.is_segmented && !(await segmentedSelectionOf(db, examId, studentId))) throw examErrors.selectionNeeded();

  // One live attempt per exam and student whatever the batch: the database's unique index lets one
  // insert in, and a start through another batch then finds no attempt of its own.
  const live = context.exam.is_practice !== 1;
  // The unit reads through its own `db` (on SQLite the group commit's transaction): it sees a start of
  // the same attempt written just before it (a retried request) and the attempt it writes itself.
  const { attempt, takenElsewhere } = await deps.writes.run(async (db) => {
    // One statement in the common case: the insert, with the next round, unless an attempt runs already.
    const started = await startNewAttempt(db, newAttemptRow(studentId, examId, groupId, context, now));
    if (started) return { attempt: started, takenElsewhere: false };
    // Not written: a start of the same attempt got there first (a retried request), or a live attempt through another batch.
    const attempt = await currentAttempt(db, examId, groupId, studentId);
    return { attempt, takenElsewhere: !attempt && live && (await hasLiveAttempt(db, examId, studentId)) };
  });
  if (!attempt) throw takenElsewhere ? examErrors.takenInOtherBatch() : examErrors.notAttempted();
  return startedView(attempt, now);
}

export interface AnswerInput {
  questionId: string;
  answer: AnswerValue;
  timestamp: number;
  extra?: Attachment[];
  answerIndex?: number | null;
  offline?: boolean;
}

/** The answer a save request carries: its timestamp in whole milliseconds, `offline` from the query. */
export function answerInputOf(body: AnswerBody, offline: boolean): AnswerInput {
  return {
    questionId: body.questionId,
    answer: body.answer,
    timestamp: Math.floor(body.timestamp),
    extra: body.extra,
    answerIndex: body.answerIndex,
    offline,
  };
}

/**
 * Saves one answer. Saves are idempotent and ordered by the client's timestamp: the upsert only
 * overwrites a stored answer whose timestamp is older, in one statement, so retries and
 * out-of-order deliveries from a flaky connection can never replace a newer answer.
 */
export async function saveAnswer(deps: ExamDeps, studentId: string, examId: string, groupId: string, input: AnswerInput): Promise<SavedAnswerReply> {
  const { db, now } = deps;
  const context = await authorise(db, studentId, examId, groupId, 403);
  const attempt = context.attempt;
  if (!attempt) throw examErrors.notAttempted();
  if (attempt.submitted_at !== null) throw examErrors.submitted();
  if (isLate(now, attempt.deadline_at, deps.graceSeconds)) throw examErrors.timeOver();

  // The exam's questions never change once it is assigned: read from the prepared paper, not per save.
  const { questions } = await preparedPaper(db, context.exam);
  const question = questions.find((q) => q.id === input.questionId);
  if (!question) throw examErrors.unknownQuestion();
  if (context.exam.is_segmented) {
    const served = servedQuestions(context.exam, questions, await segmentedSelectionOf(db, examId, studentId));
    if (!served.some((q) => q.id === question.id)) throw examErrors.unknownQuestion();
  }
  const optionCount = readJson<unknown[]>(question.options, []).length;
  const problem = savedAnswerProblem(question.type, optionCount, input.answer, input.answerIndex);
  if (problem) throw badRequest(problem, 'invalidAnswer');

  const attachmentKeys = [...new Set((input.extra ?? []).map((file) => file.key))];
  // Only files this student uploaded may be attached to their answer.
  if (attachmentKeys.length > 0 && (await ownedFileCount(db, studentId, attachmentKeys)) !== attachmentKeys.length) throw examErrors.unknownAttachment();
  if (context.assignment.multiple_times_submission === 0) {
    const stored = await storedAnswer(db, attempt.id, question.id);
    if (stored && !answerChangeAllowed(question.type, optionCount, stored.answer, input.answer)) throw examErrors.locked();
  }

  const savedAt = now.toISOString();
  // Answered once the save is on disk; a save that lost to a newer one reports the standing answer's time.
  return deps.writes.run(async (db) => {
    const applied = await saveNewerAnswer(db, {
      attempt_id: attempt.id,
      question_id: question.id,
      answer: writeJson(input.answer),
      extra: writeJson(input.extra ?? []),
      answer_index: input.answerIndex ?? null,
      client_timestamp: input.timestamp,
      saved_at: savedAt,
      offline: input.offline ? 1 : 0,
    });
    if (applied) return { questionId: question.id, applied: true, savedAt };
    const standing = await storedAnswer(db, attempt.id, question.id);
    return { questionId: question.id, applied: false, savedAt: standing?.savedAt ?? savedAt };
  });
}

export interface SubmitInput {
  candidateCategory?: string | null;
  facultyName?: string | null;
  subjectName?: string | null;
}

/**
 * Finishes the attempt and scores it once; a repeated submit returns the same result. A submit
 * after the grace period is still accepted, because every stored answer arrived in time: it is
 * recorded as submitted at the attempt's deadline so nothing saved is lost.
 */
export async function submitAttempt(deps: ExamDeps, studentId: string, examId: string, groupId: string, input: SubmitInput): Promise<SubmitReply> {
  const { db, now } = deps;
  const context = await authorise(db, studentId, examId, groupId, 403);
  const attempt = context.attempt;
  if (!attempt) throw examErrors.notAttempted();
  const isPracticeExam = context.exam.is_practice === 1;
  const submittedAt = isLate(now, attempt.deadline_at, deps.graceSeconds) ? attempt.deadline_at : now.toISOString();
  // Read before the write: the questions of a started exam never change (server/exams/paper-cache.ts).
  const { questions } = await preparedPaper(db, context.exam);
  const filters = await storedStartFilters(db, input);

  const resultId = await deps.writes.run((db) =>
    atomically(db, async (trx) => {
      const fresh = await markSubmitted(trx, attempt.id, {
        submitted_at: submittedAt,
        ...filters,
      });
      const graded = await gradeAttempt(trx, context.exam, fresh, now, questions);
      // A retake submitted by the student replaces the earlier submission kept while it ran (the retake's promise).
      await dropFallback(trx, attempt);
      return graded.resultId;
    }),
  );
  return { status: '200', resultId, isPracticeExam };
}

/** An unsubmitted attempt whose deadline is before this (ISO time) has run out of time and grace: isLate as a bound for SQL. */
export const expiryCutoff = (now: Date, graceSeconds: number): string => new Date(now.getTime() - graceSeconds * 1000).toISOString();

/** Whether this attempt is one finalizeExpiredAttempts would finish now: read without asking the database. */
export const attemptExpired = (attempt: Pick<Attempt, 'submitted_at' | 'superseded_at' | 'deadline_at'>, now: Date, graceSeconds: number): boolean =>
  attempt.submitted_at === null && attempt.superseded_at === null && isLate(now, attempt.deadline_at, graceSeconds);

/**
 * Finishes attempts whose time and grace ran out without a submit (the student closed the app or
 * lost the connection): each is recorded as submitted at its deadline and scored with the answers
 * that arrived in time. Filter by exam (e.g. before a merit list) and/or student. Returns how many
 * attempts were finished.
 */
export async function finalizeExpiredAttempts(db: Kysely<Database>, filter: { examId?: string; studentId?: string }, now: Date, graceSeconds: number): Promise<number> {
  const cutoff = expiryCutoff(now, graceSeconds);
  let finished = 0;
  for (const attempt of await expiredAttempts(db, cutoff, filter)) {
    const done = await db.transaction().execute(async (trx) => {
      if (!(await submitAtDeadline(trx, attempt))) return false;
      await gradeAttempt(trx, await examById(trx, attempt.exam_id), { ...attempt, submitted_at: attempt.deadline_at }, now);
      await keepBetterOfTimedOutRetake(trx, attempt);
      return true;
    });
    if (done) finished += 1;
  }
  return finished;
}

/**
 * Practice retake: in one transaction the previous attempts go with their answers and results, but
 * the best graded one is kept aside (superseded: no screen shows it) while the retake runs, and the
 * segmented subject selection is cleared; the next start opens a fresh attempt. The retake submitted
 * by the student replaces the kept one; a retake left to time out keeps whichever scored more, so an
 * abandoned retake never turns a pass into a 0-mark Fail. Live exams cannot be retaken.
 */
export async function retakeExam(deps: ExamDeps, studentId: string, examId: string, groupId: string | undefined): Promise<{ status: '200' }> {
  const { db, now } = deps;
  const context = groupId ? await authorise(db, studentId, examId, groupId, 403) : await authoriseWithoutGroup(db, studentId, examId, undefined, 403);
  if (context.exam.is_practice !== 1) throw examErrors.liveRetake();
  await db.transaction().execute(async (trx) => {
    const attempts = await attemptsWithMarks(trx, examId, context.assignment.group_id, studentId);
    const graded = attempts.filter((a) => a.marks_obtained !== null).sort((a, b) => Number(b.marks_obtained) - Number(a.marks_obtained));
    const kept = graded[0];
    await deleteAttemptsById(trx, attempts.filter((a) => a !== kept).map((a) => a.id));
    if (kept && kept.superseded_at === null) await markSuperseded(trx, kept.id, now.toISOString());
    await clearSegmentedSelection(trx, examId, studentId);
  });
  return { status: '200' };
}

/** The submission kept aside during a retake of this attempt's exam, with its marks, if any. */
async function fallbackOf(db: Kysely<Database>, attempt: Attempt) {
  const attempts = await attemptsWithMarks(db, attempt.exam_id, attempt.group_id, attempt.student_id);
  return attempts.find((a) => a.superseded_at !== null && a.id !== attempt.id) ?? null;
}

/** The student submitted the retake: the submission kept aside goes, as the retake promised. */
async function dropFallback(db: Kysely<Database>, attempt: Attempt): Promise<void> {
  // A first round is no retake: nothing was kept aside for it.
  if (attempt.round <= 1) return;
  const fallback = await fallbackOf(db, attempt);
  if (fallback) await deleteAttemptsById(db, [fallback.id]);
}

/**
 * A retake that ran out of time without a submit, just graded: the better of it and the submission
 * kept aside stays (the kept one on a tie), the other goes.
 */
async function keepBetterOfTimedOutRetake(db: Kysely<Database>, attempt: Attempt): Promise<void> {
  const fallback = await fallbackOf(db, attempt);
  if (!fallback) return;
  const retake = (await attemptsWithMarks(db, attempt.exam_id, attempt.group_id, attempt.student_id)).find((a) => a.id === attempt.id);
  if (retake && Number(retake.marks_obtained ?? 0) > Number(fallback.marks_obtained ?? 0)) {
    await deleteAttemptsById(db, [fallback.id]);
    return;
  }
  await deleteAttemptsById(db, [attempt.id]);
  await markSuperseded(db, fallback.id, null);
}

/** The same subjects in each group, in any order. */
const sameSelection = (a: SegmentedSelection, b: SegmentedSelection): boolean =>
  SUBJECT_GROUPS.every((group) => {
    const ids = (s: SegmentedSelection) => s[group].map((x) => x.subjectId).sort().join(',');
    return ids(a) === ids(b);
  });

/**
 * Stores a segmented exam's subject selection after validating it with the shared rules. Once the
 * student has an attempt, or (live exams) once a selection was submitted, only the identical
 * selection is accepted again.
 */
export async function saveSegmentedSelection(deps: ExamDeps, studentId: string, examId: string, selection: SegmentedSelection): Promise<SegmentedSelection> {
  const { db, now } = deps;
  const context = await authoriseWithoutGroup(db, studentId, examId, undefined, 403);
  const details = segmentedDetailsOf(context.exam);
  if (!details) throw examErrors.notSegmented();
  const check = validateSelection(details, selection);
  if (!check.ok) throw badRequest(check.message, 'invalidSelection');

  const stored = await segmentedSelectionOf(db, examId, studentId);
  if (stored && sameSelection(stored, check.selection)) return stored;
  if ((await hasCurrentAttempt(db, examId, studentId)) || (stored && context.exam.is_practice !== 1)) throw examErrors.selectionLocked();
  await storeSegmentedSelection(db, examId, studentId, check.selection, now.toISOString());
  return check.selection;
}

