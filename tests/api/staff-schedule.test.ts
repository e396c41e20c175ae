// The teacher desk's week (GET /api/staff/schedule) on every database kind: the exams of a teacher's
// courses in a week of the academy's clock, each in its state, with started and submitted counts that
// follow the students and a throttled event on the desk's realtime channel; a teacher of another course
// gets nothing of this one, and naming a course one does not teach is refused plainly.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls, type Reply } from '../support/api-calls.js';
import { resultsBundle, FINISHED, FINISHED_Q } from './results-fixture.js';
import { COURSE, ENDED, GROUP, LIVE, OTHER_COURSE, OTHER_GROUP, STUDENT, CLASSMATE, UPCOMING } from './exams-fixture.js';
import { weekOfTime } from '../../src/domain/academyWeek.js';
import { EXAM_ACTIVITY_EVENT, type ExamActivity } from '../../src/domain/staffSchedule.js';
import type { ScheduleEntry, StaffSchedule } from '../../src/contracts/staffSchedule.js';
import { examsPaths, staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';
import { courseRoom } from '../../server/realtime.js';

const WEEK_TEACHER = 'de00000000000000000000a1';
const OTHER_TEACHER = 'de00000000000000000000a2';
const ADMIN = 'de00000000000000000000a3';
const PUBLISHED = 'f100000000000000000000a1';

function weekBundle() {
  const base = resultsBundle();
  return {
    ...base,
    staff: [
      ...base.staff,
      { id: WEEK_TEACHER, name: 'Dr. Week', username: 'week@academy.test', role: 'teacher', password: 'week-pass-2026', courseIds: [COURSE] },
      { id: OTHER_TEACHER, name: 'Dr. Other', username: 'other@academy.test', role: 'teacher', password: 'other-pass-2026', courseIds: [OTHER_COURSE] },
      { id: ADMIN, name: 'Admin', username: 'admin-week@academy.test', role: 'admin', password: 'admin-pass-2026' },
    ],
    exams: [
      ...base.exams,
      {
        id: PUBLISHED,
        title: 'Published Renal Test',
        courseId: COURSE,
        passMark: 50,
        questions: [{ id: 'f200a1000000000000000001', type: 'MCQ', title: 'Pick A', point: 1, options: ['A', 'B'], answer: [0] }],
        assignments: [{ groupId: GROUP, startsAt: 'now-6h', endsAt: 'now-5h', duration: 30, resultPublished: true }],
      },
    ],
  };
}

describe.each(databaseKinds())('the week on the teacher desk (%s)', (kind) => {
  let server: TestServer;
  let teacher: string;
  let other: string;
  let admin: string;
  let student: string;
  let classmate: string;

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: weekBundle(), config: { scryptCost: 1024 } });
    [teacher, other, admin, student, classmate] = await Promise.all([
      server.sessionFor(WEEK_TEACHER, 'staff'), server.sessionFor(OTHER_TEACHER, 'staff'), server.sessionFor(ADMIN, 'staff'), server.sessionFor(STUDENT), server.sessionFor(CLASSMATE),
    ]);
  });
  afterEach(() => server.close());

  const call = signedCalls(() => server, () => []);
  const week = async (session: string, query = ''): Promise<StaffSchedule> => {
    const reply = await call('GET', `${apiPath(staffPaths.schedule)}${query}`, session);
    expect(reply.status).toBe(200);
    return reply.body.data;
  };
  /** The fixture's exams lie within hours of now: the weeks around now hold them all, whatever the day. */
  const around = async (session: string): Promise<ScheduleEntry[]> => {
    const now = server.clock.now().getTime();
    const weeks = [...new Set([now - 7 * 3_600_000, now, now + 4 * 3_600_000].map((at) => weekOfTime(at).weekOf))];
    const entries = new Map<string, ScheduleEntry>();
    for (const weekOf of weeks) for (const entry of (await week(session, `?weekOf=${weekOf}`)).assignments) entries.set(entry._id, entry);
    return [...entries.values()];
  };
  const entry = (entries: ScheduleEntry[], examId: string, groupId = GROUP) => {
    const found = entries.find((e) => e.exam._id === examId && e.groupId === groupId);
    if (!found) throw new Error(`${examId} of ${groupId} is not in the week`);
    return found;
  };
  const refused = (reply: Reply) => {
    expect(reply.status).toBe(403);
    expect(reply.body.errors).toMatchObject({ title: 'You do not teach this course.', code: 'notYourCourse' });
  };

  it("puts each of the teacher's exams in its state, with counts and when it can be published", async () => {
    const entries = await around(teacher);
    expect(new Set(entries.map((e) => e.exam.courseId))).toEqual(new Set([COURSE]));
    expect(entry(entries, UPCOMING)).toMatchObject({ state: 'upcoming', started: 0, submitted: 0 });
    expect(entry(entries, LIVE)).toMatchObject({ state: 'running', started: 0, submitted: 0, exam: { title: 'Live Cardiology Test', isPracticeExam: false }, groupName: 'Morning Batch' });
    // The finished exam's written answers: two batches, each counted apart.
    const finished = entry(entries, FINISHED);
    expect(finished.state).toBe('awaitingMarking');
    expect(finished.unmarkedAnswers).toBeGreaterThan(0);
    expect(finished.submitted).toBeGreaterThan(0);
    expect(entry(entries, FINISHED, OTHER_GROUP).groupName).toBe('Evening Batch');
    const ended = entry(entries, ENDED);
    expect(ended).toMatchObject({ state: 'readyToPublish', unmarkedAnswers: 0 });
    expect(Date.parse(ended.publishableAt) - Date.parse(ended.endsAt)).toBe(server.config.examGraceSeconds * 1000);
    expect(entry(entries, PUBLISHED)).toMatchObject({ state: 'published' });
    expect(entry(entries, PUBLISHED).publishedAt).not.toBeNull();

    // As many unmarked answers as the marking desk lists; marking them all makes it ready to publish.
    const queue = await call('GET', apiPath(staffPaths.gradingQueue, { assignmentId: finished._id }), teacher);
    const answers = queue.body.data.answers as { attemptId: string; questionId: string; question: { _id: string } }[];
    expect(answers).toHaveLength(finished.unmarkedAnswers);
    for (const answer of answers) {
      const marks = answer.questionId === FINISHED_Q.paragraph ? 3 : 1;
      expect((await call('PATCH', apiPath(staffPaths.markAnswer, { attemptId: answer.attemptId, questionId: answer.questionId }), teacher, { marks })).status).toBe(200);
    }
    expect(entry(await around(teacher), FINISHED)).toMatchObject({ state: 'readyToPublish', unmarkedAnswers: 0 });
  });

  it('counts the students who started and submitted a running exam and tells the desks, a few seconds apart at most', async () => {
    const baseUrl = await server.listen();
    const desk: Socket = connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { sessionId: teacher }, reconnection: false });
    try {
      await new Promise<void>((resolve, reject) => {
        desk.once('connect', () => resolve());
        desk.once('connect_error', reject);
      });
      await expect.poll(async () => (await server.app.realtime.io.in(courseRoom(COURSE)).fetchSockets()).length).toBe(1);
      const heard: ExamActivity[] = [];
      desk.on(EXAM_ACTIVITY_EVENT, (activity: ExamActivity) => heard.push(activity));

      expect((await call('PATCH', apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), student)).status).toBe(200);
      await expect.poll(() => heard).toEqual([{ examId: LIVE, groupId: GROUP }]);
      expect(entry(await around(teacher), LIVE)).toMatchObject({ state: 'running', started: 1, submitted: 0 });

      // Within the window: folded into one event when it closes, so the last change arrives.
      expect((await call('PATCH', apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), classmate)).status).toBe(200);
      const filters = { candidateCategory: 'Govt.', facultyName: 'Medicine', subjectName: 'No Subject' };
      expect((await call('PATCH', apiPath(examsPaths.submit, { examId: LIVE, groupId: GROUP }), student, filters)).status).toBe(200);
      await expect.poll(() => heard.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
      expect(heard[1]).toEqual({ examId: LIVE, groupId: GROUP });
      expect(entry(await around(teacher), LIVE)).toMatchObject({ state: 'running', started: 2, submitted: 1 });
      // No student's name or count travels with the event.
      expect(Object.keys(heard[1]!).sort()).toEqual(['examId', 'groupId']);
    } finally {
      desk.disconnect();
    }
  });

  it('gives a teacher of another course nothing of this one and refuses naming it; an admin sees every course', async () => {
    const theirs = await around(other);
    expect(theirs.length).toBeGreaterThan(0);
    expect(new Set(theirs.map((e) => e.exam.courseId))).toEqual(new Set([OTHER_COURSE]));
    refused(await call('GET', `${apiPath(staffPaths.schedule)}?courseId=${COURSE}`, other));
    refused(await call('GET', `${apiPath(staffPaths.schedule)}?courseId=c1000000000000000000ffff`, other));
    expect((await week(other, `?courseId=${OTHER_COURSE}`)).assignments.every((e) => e.exam.courseId === OTHER_COURSE)).toBe(true);

    const all = await around(admin);
    expect(new Set(all.map((e) => e.exam.courseId))).toEqual(new Set([COURSE, OTHER_COURSE]));
    expect(all).toHaveLength((await around(teacher)).length + theirs.length);
    const unknown = await call('GET', `${apiPath(staffPaths.schedule)}?courseId=c1000000000000000000ffff`, admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toMatchObject({ title: 'Course not found', code: 'courseNotFound' });

    // A student, a stranger and a forged week.
    expect((await call('GET', apiPath(staffPaths.schedule), student)).status).toBe(403);
    expect((await server.call({ method: 'GET', url: apiPath(staffPaths.schedule) })).statusCode).toBe(401);
    for (const bad of ['2026-02-30', '26-11-2026', 'next', '2026-13-01']) {
      const reply = await call('GET', `${apiPath(staffPaths.schedule)}?weekOf=${bad}`, teacher);
      expect(reply.status, bad).toBe(400);
      expect(reply.body.errors?.title).toBeTruthy();
    }
    expect((await call('GET', `${apiPath(staffPaths.schedule)}?courseId=not-an-id`, teacher)).status).toBe(400);
  });

  it('names the week by its Monday on the academy clock and holds an exam in every week it runs', async () => {
    const thisWeek = await week(teacher);
    expect(thisWeek.weekOf).toBe(weekOfTime(server.clock.now()).weekOf);
    const thursday = new Date(Date.parse(thisWeek.startsAt) + 3.5 * 86_400_000).toISOString().slice(0, 10);
    const sameWeek = await week(teacher, `?weekOf=${thursday}`);
    expect(sameWeek.weekOf).toBe(thisWeek.weekOf);
    expect(Date.parse(thisWeek.endsAt) - Date.parse(thisWeek.startsAt)).toBe(7 * 86_400_000);
    // The empty week far away.
    expect((await week(teacher, '?weekOf=2001-01-03')).assignments).toEqual([]);
    expect((await week(teacher, '?weekOf=2001-01-03')).weekOf).toBe('2001-01-01');
  });
});
