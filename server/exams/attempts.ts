// The rules of taking an exam: who may act on it, starting, saving answers, submitting, retaking,
// and choosing a segmented exam's subjects. The server's clock decides every time question.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readJson, writeJson } from '../db/json.js';
import { newId } from '../ids.js';
import { badRequest, conflict, forbidden, notFound } from '../errors.js';
import { attemptEndMs, toMs } from '../../src/domain/examTiming.js';
import { answerChangeAllowed, answerShapeProblem, type AnswerValue, type QuestionType } from '../../src/domain/scoring.js';
import { SUBJECT_GROUPS, validateSelection, type SegmentedSelection } from '../../src/domain/segmentedSelection.js';
import {
  assignmentsOfExamForStudent, currentAttempt, loadExamContext, questionsOfExam, segmentedDetailsOf, segmentedSelectionOf, servedQuestions,
  type Attempt, type ExamContext,
} from './queries.js';
import { gradeAttempt } from './grading.js';
import { MESSAGES } from '../../src/domain/messages.js';

export interface ExamDeps {
  db: Kysely<Database>;
  now: Date;
  graceSeconds: number;
}

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
  unknownQuestion: () => badRequest('This question is not part of your exam.', 'unknownQuestion'),
  unknownAttachment: () => badRequest('An attached file was not found. Please upload it again.', 'unknownAttachment'),
};

/**
 * Loads the exam context for a student acting on (exam, group) and checks they may: the exam is
 * assigned to the group, the student belongs to it, and the assignment is not removed.
 * `removedStatus` is 403 for actions and 404 for reading details (spec section 8).
 */
