// The teacher's side of results: the exam assignments with what waits for marking, the written
// answers of one assignment, marking one answer (the result is scored again by the shared scoring
// module), and publishing an assignment's results, which makes the marks final, opens the result
// and merit list to the batch and notifies every student of it.
import { recordActivity } from '../activity/record.js';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database, Staff } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import { readJson } from '../db/json.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { isAnswered, marksInRange, roundMarks } from '../../src/domain/scoring.js';
import type { AnswerValue, Attachment } from '../../src/contracts/exams.js';
import type { GradingQueue, MarkReply, PublishReply, StaffAssignment, WrittenAnswer } from '../../src/contracts/staff.js';
import { finalizeExpiredAttempts, type ExamDeps } from '../exams/attempts.js';
import { examById } from '../exams/queries.js';
import { regradeAttempt } from '../exams/grading.js';
import { assertNoRegradeJob } from '../exams/regrading.js';
import { publishNotification } from '../notifications/publish.js';
import { queueNotices } from '../reminders/reminders.js';
import { reminderDeps } from '../reminder-deps.js';
import { fixMeritList } from './queries.js';
import { graceEndMs, isLate } from '../../src/domain/examTiming.js';
import { publishAfterWords } from '../../src/domain/academyTime.js';
import { challengeClosesAt } from '../../src/domain/challenges.js';

const WRITTEN = ['shortAns', 'paragraph'] as const;

export const markingErrors = {
  assignmentNotFound: () => notFound('Exam assignment not found', 'assignmentNotFound'),
  answerNotFound: () => notFound('Answer not found', 'answerNotFound', 'The student did not answer this question in a submitted attempt.'),
  notWritten: () => badRequest('Only short answers and paragraphs are marked by a teacher.', 'notWrittenAnswer'),
  outOfRange: (point: number) => badRequest(`Marks must be from 0 to ${point}.`, 'marksOutOfRange'),
  published: () => conflict('The results of this exam are already published; marks can no longer change.', 'resultsPublished'),
  alreadyPublished: () => conflict('The results of this exam are already published.', 'alreadyPublished'),
  practice: () => conflict('Practice results are shown to students at once; there is nothing to publish.', 'practiceExam'),
  notOver: (publishableAt: string) => conflict('This exam is not over yet.', 'examNotOver', `${publishAfterWords(publishableAt)}.`),
  markingPending: (count: number) =>
    conflict('Some written answers still wait for marks.', 'markingPending', `${count} submission${count === 1 ? '' : 's'} still ${count === 1 ? 'has' : 'have'} unmarked written answers.`),
};

/** Exam assignments with their exam, batch and course, and their submission counts (aliases ea, e, g, c). */
function assignmentRows(db: Kysely<Database>) {
  return db
    .selectFrom('exam_assignments as ea')
    .innerJoin('exams as e', 'e.id', 'ea.exam_id')
    .innerJoin('groups as g', 'g.id', 'ea.group_id')
    .leftJoin('courses as c', 'c.id', 'e.course_id')
    .where('ea.removed_at', 'is', null)
    .select((eb) => [
      'ea.id', 'ea.exam_id', 'ea.group_id', 'ea.starts_at', 'ea.ends_at', 'ea.result_published', 'ea.published_at',
      'e.title', 'e.is_practice', 'e.course_id', 'c.name as course_name', 'g.name as group_name',
      eb.selectFrom('results as r').whereRef('r.exam_id', '=', 'ea.exam_id').whereRef('r.group_id', '=', 'ea.group_id')
        .select((inner) => inner.fn.countAll<number>().as('n')).as('submitted'),
      eb.selectFrom('results as r').whereRef('r.exam_id', '=', 'ea.exam_id').whereRef('r.group_id', '=', 'ea.group_id').where('r.pending_review', '=', 1)
        .select((inner) => inner.fn.countAll<number>().as('n')).as('awaiting'),
    ]);
}
type AssignmentRow = Awaited<ReturnType<ReturnType<typeof assignmentRows>['execute']>>[number];

/** When an assignment's results may be published: its end and the grace period for late submissions. */
const publishableAt = (endsAt: string, graceSeconds: number) => new Date(graceEndMs(endsAt, graceSeconds)).toISOString();

