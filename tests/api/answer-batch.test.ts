// Answer saves that arrive together: on PostgreSQL one statement and one commit for all of them
// (server/exams/answer-batch.ts), on SQLite each in the group commit. Either way every save keeps its
// rule (a newer client timestamp wins, whatever the order of arrival), is answered only once stored,
// and a save that cannot be stored fails alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { saveNewerAnswer } from '../../server/exams/answer-batch.js';
import type { NewAnswer } from '../../server/exams/queries.js';
import { CLASSMATE, GROUP, LIVE, LIVE_Q, STUDENT, examBundle } from './exams-fixture.js';
import { examsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('answer saves arriving together (%s)', (kind) => {
  let server: TestServer;
  const attempts: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: examBundle() });
    for (const student of [STUDENT, CLASSMATE]) {
      const session = await server.sessionFor(student);
      expect((await server.call({ method: 'PATCH', url: apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), session })).statusCode).toBe(200);
      const attempt = await server.app.db.selectFrom('attempts').select('id').where('student_id', '=', student).where('exam_id', '=', LIVE).executeTakeFirstOrThrow();
      attempts[student] = attempt.id;
    }
  });
  afterAll(async () => server.close());

  const row = (student: string, questionId: string, answer: unknown, timestamp: number): NewAnswer => ({
    attempt_id: attempts[student]!,
    question_id: questionId,
    answer: JSON.stringify(answer),
    extra: '[]',
    answer_index: null,
    client_timestamp: timestamp,
    saved_at: new Date().toISOString(),
    offline: 0,
  });
  const stored = async (student: string, questionId: string) =>
    server.app.db.selectFrom('answers').select(['answer', 'client_timestamp']).where('attempt_id', '=', attempts[student]!).where('question_id', '=', questionId).executeTakeFirst();

  it('stores every save of a turn, each answered once written', async () => {
    const questions = [LIVE_Q.mcq, LIVE_Q.checkbox, LIVE_Q.mca, LIVE_Q.shortAns];
    const saves = [STUDENT, CLASSMATE].flatMap((student) => questions.map((q, i) => saveNewerAnswer(server.app.db, row(student, q, [i], 1_000 + i))));
    expect(await Promise.all(saves)).toEqual(Array(8).fill(true));
    for (const student of [STUDENT, CLASSMATE]) for (const [i, q] of questions.entries()) expect((await stored(student, q))?.answer).toBe(JSON.stringify([i]));
    // The same saves again (a retry): nothing newer, nothing written.
    const again = [STUDENT, CLASSMATE].flatMap((student) => questions.map((q, i) => saveNewerAnswer(server.app.db, row(student, q, [9], 1_000 + i))));
    expect(await Promise.all(again)).toEqual(Array(8).fill(false));
  });

  it('keeps the newest of saves of one answer arriving together, in either order', async () => {
    const [older, newer] = await Promise.all([
      saveNewerAnswer(server.app.db, row(STUDENT, LIVE_Q.paragraph, 'second', 3_000)),
      saveNewerAnswer(server.app.db, row(STUDENT, LIVE_Q.paragraph, 'first', 2_000)),
      saveNewerAnswer(server.app.db, row(STUDENT, LIVE_Q.paragraph, 'third', 2_500)),
    ]);
    expect(older).toBe(true);
    expect(typeof newer).toBe('boolean');
    const standing = await stored(STUDENT, LIVE_Q.paragraph);
    expect(standing?.answer).toBe(JSON.stringify('second'));
    expect(Number(standing?.client_timestamp)).toBe(3_000);
  });

  it('fails a save that cannot be stored alone, and stores the others of its turn', async () => {
    const outcomes = await Promise.allSettled([
      saveNewerAnswer(server.app.db, row(CLASSMATE, LIVE_Q.paragraph, 'kept', 4_000)),
      saveNewerAnswer(server.app.db, { ...row(STUDENT, LIVE_Q.imageMcq, [1], 4_000), attempt_id: 'no-such-attempt' }),
      saveNewerAnswer(server.app.db, row(STUDENT, LIVE_Q.imageMcq, [2], 4_000)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await stored(CLASSMATE, LIVE_Q.paragraph))?.answer).toBe(JSON.stringify('kept'));
    expect((await stored(STUDENT, LIVE_Q.imageMcq))?.answer).toBe(JSON.stringify([2]));
  });

  it('answers saves through the API as before', async () => {
    const session = await server.sessionFor(CLASSMATE);
    const reply = await server.call({ method: 'PATCH', url: apiPath(examsPaths.addAnswer, { examId: LIVE, groupId: GROUP }), session, payload: { questionId: LIVE_Q.imageMcq, answer: [1], timestamp: 5_000 } });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toMatchObject({ questionId: LIVE_Q.imageMcq, applied: true });
    expect((await stored(CLASSMATE, LIVE_Q.imageMcq))?.answer).toBe(JSON.stringify([1]));
  });
});