export async function authorise(db: Kysely<Database>, studentId: string, examId: string, groupId: string, removedStatus: 403 | 404 = 403): Promise<ExamContext> {
  const context = await loadExamContext(db, studentId, examId, groupId);
  if (!context || !context.isMember) throw examErrors.notFound();
  if (context.assignment.removed_at !== null) throw examErrors.removed(removedStatus);
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

function windowOf(context: ExamContext) {
  return {
    startsAt: context.assignment.starts_at,
    endsAt: context.assignment.ends_at,
    duration: context.assignment.duration,
    isPracticeExam: context.exam.is_practice === 1,
  };
}

export interface StartedAttempt {
  studentStartsAt: string;
  deadlineAt: string;
  serverNow: string;
  submittedAt: string | null;
}

const startedView = (attempt: Attempt, now: Date): StartedAttempt => ({
  studentStartsAt: attempt.started_at,
  deadlineAt: attempt.deadline_at,
  serverNow: now.toISOString(),
  submittedAt: attempt.submitted_at,
});

/** Starts the student's attempt, or returns the one already running (starting is idempotent). */
export async function startAttempt(deps: ExamDeps, studentId: string, examId: string, groupId: string): Promise<StartedAttempt> {
  const { db, now } = deps;
  const context = await authorise(db, studentId, examId, groupId, 403);
  if (context.attempt) return startedView(context.attempt, now);

  const window = windowOf(context);
  if (now.getTime() < toMs(window.startsAt)) throw examErrors.notStarted(window.startsAt);
  if (!window.isPracticeExam && now.getTime() >= toMs(window.endsAt)) throw examErrors.ended();
  if (context.exam.is_segmented && !(await segmentedSelectionOf(db, examId, studentId))) throw examErrors.selectionNeeded();

  const previous = await db
    .selectFrom('attempts')
    .select((eb) => eb.fn.max('round').as('round'))
    .where('exam_id', '=', examId)
    .where('group_id', '=', groupId)
    .where('student_id', '=', studentId)
    .executeTakeFirst();
  const round = Number(previous?.round ?? 0) + 1;
  // Two starts at the same moment meet on the unique (exam, group, student, round): one inserts,
  // the other reads the winner.
  await db
    .insertInto('attempts')
    .values({
      id: newId(),
      exam_id: examId,
      group_id: groupId,
      student_id: studentId,
      started_at: now.toISOString(),
      deadline_at: new Date(attemptEndMs(window, now)).toISOString(),
      submitted_at: null,
      set_code: null,
      candidate_category: null,
      faculty: null,
      subject_name: null,
      round,
      superseded_at: null,
    })
    .onConflict((oc) => oc.columns(['exam_id', 'group_id', 'student_id', 'round']).doNothing())
    .execute();
  const attempt = await currentAttempt(db, examId, groupId, studentId);
  if (!attempt) throw examErrors.notAttempted();
  return startedView(attempt, now);
}

export interface AnswerInput {
  questionId: string;
  answer: AnswerValue;
  timestamp: number;
  extra?: { name: string; key: string; type: string }[];
  answerIndex?: number | null;
  offline?: boolean;
}

export interface SavedAnswerReply {
  questionId: string;
  applied: boolean;
  savedAt: string;
}

function isLate(attempt: Attempt, now: Date, graceSeconds: number): boolean {
  return now.getTime() > toMs(attempt.deadline_at) + graceSeconds * 1000;
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
  if (isLate(attempt, now, deps.graceSeconds)) throw examErrors.timeOver();

  const question = await db
    .selectFrom('questions')
    .select(['id', 'type', 'options', 'subject_id', 'position'])
    .where('id', '=', input.questionId)
    .where('exam_id', '=', examId)
    .executeTakeFirst();
  if (!question) throw examErrors.unknownQuestion();
  if (context.exam.is_segmented) {
    const served = servedQuestions(context.exam, await questionsOfExam(db, examId), await segmentedSelectionOf(db, examId, studentId));
    if (!served.some((q) => q.id === question.id)) throw examErrors.unknownQuestion();
  }
  const type = question.type as QuestionType;
  const optionCount = readJson<unknown[]>(question.options, []).length;
  const problem = answerShapeProblem(type, optionCount, input.answer);
  if (problem) throw badRequest(problem, 'invalidAnswer');
  if (input.answerIndex !== undefined && input.answerIndex !== null && (type !== 'MCA' || input.answerIndex >= optionCount)) {
    throw badRequest('answerIndex names an option this question does not have.', 'invalidAnswer');
  }

  const attachmentKeys = [...new Set((input.extra ?? []).map((file) => file.key))];
  if (attachmentKeys.length > 0) {
    // Only files this student uploaded may be attached to their answer.
    const owned = await db.selectFrom('stored_files').select('key').where('key', 'in', attachmentKeys).where('owner_id', '=', studentId).execute();
    if (owned.length !== attachmentKeys.length) throw examErrors.unknownAttachment();
  }
  if (context.assignment.multiple_times_submission === 0) {
    const stored = await db
      .selectFrom('answers')
      .select('answer')
      .where('attempt_id', '=', attempt.id)
      .where('question_id', '=', question.id)
      .executeTakeFirst();
    if (stored && !answerChangeAllowed(type, optionCount, readJson<AnswerValue>(stored.answer, []), input.answer)) throw examErrors.locked();
  }

  const savedAt = now.toISOString();
  const written = await db
    .insertInto('answers')
    .values({
      attempt_id: attempt.id,
      question_id: question.id,
      answer: writeJson(input.answer),
      extra: writeJson(input.extra ?? []),
      answer_index: input.answerIndex ?? null,
      client_timestamp: input.timestamp,
      saved_at: savedAt,
      offline: input.offline ? 1 : 0,
    })
    .onConflict((oc) =>
      oc
        .columns(['attempt_id', 'question_id'])
        .doUpdateSet((eb) => ({
          answer: eb.ref('excluded.answer'),
          extra: eb.ref('excluded.extra'),
          answer_index: eb.ref('excluded.answer_index'),
          client_timestamp: eb.ref('excluded.client_timestamp'),
          saved_at: eb.ref('excluded.saved_at'),
          offline: eb.ref('excluded.offline'),
        }))
        .whereRef('excluded.client_timestamp', '>', 'answers.client_timestamp'),
    )
    .returning('question_id')
    .executeTakeFirst();
  if (written) return { questionId: question.id, applied: true, savedAt };
  const standing = await db
    .selectFrom('answers')
    .select('saved_at')
    .where('attempt_id', '=', attempt.id)
    .where('question_id', '=', question.id)
    .executeTakeFirst();
  return { questionId: question.id, applied: false, savedAt: standing?.saved_at ?? savedAt };
}

export interface SubmitInput {
  candidateCategory?: string | null;
  facultyName?: string | null;
  subjectName?: string | null;
}

export interface SubmitReply {
  status: '200';
  resultId: string;
  isPracticeExam: boolean;
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
  const submittedAt = isLate(attempt, now, deps.graceSeconds) ? attempt.deadline_at : now.toISOString();

  const resultId = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('attempts')
      .set({
        submitted_at: submittedAt,
        candidate_category: input.candidateCategory ?? null,
        faculty: input.facultyName ?? null,
        subject_name: input.subjectName ?? null,
      })
      .where('id', '=', attempt.id)
      .where('submitted_at', 'is', null)
      .execute();
    const fresh = await trx.selectFrom('attempts').selectAll().where('id', '=', attempt.id).executeTakeFirstOrThrow();
    return (await gradeAttempt(trx, context.exam, fresh, now)).resultId;
  });
  return { status: '200', resultId, isPracticeExam };
}