/** What every desk list says of an assignment: its exam, batch, times and publication (the week's rows too). */
export function assignmentHead(row: Pick<AssignmentRow, 'id' | 'exam_id' | 'title' | 'is_practice' | 'course_id' | 'course_name' | 'group_id' | 'group_name' | 'starts_at' | 'ends_at' | 'published_at'>, graceSeconds: number) {
  return {
    _id: row.id,
    exam: { _id: row.exam_id, title: row.title, isPracticeExam: Number(row.is_practice) === 1, courseId: row.course_id, courseName: row.course_name },
    groupId: row.group_id,
    groupName: row.group_name,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    publishableAt: publishableAt(row.ends_at, graceSeconds),
    publishedAt: row.published_at,
  };
}

function assignmentView(row: AssignmentRow, graceSeconds: number): StaffAssignment {
  return {
    ...assignmentHead(row, graceSeconds),
    submitted: Number(row.submitted ?? 0),
    awaitingMarking: Number(row.awaiting ?? 0),
    resultPublished: Number(row.result_published) === 1,
  };
}

/** The exam assignments of the given courses (null: of every course), newest first. */
export async function staffAssignments(db: Kysely<Database>, graceSeconds: number, courseIds: string[] | null): Promise<StaffAssignment[]> {
  if (courseIds?.length === 0) return [];
  let query = assignmentRows(db);
  if (courseIds) query = query.where('e.course_id', 'in', courseIds);
  const rows = await query.orderBy('ea.starts_at', 'desc').orderBy('ea.id').execute();
  return rows.map((row) => assignmentView(row, graceSeconds));
}

/** One exam assignment as the desk lists it; 404 assignmentNotFound when there is none. */
export async function staffAssignment(db: Kysely<Database>, assignmentId: string, graceSeconds: number): Promise<StaffAssignment> {
  const row = await assignmentRows(db).where('ea.id', '=', assignmentId).executeTakeFirst();
  if (!row) throw markingErrors.assignmentNotFound();
  return assignmentView(row, graceSeconds);
}

/**
 * The written answers of an assignment's submitted attempts: those waiting for marks ('pending',
 * oldest submission first), those marked, or all. Written answers left empty are not listed.
 */
export async function gradingQueue(deps: ExamDeps, assignmentId: string, status: 'pending' | 'marked' | 'all'): Promise<GradingQueue> {
  const { db } = deps;
  let assignment = await staffAssignment(db, assignmentId, deps.graceSeconds);
  if (await finalizeExpiredAttempts(db, { examId: assignment.exam._id }, deps.now, deps.graceSeconds)) assignment = await staffAssignment(db, assignmentId, deps.graceSeconds);
  let query = db
    .selectFrom('attempts as a')
    .innerJoin('answers as an', 'an.attempt_id', 'a.id')
    .innerJoin('questions as q', 'q.id', 'an.question_id')
    .innerJoin('students as s', 's.id', 'a.student_id')
    .leftJoin('staff as st', 'st.id', 'an.reviewed_by')
    .select([
      'a.id as attempt_id', sql<string>`a.submitted_at`.as('submitted_at'), 's.id as student_id', 's.name as student_name', 's.sid', 'q.id as question_id', 'q.type', 'q.title', 'q.point',
      'q.image', 'q.file', 'q.answer as model_answer', 'q.explanation', 'an.answer', 'an.extra', 'an.review_marks', 'an.review_comment', 'an.reviewed_at',
      'st.name as reviewer',
    ])
    .where('a.exam_id', '=', assignment.exam._id)
    .where('a.group_id', '=', assignment.groupId)
    .where('a.submitted_at', 'is not', null)
    .where('a.superseded_at', 'is', null)
    .where('q.type', 'in', WRITTEN);
  if (status === 'pending') query = query.where('an.review_marks', 'is', null);
  if (status === 'marked') query = query.where('an.review_marks', 'is not', null);
  const rows = await query.orderBy('a.submitted_at').orderBy('s.name').orderBy('q.position').execute();
  const answers: WrittenAnswer[] = [];
  for (const row of rows) {
    const answer = readJson<AnswerValue>(row.answer, []);
    const extra = readJson<Attachment[]>(row.extra, []);
    if (!isAnswered(row.type, 0, answer, extra.length)) continue;
    answers.push({
      attemptId: row.attempt_id,
      questionId: row.question_id,
      student: { _id: row.student_id, name: row.student_name, sid: row.sid },
      question: {
        _id: row.question_id,
        type: row.type as (typeof WRITTEN)[number],
        title: row.title,
        point: row.point,
        image: readJson<string[]>(row.image, []),
        file: readJson<string[]>(row.file, []),
        modelAnswer: readJson<AnswerValue>(row.model_answer, []),
        explanation: row.explanation,
      },
      answer,
      extra,
      submittedAt: row.submitted_at,
      marks: row.review_marks === null ? null : Number(row.review_marks),
      comment: row.review_comment,
      reviewedAt: row.reviewed_at,
      reviewedBy: row.reviewer,
    });
  }
  return { assignment, answers };
}

