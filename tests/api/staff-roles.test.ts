// Roles on the teacher desk's API, on every database kind: a teacher acts only on the courses
// assigned to them (the demo teacher: MBBS; the FCPS teacher: FCPS), an admin on every course. Every
// staff route is called as a teacher of another course (403), as the assigned teacher and as an admin.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls, type Reply } from '../support/api-calls.js';
import { DEMO, DEMO_TEACHER } from '../support/demo-academy.js';
import { BundleError, validateBundle } from '../../server/db/seed/import.js';
import { publishAfterWords } from '../../src/domain/academyTime.js';
import { staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const FCPS_TEACHER = '5f0000000000000000000003';
const ADMIN = '5f0000000000000000000002';
const FCPS_COURSE = 'c00000000000000000000002';
/** Forum questions of the demo: one of MBBS, one of FCPS. */
const MBBS_QUESTION = 'f00000000000000000000001';
const FCPS_QUESTION = 'f00000000000000000000007';

const refused = (reply: Reply) => {
  expect(reply.status).toBe(403);
  expect(reply.body.errors).toMatchObject({ title: 'You do not teach this course.', code: 'notYourCourse' });
};

describe.each(databaseKinds())('staff roles (%s)', (kind) => {
  let server: TestServer;
  let teacher: string;
  let fcps: string;
  let admin: string;

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: 'demo', config: { scryptCost: 1024 } });
    [teacher, fcps, admin] = await Promise.all([server.sessionFor(DEMO_TEACHER.id, 'staff'), server.sessionFor(FCPS_TEACHER, 'staff'), server.sessionFor(ADMIN, 'staff')]);
  });
  afterEach(() => server.close());

  const call = signedCalls(() => server, () => []);
  const queue = (session: string, assignment: string = DEMO.awaitingMarkingAssignment) => call('GET', apiPath(staffPaths.gradingQueue, { assignmentId: assignment }), session);
  const publish = (session: string, assignment: string = DEMO.awaitingMarkingAssignment) => call('POST', apiPath(staffPaths.publish, { assignmentId: assignment }), session);
  const mark = (session: string, answer: { attemptId: string; questionId: string }, marks = 1) =>
    call('PATCH', apiPath(staffPaths.markAnswer, { attemptId: answer.attemptId, questionId: answer.questionId }), session, { marks });
  const courses = (list: { exam: { courseId: string } }[]) => [...new Set(list.map((a) => a.exam.courseId))].sort();

  it("lists only the assignments and forum questions of the teacher's courses; an admin's lists hold every course", async () => {
    const mine = await call('GET', apiPath(staffPaths.assignments), teacher);
    expect(mine.status).toBe(200);
    expect(courses(mine.body.data)).toEqual([DEMO.mbbsCourse]);
    expect(mine.body.data.map((a: any) => a._id)).toContain(DEMO.awaitingMarkingAssignment);
    const theirs = await call('GET', apiPath(staffPaths.assignments), fcps);
    expect(courses(theirs.body.data)).toEqual([FCPS_COURSE]);
    const all = await call('GET', apiPath(staffPaths.assignments), admin);
    expect(courses(all.body.data)).toEqual([DEMO.mbbsCourse, FCPS_COURSE]);
    expect(all.body.data).toHaveLength(mine.body.data.length + theirs.body.data.length);

    const forum = async (session: string) => {
      const reply = await call('GET', `${apiPath(staffPaths.forumQuestions)}?status=all&limit=100`, session);
      expect(reply.status).toBe(200);
      return reply.body.data as { questions: { _id: string; courseId: string }[]; totalRecords: number };
    };
    const mbbs = await forum(teacher);
    expect(mbbs.questions.map((q) => q._id)).toContain(MBBS_QUESTION);
    expect(mbbs.questions.map((q) => q._id)).not.toContain(FCPS_QUESTION);
    const fcpsList = await forum(fcps);
    expect(fcpsList.questions.map((q) => q._id).sort()).toEqual([FCPS_QUESTION, 'f00000000000000000000008']);
    expect(fcpsList.totalRecords).toBe(2);
    const every = await forum(admin);
    expect(every.totalRecords).toBe(mbbs.totalRecords + fcpsList.totalRecords);
  });

  it("refuses marking and publishing to a teacher of another course; the assigned teacher marks and publishes", async () => {
    refused(await queue(fcps));
    refused(await publish(fcps));
    const pending = await queue(teacher);
    expect(pending.status).toBe(200);
    const answers = pending.body.data.answers as { attemptId: string; questionId: string }[];
    expect(answers.length).toBeGreaterThan(0);
    refused(await mark(fcps, answers[0]!));
    for (const answer of answers) expect((await mark(teacher, answer)).status).toBe(200);
    refused(await publish(fcps));
    const published = await publish(teacher);
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ assignmentId: DEMO.awaitingMarkingAssignment });
    // Unknown things are still 404, whoever asks.
    expect((await queue(fcps, 'e3000000000000000000ffff')).status).toBe(404);
    expect((await call('PATCH', apiPath(staffPaths.markAnswer, { attemptId: 'aa00000000000000000000ff', questionId: answers[0]!.questionId }), fcps, { marks: 1 })).status).toBe(404);
  });

  it("gives each assignment the time its results can be published, and refuses earlier in the academy's words", async () => {
    const all = (await call('GET', apiPath(staffPaths.assignments), teacher)).body.data as { _id: string; exam: { _id: string }; endsAt: string; publishableAt: string }[];
    const running = all.find((a) => a.exam._id === DEMO.liveExam)!;
    expect(Date.parse(running.publishableAt) - Date.parse(running.endsAt)).toBe(server.app.config.examGraceSeconds * 1000);
    const early = await publish(teacher, running._id);
    expect(early.status).toBe(409);
    expect(early.body.errors).toMatchObject({ code: 'examNotOver', title: 'This exam is not over yet.', message: `${publishAfterWords(running.publishableAt)}.` });
    expect(early.body.errors!.message).toMatch(/^Can be published after \d{2} [A-Z][a-z]{2} \d{4} \| \d{2}:\d{2} [ap]m\.$/);
  });

  it('lets an admin mark and publish any course', async () => {
    const pending = await queue(admin);
    expect(pending.status).toBe(200);
    for (const answer of pending.body.data.answers) expect((await mark(admin, answer, 0.5)).status).toBe(200);
    expect((await publish(admin)).status).toBe(200);
  });

  it('gives a teacher of no course empty lists and refuses every act', async () => {
    const id = '5f00000000000000000000ee';
    await server.app.db.insertInto('staff').values({ id, name: 'New Teacher', username: 'new@academy.test', role: 'teacher', password_hash: 'x', created_at: new Date().toISOString() }).execute();
    const newcomer = await server.sessionFor(id, 'staff');
    expect((await call('GET', apiPath(staffPaths.assignments), newcomer)).body.data).toEqual([]);
    expect((await call('GET', `${apiPath(staffPaths.forumQuestions)}?status=all`, newcomer)).body.data).toMatchObject({ questions: [], totalRecords: 0 });
    refused(await queue(newcomer));
    refused(await publish(newcomer));
    refused(await call('POST', apiPath(staffPaths.forumReply, { questionId: MBBS_QUESTION }), newcomer, { reply: 'Hello' }));
  });

  it("keeps the desk's forum thread, filter places, reopening and item analysis to the teacher's courses", async () => {
    refused(await call('GET', apiPath(staffPaths.forumThread, { questionId: FCPS_QUESTION }), teacher));
    expect((await call('GET', apiPath(staffPaths.forumThread, { questionId: FCPS_QUESTION }), fcps)).status).toBe(200);
    expect((await call('GET', apiPath(staffPaths.forumThread, { questionId: FCPS_QUESTION }), admin)).status).toBe(200);
    const places = async (session: string) => ((await call('GET', apiPath(staffPaths.forumPlaces), session)).body.data as { _id: string }[]).map((c) => c._id).sort();
    expect(await places(teacher)).toEqual([DEMO.mbbsCourse]);
    expect(await places(fcps)).toEqual([FCPS_COURSE]);
    expect(await places(admin)).toEqual(expect.arrayContaining([DEMO.mbbsCourse, FCPS_COURSE]));
    refused(await call('PATCH', apiPath(staffPaths.forumReopen, { questionId: FCPS_QUESTION }), teacher));
    refused(await call('GET', apiPath(staffPaths.itemAnalysis, { assignmentId: DEMO.awaitingMarkingAssignment }), fcps));
    refused(await call('GET', `${apiPath(staffPaths.itemAnalysisSheet, { assignmentId: DEMO.awaitingMarkingAssignment })}?format=csv`, fcps));
  });

  it("refuses forum replies and completion to a teacher of another course; the assigned teacher and an admin act", async () => {
    refused(await call('POST', apiPath(staffPaths.forumReply, { questionId: FCPS_QUESTION }), teacher, { reply: 'Not my course.' }));
    refused(await call('PATCH', apiPath(staffPaths.forumComplete, { questionId: FCPS_QUESTION }), teacher));
    refused(await call('POST', apiPath(staffPaths.forumReply, { questionId: MBBS_QUESTION }), fcps, { reply: 'Not my course.' }));
    refused(await call('PATCH', apiPath(staffPaths.forumComplete, { questionId: MBBS_QUESTION }), fcps));
    const comments = await server.app.db.selectFrom('forum_comments').select('id').where('reply', '=', 'Not my course.').execute();
    expect(comments).toEqual([]);

    expect((await call('POST', apiPath(staffPaths.forumReply, { questionId: FCPS_QUESTION }), fcps, { reply: 'Start with the fever chart.' })).status).toBe(200);
    expect((await call('PATCH', apiPath(staffPaths.forumComplete, { questionId: FCPS_QUESTION }), fcps)).body.data).toMatchObject({ status: 'COMPLETED' });
    expect((await call('POST', apiPath(staffPaths.forumReply, { questionId: MBBS_QUESTION }), teacher, { reply: 'See chapter 4.' })).status).toBe(200);
    expect((await call('POST', apiPath(staffPaths.forumReply, { questionId: MBBS_QUESTION }), admin, { reply: 'From the office.' })).status).toBe(200);
    expect((await call('PATCH', apiPath(staffPaths.forumComplete, { questionId: MBBS_QUESTION }), admin)).body.data).toMatchObject({ status: 'COMPLETED' });
    // Unknown questions stay 404 for a teacher too.
    expect((await call('PATCH', apiPath(staffPaths.forumComplete, { questionId: 'f000000000000000000000ff' }), fcps)).status).toBe(404);
  });
});

describe('staff courses in the bundle', () => {
  const bundle = (member: Record<string, unknown>) => ({
    courses: [{ id: 'c90000000000000000000001', name: 'One' }],
    staff: [{ id: '5f9000000000000000000001', name: 'T', username: 't@academy.test', role: 'teacher', password: 'password-1', ...member }],
  });
  const problems = (input: unknown) => {
    try {
      validateBundle(input);
      return [];
    } catch (error) {
      if (error instanceof BundleError) return error.problems;
      throw error;
    }
  };

  it("accepts a teacher's courses of the bundle and refuses unknown courses and an admin's courses", () => {
    expect(problems(bundle({ courseIds: ['c90000000000000000000001'] }))).toEqual([]);
    expect(problems(bundle({ courseIds: ['c90000000000000000000002'] }))).toEqual(['/staff/0/courseIds/0: staff 5f9000000000000000000001: course c90000000000000000000002 is not in the bundle nor in the academy']);
    expect(problems(bundle({ role: 'admin', courseIds: ['c90000000000000000000001'] }))).toEqual(['/staff/0/courseIds: staff 5f9000000000000000000001: an admin acts on every course and takes no courseIds']);
  });
});
