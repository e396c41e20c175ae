// The Today strip's exams through the API on every database kind: the student's own batches only,
// an open live exam until it is started, the running attempt with its deadline, the next exams of the
// week, and a live result published in the last three days of an exam the student submitted.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { examsPaths } from '../../src/contracts/paths.js';
import type { Today } from '../../src/contracts/today.js';
import { ENDED, examBundle, GROUP, LIVE, OTHER_BATCH_EXAM, OUTSIDER, PRACTICE, STUDENT, UPCOMING } from './exams-fixture.js';
import { apiPath } from '../support/api-path.js';

const HOUR = 60 * 60_000;

describe.each(databaseKinds())('the Today strip (%s)', (kind) => {
  let server: TestServer;
  let student: string;

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: examBundle() });
    student = await server.sessionFor(STUDENT);
  });
  afterEach(async () => {
    await server.close();
  });

  const call = signedCalls(() => server, () => []);
  const today = async (session = student) => {
    const reply = await call('GET', apiPath(examsPaths.today), session);
    expect(reply.status).toBe(200);
    return reply.body.data as Today;
  };
  const ids = (exams: Today['open']) => exams.map((exam) => exam.examId);

  it('needs a signed-in student', async () => {
    expect((await server.call({ method: 'GET', url: apiPath(examsPaths.today) })).statusCode).toBe(401);
  });

  it("lists the open live exam and the week's next one of the student's batches, nothing of other batches", async () => {
    const first = await today();
    expect(ids(first.open)).toContain(LIVE);
    expect(ids(first.upcoming)).toEqual([UPCOMING]);
    expect(first.upcoming[0]).toMatchObject({ groupId: GROUP, isPracticeExam: false, deadlineAt: null });
    for (const kindOfList of [first.open, first.upcoming, first.running, first.published]) {
      expect(ids(kindOfList)).not.toContain(OTHER_BATCH_EXAM);
      expect(ids(kindOfList)).not.toContain(ENDED);
      expect(ids(kindOfList)).not.toContain(PRACTICE);
    }
    expect(first.running).toEqual([]);
    expect(first.published).toEqual([]);
    // A student of the other batch sees its exam, not this batch's.
    const outsider = await today(await server.sessionFor(OUTSIDER));
    expect(ids(outsider.open)).toEqual([OTHER_BATCH_EXAM]);
    expect(outsider.upcoming).toEqual([]);
  });

  it('moves a started exam to running with its deadline, and a submitted one whose result is published to published', async () => {
    const started = await call('PATCH', apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), student);
    expect(started.status).toBe(200);
    const running = await today();
    expect(ids(running.running)).toEqual([LIVE]);
    expect(running.running[0]!.deadlineAt).toBe(started.body.data.deadlineAt);
    expect(ids(running.open)).not.toContain(LIVE);

    expect((await call('PATCH', apiPath(examsPaths.submit, { examId: LIVE, groupId: GROUP }), student, {})).status).toBe(200);
    const submitted = await today();
    expect(submitted.running).toEqual([]);
    expect(ids(submitted.open)).not.toContain(LIVE);

    // The teacher publishes (the assignment row as publication leaves it): a new result for three days.
    const publishedAt = server.clock.now().toISOString();
    await server.app.db.updateTable('exam_assignments').set({ result_published: 1, published_at: publishedAt }).where('exam_id', '=', LIVE).where('group_id', '=', GROUP).execute();
    const published = await today();
    expect(published.published).toEqual([expect.objectContaining({ examId: LIVE, groupId: GROUP, publishedAt })]);
    server.clock.advance(3 * 24 * HOUR + HOUR);
    expect((await today(await server.sessionFor(STUDENT))).published).toEqual([]);
  });
});