/**
 * Marks one written answer of a submitted attempt (0 to the question's marks, with an optional
 * comment the student reads on the result) and scores the attempt again, in one transaction.
 * Refused once the assignment's results are published: published marks are final.
 *
 * Marking and publishing take turns on the assignment's row: on PostgreSQL the mark's transaction
 * holds a share lock on it from the published check to its commit (marks of one assignment still run
 * side by side), and publishing's update of that row waits for every such mark and is waited for by
 * every later one, which then finds the assignment published and is refused. A mark is thus either
 * in the published results and merit list or refused. SQLite runs one writing transaction at a time.
 */
export async function markAnswer(deps: ExamDeps, dialect: Dialect, staff: Staff, attemptId: string, questionId: string, input: { marks: number; comment?: string | null }): Promise<MarkReply> {
  const { db, now } = deps;
  const attempt = await db.selectFrom('attempts').selectAll().where('id', '=', attemptId).executeTakeFirst();
  if (!attempt || attempt.submitted_at === null || attempt.superseded_at !== null) throw markingErrors.answerNotFound();
  const question = await db.selectFrom('questions').select(['id', 'type', 'point']).where('id', '=', questionId).where('exam_id', '=', attempt.exam_id).executeTakeFirst();
  if (!question) throw markingErrors.answerNotFound();
  if (!(WRITTEN as readonly string[]).includes(question.type)) throw markingErrors.notWritten();
  const stored = await db.selectFrom('answers').select(['answer', 'extra']).where('attempt_id', '=', attemptId).where('question_id', '=', questionId).executeTakeFirst();
  if (!stored || !isAnswered(question.type, 0, readJson<AnswerValue>(stored.answer, []), readJson<unknown[]>(stored.extra, []).length)) throw markingErrors.answerNotFound();
  if (!marksInRange(input.marks, question.point)) throw markingErrors.outOfRange(question.point);

  const marks = roundMarks(input.marks);
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  const reviewedAt = now.toISOString();
  const score = await db.transaction().execute(async (trx) => {
    let published = trx
      .selectFrom('exam_assignments')
      .select('result_published')
      .where('exam_id', '=', attempt.exam_id)
      .where('group_id', '=', attempt.group_id);
    if (dialect === 'postgres') published = published.forShare();
    const assignment = await published.executeTakeFirstOrThrow();
    if (Number(assignment.result_published) === 1) throw markingErrors.published();
    // A regrade being written would write this result again from figures planned before the mark.
    await assertNoRegradeJob(trx, attempt.exam_id);
    // Two marks of one attempt take turns on its result, so the second scores the attempt with the
    // first's mark in it (each would otherwise score it without the other's and the last write win).
    if (dialect === 'postgres') await trx.selectFrom('results').select('id').where('attempt_id', '=', attemptId).forUpdate().execute();
    await trx
      .updateTable('answers')
      .set({ review_marks: marks, review_comment: comment, reviewed_by: staff.id, reviewed_at: reviewedAt })
      .where('attempt_id', '=', attemptId)
      .where('question_id', '=', questionId)
      .execute();
    const exam = await examById(trx, attempt.exam_id);
    await recordActivity(trx, { at: now, staff, kind: 'mark', summary: `Gave ${marks} of ${question.point} marks to a written answer in ${exam.title}`, courseId: exam.course_id, subjectId: attemptId });
    return regradeAttempt(trx, exam, attempt);
  });
  return {
    attemptId,
    questionId,
    marks,
    comment,
    reviewedAt,
    result: { marksObtained: score.marksObtained, totalMarks: score.totalMarks, passed: score.passed, pendingReview: score.pendingReview },
  };
}

