// The demo academy's results: a published live exam with the merit-list peers ranked (a shared rank
// among them), a finished live exam waiting for marking, and the demo teacher who marks and publishes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { DEMO, DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy.js';
import { accountPaths, resultsPaths, staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('demo academy results (%s)', (kind) => {
  let server: TestServer;
  let student: string;

  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: 'demo', config: { scryptCost: 1024 } });
    student = await server.sessionFor(DEMO_STUDENT.id);
  });
  afterAll(() => server.close());

  const get = async (url: string, session: string) => {
    const response = await server.call({ method: 'GET', url, session });
    return { status: response.statusCode, body: JSON.parse(response.body) };
  };

  it('ranks the published exam over both batches: the demo student and peers 01700000003 to 25, with a shared rank', async () => {
    const list = await get(`${apiPath(resultsPaths.meritList)}?examId=${DEMO.publishedExam}&typeOfExam=LIVE&limit=1000`, student);
    expect(list.status).toBe(200);
    const rows = list.body.data.data;
    expect(rows).toHaveLength(24);
    const peers = await server.app.db.selectFrom('students').select('name').where('username', 'in', Array.from({ length: 23 }, (_, i) => `8801700000${String(i + 3).padStart(3, '0')}`)).execute();
    expect(rows.map((r: any) => r.studentId.name).sort()).toEqual([...peers.map((p) => p.name), 'Nusrat Jahan'].sort());
    const ranks = rows.map((r: any) => r.rank);
    expect(new Set(ranks).size).toBeLessThan(ranks.length);
    // Ranks skip after a tie: every rank is 1 + the rows before its first row.
    rows.forEach((row: any, i: number) => expect(row.rank).toBe(rows.findIndex((r: any) => r.overall === row.overall) + 1));
    expect(list.body.data.me).toMatchObject({ studentId: { name: 'Nusrat Jahan' }, isMe: true });

    const mine = await get(apiPath(resultsPaths.result, { examId: DEMO.publishedExam, groupId: DEMO.group }), student);
    expect(mine.body.data).toMatchObject({ code: null, title: DEMO.publishedExamTitle, rank: list.body.data.me.rank, gpaFactor: { hsc: 1, ssc: 1 }, gpaMarks: 9.83 });
    const board = await get(apiPath(resultsPaths.scoreboard), student);
    expect(board.body.data.results.examResult.map((r: any) => r.examId.title)).toContain(DEMO.publishedExamTitle);
  });

  it('has a finished live exam waiting for marking, which the demo teacher signs in to mark and publish', async () => {
    const waiting = await get(apiPath(resultsPaths.result, { examId: DEMO.awaitingMarkingExam, groupId: DEMO.group }), student);
    expect(waiting.body.data).toMatchObject({ code: 'notPublishedYet', title: DEMO.awaitingMarkingExamTitle });

    const login = await server.call({ method: 'POST', url: apiPath(accountPaths.staffLogin), payload: { username: DEMO_TEACHER.username, password: DEMO_TEACHER.password } });
    expect(login.statusCode).toBe(200);
    const teacher = login.headers.sessionid as string;
    const assignments = await get(apiPath(staffPaths.assignments), teacher);
    expect(assignments.body.data.find((a: any) => a._id === DEMO.awaitingMarkingAssignment)).toMatchObject({ submitted: 5, awaitingMarking: 5, resultPublished: false });
    const queue = await get(apiPath(staffPaths.gradingQueue, { assignmentId: DEMO.awaitingMarkingAssignment }), teacher);
    expect(queue.body.data.answers.length).toBe(9);
    for (const answer of queue.body.data.answers) {
      const marked = await server.call({ method: 'PATCH', url: apiPath(staffPaths.markAnswer, { attemptId: answer.attemptId, questionId: answer.questionId }), session: teacher, payload: { marks: 1 } });
      expect(marked.statusCode).toBe(200);
    }
    const published = await server.call({ method: 'POST', url: apiPath(staffPaths.publish, { assignmentId: DEMO.awaitingMarkingAssignment }), session: teacher });
    expect(published.statusCode).toBe(200);
    expect(JSON.parse(published.body).data).toMatchObject({ results: 5, notified: 18 });
    const shown = await get(apiPath(resultsPaths.result, { examId: DEMO.awaitingMarkingExam, groupId: DEMO.group }), student);
    expect(shown.body.data).toMatchObject({ code: null, marksObtained: 4, pendingReview: false });
  });
});
