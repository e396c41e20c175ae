// What the server keeps in memory between requests, and when it lets go: a resolved session (until
// sign-out, a profile change, its expiry, or a few seconds) and an exam's prepared paper (until the
// exam is imported again).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { GROUP, LIVE, LIVE_Q, STUDENT, examBundle } from './exams-fixture.js';
import { accountPaths, examsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('request caches (%s)', (kind) => {
  let server: TestServer;
  let me: string;

  // One server for the file; each case signs in afresh (one of them signs out).
  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: examBundle() });
  });
  beforeEach(async () => {
    me = await server.sessionFor(STUDENT);
  });
  afterAll(async () => server.close());

  const profile = async (session: string) => server.call({ method: 'GET', url: apiPath(accountPaths.profile), session });
  const paper = async () => {
    const reply = await server.call({ method: 'GET', url: apiPath(examsPaths.paper, { examId: LIVE, groupId: GROUP }), session: me });
    expect(reply.statusCode).toBe(200);
    return reply.json().data as { questions: { _id: string; title: string }[]; courseName: string | null };
  };
  const titleOf = async (questionId: string) => (await paper()).questions.find((q) => q._id === questionId)?.title;

  it('answers a resolved session from memory, and asks the database again after a profile change', async () => {
    expect((await profile(me)).statusCode).toBe(200);
    // Renamed behind the server's back: the cached session still holds the old row.
    await server.app.db.updateTable('students').set({ name: 'Renamed Directly' }).where('id', '=', STUDENT).execute();
    expect(JSON.stringify((await profile(me)).json())).not.toContain('Renamed Directly');
    // A profile change through the API lets go of the student's sessions on this process.
    const update = await server.call({ method: 'PATCH', url: apiPath(accountPaths.profile), session: me, payload: { SSCGPA: 4.5, HSCGPA: 4.25 } });
    expect(update.statusCode).toBe(200);
    expect(JSON.stringify((await profile(me)).json())).toContain('Renamed Directly');
  });

  it('refuses a cached session at once after sign-out', async () => {
    expect((await profile(me)).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: apiPath(accountPaths.logout), session: me })).statusCode).toBe(200);
    expect((await profile(me)).statusCode).toBe(401);
  });

  it('refuses a cached session once it expires', async () => {
    expect((await profile(me)).statusCode).toBe(200);
    server.clock.advance(400 * 86_400_000);
    try {
      expect((await profile(me)).statusCode).toBe(401);
    } finally {
      server.clock.advance(-400 * 86_400_000);
    }
  });

  it('prepares the paper once per exam, and again when the exam is imported anew', async () => {
    expect((await server.call({ method: 'PATCH', url: apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), session: me })).statusCode).toBe(200);
    const first = await titleOf(LIVE_Q.mcq);
    expect(first).toBeTruthy();
    // Exams are never edited in place; a change made behind the server's back is not read again.
    await server.app.db.updateTable('questions').set({ title: 'Changed Directly' }).where('id', '=', LIVE_Q.mcq).execute();
    expect(await titleOf(LIVE_Q.mcq)).toBe(first);

    // The exam replaced as an import writes it (a new row under the same id, questions with it): the
    // next paper is prepared from the new rows.
    const db = server.app.db;
    const exam = await db.selectFrom('exams').selectAll().where('id', '=', LIVE).executeTakeFirstOrThrow();
    const questions = await db.selectFrom('questions').selectAll().where('exam_id', '=', LIVE).execute();
    const assignments = await db.selectFrom('exam_assignments').selectAll().where('exam_id', '=', LIVE).execute();
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('answers').execute();
      await trx.deleteFrom('attempts').where('exam_id', '=', LIVE).execute();
      await trx.deleteFrom('exam_assignments').where('exam_id', '=', LIVE).execute();
      await trx.deleteFrom('questions').where('exam_id', '=', LIVE).execute();
      await trx.deleteFrom('exams').where('id', '=', LIVE).execute();
      await trx.insertInto('exams').values({ ...exam, created_at: new Date(Date.parse(exam.created_at) + 60_000).toISOString() }).execute();
      await trx.insertInto('questions').values(questions.map((q) => (q.id === LIVE_Q.mcq ? { ...q, title: 'Imported Anew' } : q))).execute();
      await trx.insertInto('exam_assignments').values(assignments).execute();
    });
    expect((await server.call({ method: 'PATCH', url: apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), session: me })).statusCode).toBe(200);
    expect(await titleOf(LIVE_Q.mcq)).toBe('Imported Anew');
  });
});