/**
 * Publishes a live exam assignment's results: once the exam and its grace period are over, every
 * attempt is finished and every written answer marked, the assignment is marked published (its marks
 * final) and the exam's merit list is fixed over every published batch, in one transaction; then each
 * student of the batch gets a notification that leads to the result, live on every open tab.
 */
export async function publishResults(app: FastifyInstance, deps: ExamDeps, assignmentId: string, by: Staff | null = null): Promise<PublishReply> {
  const { db, now } = deps;
  const row = await db
    .selectFrom('exam_assignments as ea')
    .innerJoin('exams as e', 'e.id', 'ea.exam_id')
    .leftJoin('groups as g', 'g.id', 'ea.group_id')
    .select(['ea.id', 'ea.exam_id', 'ea.group_id', 'ea.ends_at', 'ea.result_published', 'ea.removed_at', 'e.title', 'e.is_practice', 'e.course_id', 'e.subject_id', 'e.challenge_hours', 'g.name as group_name'])
    .where('ea.id', '=', assignmentId)
    .executeTakeFirst();
  if (!row || row.removed_at !== null) throw markingErrors.assignmentNotFound();
  if (Number(row.is_practice) === 1) throw markingErrors.practice();
  if (Number(row.result_published) === 1) throw markingErrors.alreadyPublished();
  const opensAt = publishableAt(row.ends_at, deps.graceSeconds);
  if (!isLate(now, row.ends_at, deps.graceSeconds)) throw markingErrors.notOver(opensAt);

  await finalizeExpiredAttempts(db, { examId: row.exam_id }, now, deps.graceSeconds);
  const publishedAt = now.toISOString();
  const results = await db.transaction().execute(async (trx) => {
    // The assignment's row first: this waits for every mark still in its transaction (they hold it
    // shared, see markAnswer) and makes every later mark wait for this commit and then be refused,
    // so the counts and the merit list below see every mark that is accepted.
    const updated = await trx
      .updateTable('exam_assignments')
      // The answer-key challenge window opens now (the exam's hours, else the academy's).
      .set({ result_published: 1, published_at: publishedAt, challenge_closes_at: challengeClosesAt(publishedAt, row.challenge_hours ?? app.config.challengeWindowHours) })
      .where('id', '=', assignmentId)
      .where('result_published', '=', 0)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) throw markingErrors.alreadyPublished();
    // A regrade being written would write places ranked before this batch joined the merit list.
    await assertNoRegradeJob(trx, row.exam_id);
    const counts = await trx
      .selectFrom('results')
      .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.sum<number | null>('pending_review').as('pending')])
      .where('exam_id', '=', row.exam_id)
      .where('group_id', '=', row.group_id)
      .executeTakeFirst();
    const pending = Number(counts?.pending ?? 0);
    if (pending > 0) throw markingErrors.markingPending(pending);
    await fixMeritList(trx, row.exam_id);
    const all = Number(counts?.all ?? 0);
    await recordActivity(trx, { at: now, staff: by, kind: 'publish', summary: `Published the results of ${row.title} for ${row.group_name ?? 'a batch'} (${all} results)`, courseId: row.course_id, subjectId: assignmentId });
    return all;
  });

  const students = (await db.selectFrom('group_members').select('student_id').where('group_id', '=', row.group_id).execute()).map((m) => m.student_id);
  const published = await publishNotification(
    app,
    {
      type: 'notification',
      message: `The result of ${row.title} is published.`,
      info: { on: 'result', id: row.exam_id, groupId: row.group_id, courseId: row.course_id, subjectId: row.subject_id ?? undefined, title: row.title, isPracticeExam: false },
    },
    students,
  );
  await queueNotices(reminderDeps(app), 'results', [{ notificationId: published.notificationId._id, message: published.notificationId.message, info: published.notificationId.info, studentIds: students }]);
  return { assignmentId, examId: row.exam_id, groupId: row.group_id, publishedAt, results, notified: students.length };
}

/** The assignments of an exam that still wait for publication (the operator's `publish <examId>`). */
export async function unpublishedAssignmentsOf(db: Kysely<Database>, examId: string) {
  return db
    .selectFrom('exam_assignments as ea')
    .innerJoin('groups as g', 'g.id', 'ea.group_id')
    .select(['ea.id', 'g.name as group_name'])
    .where('ea.exam_id', '=', examId)
    .where('ea.removed_at', 'is', null)
    .where('ea.result_published', '=', 0)
    .orderBy('g.name')
    .execute();
}
