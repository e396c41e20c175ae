// Results through the API on every database kind: the student's own result and what it may never
// show early, retake, merit list ranks with ties, scoreboard paging, and the teacher's marking and
// publishing with its notifications.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, withTwoProcesses, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { CLASSMATE, COURSE, GROUP, LIVE, LIVE_Q, OTHER_BATCH_EXAM, OTHER_GROUP, OUTSIDER, PRACTICE, PRACTICE_Q, SECRETS, SEGMENTED_PRACTICE, STUDENT } from './exams-fixture.js';
import { DRILLS, FINISHED, FINISHED_ASSIGNMENT, FINISHED_OTHER_ASSIGNMENT, FINISHED_Q, FOURTH, TEACHER, THIRD, resultsBundle } from './results-fixture.js';
import { examsPaths, notificationsPaths, resultsPaths, staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('results (%s)', (kind) => {
  let server: TestServer;
  let me: string;
  let classmate: string;
  let outsider: string;
  let teacher: string;
  /** Every response body a student received; scanned for answer keys where none may be. */
  let bodies: string[];

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: resultsBundle() });
    me = await server.sessionFor(STUDENT);
    classmate = await server.sessionFor(CLASSMATE);
    outsider = await server.sessionFor(OUTSIDER);
    teacher = await server.sessionFor(TEACHER, 'staff');
    bodies = [];
  });
  afterEach(async () => {
    await server.close();
  });

  const call = signedCalls(() => server, () => bodies);
  const result = (exam: string, session = me, group = GROUP) => call('GET', apiPath(resultsPaths.result, { examId: exam, groupId: group }), session);
  const merit = (exam: string, type: 'LIVE' | 'PRACTICE', session = me, extra = '') => call('GET', `${apiPath(resultsPaths.meritList)}?examId=${exam}&typeOfExam=${type}${extra}`, session);
  const practiceRun = async (answers: { questionId: string; answer: unknown[] }[], exam = PRACTICE) => {
    expect((await call('PATCH', apiPath(examsPaths.start, { examId: exam, groupId: GROUP }), me)).status).toBe(200);
    for (const [i, a] of answers.entries()) expect((await call('PATCH', apiPath(examsPaths.addAnswer, { examId: exam, groupId: GROUP }), me, { ...a, timestamp: i + 1 })).status).toBe(200);
    return call('PATCH', apiPath(examsPaths.submit, { examId: exam, groupId: GROUP }), me, { candidateCategory: 'Govt.', facultyName: 'Medicine', subjectName: 'No Subject' });
  };
  const queue = (status = 'pending', assignment = FINISHED_ASSIGNMENT) => call('GET', `${apiPath(staffPaths.gradingQueue, { assignmentId: assignment })}?status=${status}`, teacher);
  const mark = (attemptId: string, questionId: string, marks: unknown, comment?: string, session = teacher) =>
    call('PATCH', apiPath(staffPaths.markAnswer, { attemptId, questionId }), session, comment === undefined ? { marks } : { marks, comment });
  const publish = (assignment = FINISHED_ASSIGNMENT, session = teacher) => call('POST', apiPath(staffPaths.publish, { assignmentId: assignment }), session);
  /** Marks the finished exam's written answers so that the ranks are 1, 2, 2, 4. */
  async function markAll() {
    const pending = await queue();
    expect(pending.status).toBe(200);
    const marks: Record<string, Record<string, number>> = {
      [STUDENT]: { [FINISHED_Q.shortAns]: 1, [FINISHED_Q.paragraph]: 3 },
      [CLASSMATE]: { [FINISHED_Q.shortAns]: 3 },
      [THIRD]: { [FINISHED_Q.paragraph]: 3.5 },
    };
    for (const answer of pending.body.data.answers) {
      const given = marks[answer.student._id]![answer.questionId]!;
      expect((await mark(answer.attemptId, answer.questionId, given, answer.student._id === STUDENT ? 'Name the valve exactly.' : undefined)).status).toBe(200);
    }
  }

  it('shows a practice result at once with every question, its key, explanation and notes, and the unanswered ones', async () => {
    expect((await practiceRun([{ questionId: PRACTICE_Q.mcq, answer: [1] }])).status).toBe(200);
    const reply = await result(PRACTICE);
    expect(reply.status).toBe(200);
    const data = reply.body.data;
    expect(data).toMatchObject({
      code: null, studentId: STUDENT, examId: PRACTICE, groupId: GROUP, groupName: 'Morning Batch', title: 'Practice Pharmacology Drill', subjectName: 'Pharmacology',
      courseName: 'Test Course', isPracticeExam: true, passed: true, passMark: 50, marksObtained: 1, totalMarks: 2, negativeMarks: 0, correct: 1, incorrect: 0,
      skipped: 1, rank: 1, gpaFactor: null, gpaMarks: null, examMarks: 1, pendingReview: false, subjectStats: [],
      questionTally: { correct: 1, partlyCorrect: 0, partialMarks: 0, incorrect: 0, skipped: 1, awaitingMarks: 0 },
    });
    expect(data.completionSeconds).toBeGreaterThanOrEqual(0);
    expect(data.answers).toHaveLength(2);
    expect(data.answers[0]).toMatchObject({ answer: [1], answered: true, marks: 1, total: 1, teacherMarks: null, questionId: { _id: PRACTICE_Q.mcq, answer: [1], explanation: 'SECRET-EXPLANATION-9', notes: 'SECRET-NOTES-9', explanationExt: ['SECRET-EXT-9'] } });
    expect(data.answers[1]).toMatchObject({ answer: [], answered: false, marks: 0, skipped: 1, questionId: { _id: PRACTICE_Q.mca, answer: ['true', 'false'] } });
  });

  it('gives per-subject figures for a segmented exam', async () => {
    const tally = (correct: number, incorrect: number) => ({ correct, partlyCorrect: 0, partialMarks: 0, incorrect, skipped: 0, awaitingMarks: 0 });
    const selection = { examId: SEGMENTED_PRACTICE, studentId: STUDENT, isPracticeExam: true, mandatorySubjects: [{ subjectId: 'b10000000000000000000001', count: 2 }], compulsoryOptionalSubjects: [{ subjectId: 'b10000000000000000000002', count: 2 }, { subjectId: 'b10000000000000000000003', count: 1 }], optionalSubjects: [] };
    expect((await call('POST', apiPath(examsPaths.saveSegmentedSelection), me, selection)).status).toBe(200);
    const paper = await call('PATCH', apiPath(examsPaths.start, { examId: SEGMENTED_PRACTICE, groupId: GROUP }), me);
    expect(paper.status).toBe(200);
    const questions = (await call('GET', apiPath(examsPaths.paper, { examId: SEGMENTED_PRACTICE, groupId: GROUP }), me)).body.data.questions;
    // Right on the first question of each subject (key i % 4 for question i of a subject), wrong on the rest.
    for (const [i, question] of questions.entries()) {
      const first = question.title.endsWith('question 1');
      await call('PATCH', apiPath(examsPaths.addAnswer, { examId: SEGMENTED_PRACTICE, groupId: GROUP }), me, { questionId: question._id, answer: [first ? 0 : 3], timestamp: i + 1 });
    }
    await call('PATCH', apiPath(examsPaths.submit, { examId: SEGMENTED_PRACTICE, groupId: GROUP }), me, {});
    const data = (await result(SEGMENTED_PRACTICE)).body.data;
    expect(data.isSegmentedExam).toBe(true);
    expect(data.subjectName).toBe('Anatomy, Physiology, Biochemistry');
    expect(data.subjectStats).toEqual([
      { subjectId: 'b10000000000000000000001', subjectName: 'Anatomy', questions: 2, marksObtained: 1, negativeMarks: 0, totalMarks: 2, correct: 1, incorrect: 1, skipped: 0, questionTally: tally(1, 1) },
      { subjectId: 'b10000000000000000000002', subjectName: 'Physiology', questions: 2, marksObtained: 1, negativeMarks: 0, totalMarks: 2, correct: 1, incorrect: 1, skipped: 0, questionTally: tally(1, 1) },
      { subjectId: 'b10000000000000000000003', subjectName: 'Biochemistry', questions: 1, marksObtained: 1, negativeMarks: 0, totalMarks: 1, correct: 1, incorrect: 0, skipped: 0, questionTally: tally(1, 0) },
    ]);
  });

  it('never shows a result, or an answer key, for an attempt not yet submitted; a live result waits for publication', async () => {
    expect((await result(LIVE)).body.errors?.code).toBe('resultNotReady');
    await call('PATCH', apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), me);
    await call('PATCH', apiPath(examsPaths.addAnswer, { examId: LIVE, groupId: GROUP }), me, { questionId: LIVE_Q.mcq, answer: [2], timestamp: 1 });
    const running = await result(LIVE);
    expect(running.status).toBe(409);
    expect(running.body.errors?.code).toBe('resultNotReady');
    await call('PATCH', apiPath(examsPaths.submit, { examId: LIVE, groupId: GROUP }), me, {});
    const submitted = await result(LIVE);
    expect(submitted.status).toBe(200);
    expect(submitted.body.data).toEqual({ code: 'notPublishedYet', title: 'Live Cardiology Test', message: 'The result of this exam has not been published yet.', examId: LIVE, groupId: GROUP });
    expect((await result(FINISHED)).body.data.code).toBe('notPublishedYet');
    expect((await merit(FINISHED, 'LIVE')).body.errors?.code).toBe('notPublishedYet');
    for (const body of bodies) for (const secret of [...SECRETS, 'SECRET-EXPLANATION-R', 'SECRET-NOTES-R']) expect(body).not.toContain(secret);
  });

  it("refuses another student's or another batch's result, merit list and retake", async () => {
    await practiceRun([{ questionId: PRACTICE_Q.mcq, answer: [1] }]);
    // The outsider's batch has no such assignment; the student is not in the other batch.
    expect((await result(PRACTICE, outsider)).status).toBe(404);
    expect((await result(FINISHED, me, OTHER_GROUP)).status).toBe(404);
    expect((await merit(PRACTICE, 'PRACTICE', outsider)).status).toBe(404);
    expect((await merit(OTHER_BATCH_EXAM, 'LIVE')).status).toBe(404);
    expect((await merit(PRACTICE, 'LIVE')).body.errors?.code).toBe('examTypeMismatch');
    const retake = await call('PATCH', `${apiPath(examsPaths.retake, { examId: PRACTICE, studentId: STUDENT })}?groupId=${GROUP}`, classmate);
    expect(retake.status).toBe(403);
    const outsiderRetake = await call('PATCH', `${apiPath(examsPaths.retake, { examId: PRACTICE, studentId: OUTSIDER })}?groupId=${GROUP}`, outsider);
    expect(outsiderRetake.status).toBe(404);
    // The classmate's view of the merit list never carries the other students' ids.
    const list = await merit(PRACTICE, 'PRACTICE', classmate);
    expect(list.status).toBe(200);
    expect(list.raw).not.toContain(STUDENT);
    expect(list.body.data.data[0]).toMatchObject({ studentId: { name: 'Student One' }, isMe: false });
  });

  it('retakes a practice exam, its old submission out of sight (kept aside only while the retake runs), and refuses a live retake', async () => {
    await practiceRun([{ questionId: PRACTICE_Q.mcq, answer: [1] }, { questionId: PRACTICE_Q.mca, answer: ['true', null] }]);
    const retake = await call('PATCH', `${apiPath(examsPaths.retake, { examId: PRACTICE, studentId: STUDENT })}?groupId=${GROUP}`, me);
    expect(retake.status).toBe(200);
    const db = server.app.db;
    // Only the one submission is kept, superseded: no result screen, scoreboard or merit list shows it.
    const attempts = await db.selectFrom('attempts').select(['id', 'superseded_at']).where('student_id', '=', STUDENT).where('exam_id', '=', PRACTICE).execute();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]!.superseded_at).not.toBeNull();
    expect((await result(PRACTICE)).body.errors?.code).toBe('resultNotReady');

    const live = await call('PATCH', `${apiPath(examsPaths.retake, { examId: FINISHED, studentId: STUDENT })}?groupId=${GROUP}`, me);
    expect(live.status).toBe(403);
    expect(live.body.errors?.code).toBe('retakeNotAllowed');
    expect(await db.selectFrom('results').select('id').where('student_id', '=', STUDENT).where('exam_id', '=', FINISHED).execute()).toHaveLength(1);
  });

  it('keeps the staff routes for staff: a student gets 403, no session 401', async () => {
    for (const [method, url, payload] of [
      ['GET', apiPath(staffPaths.assignments), undefined],
      ['GET', apiPath(staffPaths.gradingQueue, { assignmentId: FINISHED_ASSIGNMENT }), undefined],
      ['PATCH', apiPath(staffPaths.markAnswer, { attemptId: 'a'.repeat(24), questionId: FINISHED_Q.paragraph }), { marks: 1 }],
      ['POST', apiPath(staffPaths.publish, { assignmentId: FINISHED_ASSIGNMENT }), undefined],
    ] as const) {
      const asStudent = await call(method, url, me, payload);
      expect(asStudent.status).toBe(403);
      expect(asStudent.body.errors?.code).toBe('staffOnly');
      const anonymous = await server.call({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
    }
    // ...and the student routes are for students.
    expect((await merit(FINISHED, 'LIVE', teacher)).status).toBe(403);
    expect((await call('GET', apiPath(resultsPaths.scoreboard), teacher)).status).toBe(403);
  });

  it('lists the assignments and the written answers awaiting marking, and refuses marks out of range', async () => {
    const assignments = await call('GET', apiPath(staffPaths.assignments), teacher);
    expect(assignments.status).toBe(200);
    expect(assignments.body.data.find((a: any) => a._id === FINISHED_ASSIGNMENT)).toMatchObject({
      exam: { _id: FINISHED, title: 'Finished Cardiology Grand Test', isPracticeExam: false, courseName: 'Test Course' },
      groupName: 'Morning Batch', submitted: 4, awaitingMarking: 3, resultPublished: false, publishedAt: null,
    });
    const pending = await queue();
    expect(pending.body.data.answers).toHaveLength(4);
    const mine = pending.body.data.answers.find((a: any) => a.student._id === STUDENT && a.questionId === FINISHED_Q.shortAns);
    expect(mine).toMatchObject({ answer: ['Mitral'], marks: null, comment: null, question: { type: 'shortAns', point: 3, modelAnswer: ['SECRET-MODEL-ANSWER'] }, student: { name: 'Student One', sid: 'T-1' } });

    for (const marks of [-1, 3.5, 100]) {
      const refused = await mark(mine.attemptId, FINISHED_Q.shortAns, marks);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toMatchObject({ code: 'marksOutOfRange', title: 'Marks must be from 0 to 3.' });
    }
    expect((await mark(mine.attemptId, FINISHED_Q.shortAns, 'two')).status).toBe(400);
    expect((await mark(mine.attemptId, FINISHED_Q.mcq1, 1)).body.errors?.code).toBe('notWrittenAnswer');
    expect((await mark('a'.repeat(24), FINISHED_Q.shortAns, 1)).status).toBe(404);
    // CLASSMATE left the paragraph empty: there is nothing to mark.
    const classmateAttempt = pending.body.data.answers.find((a: any) => a.student._id === CLASSMATE).attemptId;
    expect((await mark(classmateAttempt, FINISHED_Q.paragraph, 1)).status).toBe(404);

    const marked = await mark(mine.attemptId, FINISHED_Q.shortAns, 2.5, '  Close: the mitral valve.  ');
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ marks: 2.5, comment: 'Close: the mitral valve.', result: { marksObtained: 6.5, totalMarks: 12, pendingReview: true } });
    expect((await queue()).body.data.answers).toHaveLength(3);
    expect((await queue('marked')).body.data.answers[0]).toMatchObject({ marks: 2.5, reviewedBy: 'Dr. Marker' });
  });

  it('publishes after marking, ranks ties alike (1, 2, 2, 4) and notifies every student of the batch', async () => {
    const early = await publish();
    expect(early.status).toBe(409);
    expect(early.body.errors?.code).toBe('markingPending');
    expect((await publish(FINISHED_ASSIGNMENT, me)).status).toBe(403);
    await markAll();

    const published = await publish();
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ assignmentId: FINISHED_ASSIGNMENT, examId: FINISHED, groupId: GROUP, results: 4, notified: 4 });
    expect((await publish()).body.errors?.code).toBe('alreadyPublished');
    const [attempt] = (await queue('marked')).body.data.answers;
    expect((await mark(attempt.attemptId, attempt.questionId, 0)).body.errors?.code).toBe('resultsPublished');

    const notified = await server.app.db
      .selectFrom('student_notifications as sn')
      .innerJoin('notifications as n', 'n.id', 'sn.notification_id')
      .select(['sn.student_id', 'n.info', 'n.message'])
      .execute();
    expect(notified.map((n) => n.student_id).sort()).toEqual([STUDENT, CLASSMATE, THIRD, FOURTH].sort());
    expect(JSON.parse(notified[0]!.info)).toMatchObject({ on: 'result', id: FINISHED, groupId: GROUP, isPracticeExam: false });
    const feed = await call('GET', apiPath(notificationsPaths.list), classmate);
    expect(feed.body.data[0].notificationId).toMatchObject({ message: 'The result of Finished Cardiology Grand Test is published.', info: { on: 'result', groupId: GROUP } });

    const list = await merit(FINISHED, 'LIVE');
    expect(list.status).toBe(200);
    expect(list.body.data.total).toBe(4);
    expect(list.body.data.data.map((r: any) => [r.studentId.name, r.rank, r.overall])).toEqual([
      ['Student One', 1, 8],
      ['Student Four', 2, 5],
      ['Student Two', 2, 5],
      ['Student Five', 4, -0.5],
    ]);
    expect(list.body.data.data[0]).toMatchObject({ isMe: true, facultyName: 'Medicine', facultyPosition: 1, subjectPosition: 1, categoryPosition: 1, negativeMarks: 0, marksObtained: 8 });
    // Teacher-marked answers count whole, never as shares: 1 of 3 and 3 of 5 marks are partly correct, not wrong.
    expect(list.body.data.data[0].totalWrongAnswer).toBe(0);
    for (const row of list.body.data.data) expect(Number.isInteger(row.totalWrongAnswer), row.studentId.name).toBe(true);
    // Surgery has one candidate; Non-Govt. one; Medicine ranks STUDENT 1, THIRD 2, FOURTH 3.
    expect(list.body.data.data.map((r: any) => [r.facultyPosition, r.categoryPosition])).toEqual([[1, 1], [2, 1], [1, 2], [3, 3]]);
    expect(list.body.data.me).toMatchObject({ position: 1, rank: 1 });
    // The other batch's results are not published: they are not on the list.
    expect(list.raw).not.toContain('Student Three');

    const page = await merit(FINISHED, 'LIVE', classmate, '&after=1&limit=2');
    expect(page.body.data.data.map((r: any) => r.position)).toEqual([2, 3]);
    expect(page.body.data).toMatchObject({ next: 3, total: 4, me: { studentId: { name: 'Student Two' }, rank: 2, isMe: true } });
    expect((await merit(FINISHED, 'LIVE', classmate, '&after=3&limit=2')).body.data.next).toBeNull();
    expect((await merit(FINISHED, 'LIVE', classmate, '&after=10')).body.data).toMatchObject({ data: [], total: 4, next: null });
    // The other batch cannot see it before its own publication.
    expect((await merit(FINISHED, 'LIVE', outsider)).body.errors?.code).toBe('notPublishedYet');

    const mine = await result(FINISHED);
    expect(mine.body.data).toMatchObject({ code: null, rank: 1, marksObtained: 8, totalMarks: 12, passed: true, pendingReview: false });
    expect(mine.body.data.answers.find((a: any) => a.questionId._id === FINISHED_Q.shortAns)).toMatchObject({ teacherMarks: 1, teacherComment: 'Name the valve exactly.', marks: 1, pendingReview: false });
  });

  it('refuses to publish practice exams, unknown assignments and exams that are not over', async () => {
    const assignments = (await call('GET', apiPath(staffPaths.assignments), teacher)).body.data;
    const practice = assignments.find((a: any) => a.exam._id === PRACTICE)._id;
    const live = assignments.find((a: any) => a.exam._id === LIVE)._id;
    expect((await publish(practice)).body.errors?.code).toBe('practiceExam');
    expect((await publish(live)).body.errors?.code).toBe('examNotOver');
    expect((await publish('b'.repeat(24))).status).toBe(404);
    // The other batch of the finished exam has no written answers: it publishes straight away.
    const other = await publish(FINISHED_OTHER_ASSIGNMENT);
    expect(other.body.data).toMatchObject({ results: 1, notified: 1 });
  });

  it('pages the scoreboard by lastId with every published result exactly once, a course filter and the summary', async () => {
    await markAll();
    await publish();
    // A live result not yet published never shows.
    await call('PATCH', apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), me);
    await call('PATCH', apiPath(examsPaths.submit, { examId: LIVE, groupId: GROUP }), me, {});

    const whole = await call('GET', apiPath(resultsPaths.scoreboard), me);
    expect(whole.status).toBe(200);
    const all = whole.body.data.results.examResult;
    expect(all).toHaveLength(8);
    expect(all.map((r: any) => r.examId._id)).not.toContain(LIVE);
    expect(whole.body.data.student).toMatchObject({ _id: STUDENT, name: 'Student One', sid: 'T-1' });
    expect(whole.body.data.student.groups.map((g: any) => g.name)).toEqual(['Morning Batch', 'Other Course Batch']);
    expect(whole.body.data.courses.map((c: any) => c.name)).toEqual(['Test Course', 'Other Course']);
    // Drills 1, 3, 5, 7 passed (1 of 1), 2, 4, 6 failed (0 of 1); the grand test 8 of 12.
    expect(whole.body.data.summary).toEqual({ exams: 8, examPassed: 5, examFailed: 3, highestMarks: 8, lowestMarks: 0, averageMarks: 1.5, obtainedMarks: 12, totalMarks: 19 });
    const finished = all.find((r: any) => r.examId._id === FINISHED);
    expect(finished).toMatchObject({ rank: 1, isPracticeExam: false, passed: true, marksObtained: 8, totalMarks: 12, groupName: 'Morning Batch', examId: { title: 'Finished Cardiology Grand Test', courseName: 'Test Course' } });

    const seen: string[] = [];
    let lastId = '';
    for (let page = 0; page < 10; page += 1) {
      const reply = await call('GET', `${apiPath(resultsPaths.scoreboardPage)}?limit=3${lastId ? `&lastId=${lastId}` : ''}`, me);
      expect(reply.status).toBe(200);
      seen.push(...reply.body.data.examResult.map((r: any) => r._id));
      if (!reply.body.data.hasMore) {
        expect(reply.body.data.lastId).toBeNull();
        break;
      }
      lastId = reply.body.data.lastId;
    }
    expect(seen).toEqual(all.map((r: any) => r._id));
    expect(new Set(seen).size).toBe(8);

    const course = await call('GET', `${apiPath(resultsPaths.scoreboardPage)}?limit=50&courseId=${COURSE}`, me);
    expect(course.body.data.examResult.map((r: any) => r.examId.title).sort()).toEqual(['Drill 1', 'Drill 2', 'Drill 3', 'Drill 4', 'Drill 5', 'Finished Cardiology Grand Test']);
    expect(course.body.data.summary).toMatchObject({ exams: 6, examPassed: 4 });
    expect(course.body.data.hasMore).toBe(false);

    // Another student's result id is no place to continue from; the classmate sees only their own.
    expect((await call('GET', `${apiPath(resultsPaths.scoreboardPage)}?lastId=${all[0]._id}`, classmate)).body.errors?.code).toBe('unknownLastId');
    const theirs = await call('GET', apiPath(resultsPaths.scoreboard), classmate);
    expect(theirs.body.data.results.examResult.map((r: any) => [r.examId._id, r.rank])).toEqual([[FINISHED, 2]]);
    expect(DRILLS).toHaveLength(7);
  });

  it('delivers the publication live to a signed-in student socket', async () => {
    await markAll();
    const baseUrl = await server.listen();
    const socket: Socket = connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { sessionId: me }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await expect.poll(async () => (await server.app.realtime.io.in(`student:${STUDENT}`).fetchSockets()).length).toBe(1);
    const received = new Promise<any>((resolve) => socket.once('notification', resolve));
    expect((await publish()).status).toBe(200);
    expect(await received).toMatchObject({ isSeen: false, notificationId: { info: { on: 'result', id: FINISHED, groupId: GROUP } } });
    socket.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL ?? null;
if (!redisUrl) {
  console.warn('Results publication over Redis did not run: TEST_REDIS_URL is not set.');
} else {
  describe('publishing across two server processes sharing Redis', () => {
    it('a teacher publishing on one process reaches the student whose socket is held by the other', async () => {
      await withTwoProcesses({ bundle: resultsBundle(), config: { redisUrl } }, async (first, second, baseUrl) => {
        const session = await first.sessionFor(STUDENT);
        const teacher = await first.sessionFor(TEACHER, 'staff');
        const socket = connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { sessionId: session }, reconnection: false });
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        await expect.poll(async () => (await second.realtime.io.in(`student:${STUDENT}`).fetchSockets()).length).toBe(1);
        const received = new Promise<any>((resolve) => socket.once('notification', resolve));
        // The other batch has no written answers, so it publishes without marking; mark ours first.
        const pending = JSON.parse((await second.inject({ method: 'GET', url: apiPath(staffPaths.gradingQueue, { assignmentId: FINISHED_ASSIGNMENT }), headers: { authorization: teacher } })).body);
        for (const answer of pending.data.answers) {
          const marked = await second.inject({ method: 'PATCH', url: apiPath(staffPaths.markAnswer, { attemptId: answer.attemptId, questionId: answer.questionId }), headers: { authorization: teacher }, payload: { marks: 1 } });
          expect(marked.statusCode).toBe(200);
        }
        const published = await second.inject({ method: 'POST', url: apiPath(staffPaths.publish, { assignmentId: FINISHED_ASSIGNMENT }), headers: { authorization: teacher } });
        expect(published.statusCode).toBe(200);
        expect(await received).toMatchObject({ notificationId: { info: { on: 'result', id: FINISHED, groupId: GROUP } } });
        socket.close();
      });
    });
  });
}