/**
 * Finishes attempts whose time and grace ran out without a submit (the student closed the app or
 * lost the connection): each is recorded as submitted at its deadline and scored with the answers
 * that arrived in time. Filter by exam (e.g. before a merit list) and/or student. Returns how many
 * attempts were finished.
 */
export async function finalizeExpiredAttempts(db: Kysely<Database>, filter: { examId?: string; studentId?: string }, now: Date, graceSeconds: number): Promise<number> {
  const cutoff = new Date(now.getTime() - graceSeconds * 1000).toISOString();
  let query = db.selectFrom('attempts').selectAll().where('submitted_at', 'is', null).where('superseded_at', 'is', null).where('deadline_at', '<', cutoff);
  if (filter.examId) query = query.where('exam_id', '=', filter.examId);
  if (filter.studentId) query = query.where('student_id', '=', filter.studentId);
  const expired = await query.execute();
  let finished = 0;
  for (const attempt of expired) {
    const done = await db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('attempts')
        .set({ submitted_at: attempt.deadline_at })
        .where('id', '=', attempt.id)
        .where('submitted_at', 'is', null)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      const exam = await trx.selectFrom('exams').selectAll().where('id', '=', attempt.exam_id).executeTakeFirstOrThrow();
      await gradeAttempt(trx, exam, { ...attempt, submitted_at: attempt.deadline_at }, now);
      return true;
    });
    if (done) finished += 1;
  }
  return finished;
}

/**
 * Practice retake: the current attempt is superseded (the next start opens round + 1) and the
 * segmented subject selection is cleared. Live exams cannot be retaken.
 */
export async function retakeExam(deps: ExamDeps, studentId: string, examId: string, groupId: string | undefined): Promise<{ status: '200' }> {
  const { db, now } = deps;
  const context = groupId ? await authorise(db, studentId, examId, groupId, 403) : await authoriseWithoutGroup(db, studentId, examId, undefined, 403);
  if (context.exam.is_practice !== 1) throw examErrors.liveRetake();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('attempts')
      .set({ superseded_at: now.toISOString() })
      .where('exam_id', '=', examId)
      .where('group_id', '=', context.assignment.group_id)
      .where('student_id', '=', studentId)
      .where('superseded_at', 'is', null)
      .execute();
    await trx.deleteFrom('segmented_selections').where('exam_id', '=', examId).where('student_id', '=', studentId).execute();
  });
  return { status: '200' };
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
  const attempts = await db
    .selectFrom('attempts')
    .select('id')
    .where('exam_id', '=', examId)
    .where('student_id', '=', studentId)
    .where('superseded_at', 'is', null)
    .execute();
  if (attempts.length > 0 || (stored && context.exam.is_practice !== 1)) throw examErrors.selectionLocked();

  const values = {
    mandatory_subjects: writeJson(check.selection.mandatorySubjects),
    compulsory_optional_subjects: writeJson(check.selection.compulsoryOptionalSubjects),
    optional_subjects: writeJson(check.selection.optionalSubjects),
    updated_at: now.toISOString(),
  };
  await db
    .insertInto('segmented_selections')
    .values({ exam_id: examId, student_id: studentId, ...values })
    .onConflict((oc) => oc.columns(['exam_id', 'student_id']).doUpdateSet(values))
    .execute();
  return check.selection;
}

