// A live exam shared by two batches is sat once by a student who is in both: one attempt whatever
// the batch, held by the database under parallel starts on SQLite and PostgreSQL.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { databaseKinds } from '../support/databases.js';
import { migrate } from '../../server/db/migrate.js';
import { BundleError, validateBundle } from '../../server/db/seed/import.js';
import { examBundle, GROUP, LIVE, LIVE_Q, OTHER_GROUP, PRACTICE, STUDENT } from './exams-fixture.js';
import { examsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

/** Students in both batches, which both have the live and the practice exam. */
const twoBatchStudents = Array.from({ length: 8 }, (_, i) => ({
  id: `d2000000000000000000000${i}`,
  name: `Two Batches ${i}`,
  sid: `TB-${i}`,
  phone: `0190000010${i}`,
  groups: [GROUP, OTHER_GROUP],
}));

function sharedExamBundle() {
  const bundle = examBundle() as { students: { id: string; groups: string[] }[]; exams: { id: string; assignments: { groupId: string }[] }[] };
  bundle.students.find((s) => s.id === STUDENT)!.groups = [GROUP, OTHER_GROUP];
  bundle.students.push(...twoBatchStudents);
  for (const exam of bundle.exams.filter((e) => e.id === LIVE || e.id === PRACTICE)) {
    exam.assignments.push({ ...exam.assignments[0]!, groupId: OTHER_GROUP });
  }
  return bundle;
}

describe.each(databaseKinds())('one live attempt per exam and student (%s)', (kind) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: sharedExamBundle() });
  });
  afterEach(() => server.close());

  const call = (method: 'PATCH' | 'GET', url: string, session: string, payload?: object) => server.call({ method, url, session, ...(payload ? { payload } : {}) });
  const start = (exam: string, group: string, session: string) => call('PATCH', apiPath(examsPaths.start, { examId: exam, groupId: group }), session);
  const attemptsOf = (exam: string, student: string) =>
    server.app.db.selectFrom('attempts').select(['group_id', 'live']).where('exam_id', '=', exam).where('student_id', '=', student).execute();

  it('refuses the second batch once the live exam was started through the first', async () => {
    const me = await server.sessionFor(STUDENT);
    expect((await start(LIVE, GROUP, me)).statusCode).toBe(200);
    const again = await start(LIVE, OTHER_GROUP, me);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors).toMatchObject({ code: 'liveExamTaken', title: 'You have already taken this exam in another batch.' });
    // Nothing can be answered or submitted through the other batch either.
    const answer = await call('PATCH', `${apiPath(examsPaths.addAnswer, { examId: LIVE, groupId: OTHER_GROUP })}?isLive=true`, me, { questionId: LIVE_Q.mcq, answer: [1], timestamp: 1 });
    expect(answer.json().errors.code).toBe('attemptNotStarted');
    const submit = await call('PATCH', apiPath(examsPaths.submit, { examId: LIVE, groupId: OTHER_GROUP }), me, {});
    expect(submit.json().errors.code).toBe('attemptNotStarted');
    // The first batch carries on; starting there again returns the same attempt.
    expect((await start(LIVE, GROUP, me)).statusCode).toBe(200);
    expect((await call('PATCH', apiPath(examsPaths.submit, { examId: LIVE, groupId: GROUP }), me, {})).statusCode).toBe(200);
    expect(await attemptsOf(LIVE, STUDENT)).toEqual([{ group_id: GROUP, live: 1 }]);
  });

  it('lets one of many parallel starts through two batches win, for every student', async () => {
    for (const student of twoBatchStudents) {
      const session = await server.sessionFor(student.id);
      const replies = await Promise.all(Array.from({ length: 12 }, (_, i) => start(LIVE, i % 2 === 0 ? GROUP : OTHER_GROUP, session)));
      const attempts = await attemptsOf(LIVE, student.id);
      expect(attempts, student.id).toHaveLength(1);
      const winner = attempts[0]!.group_id;
      replies.forEach((reply, i) => {
        const group = i % 2 === 0 ? GROUP : OTHER_GROUP;
        expect(reply.statusCode, `${student.id} start ${i}`).toBe(group === winner ? 200 : 409);
      });
      const started = new Set(replies.filter((r) => r.statusCode === 200).map((r) => r.json().data.studentStartsAt));
      expect(started.size, student.id).toBe(1);
    }
  });

  it('leaves practice exams to each batch', async () => {
    const me = await server.sessionFor(STUDENT);
    expect((await start(PRACTICE, GROUP, me)).statusCode).toBe(200);
    expect((await start(PRACTICE, OTHER_GROUP, me)).statusCode).toBe(200);
    expect(await attemptsOf(PRACTICE, STUDENT)).toHaveLength(2);
  });

  it('marks the first of the live attempts stored before the rule, and the rule holds from then on', async () => {
    const db = server.app.db;
    // The database as it was: no mark, no index, and a student with a live attempt in each batch.
    await sql`drop index attempts_one_live`.execute(db);
    await db.schema.alterTable('attempts').dropColumn('live').execute();
    await sql`delete from kysely_migration where name = '20261124-0004-one-live-attempt'`.execute(db);
    const old = { exam_id: LIVE, student_id: STUDENT, deadline_at: '2099-01-01T00:00:00.000Z', submitted_at: null, set_code: null, candidate_category: null, faculty: null, subject_name: null, round: 1, superseded_at: null };
    await db.insertInto('attempts').values({ ...old, id: 'e90000000000000000000002', group_id: OTHER_GROUP, started_at: '2026-01-01T10:05:00.000Z' } as never).execute();
    await db.insertInto('attempts').values({ ...old, id: 'e90000000000000000000001', group_id: GROUP, started_at: '2026-01-01T10:00:00.000Z' } as never).execute();

    expect(await migrate(db, server.database.name)).toEqual(['20261124-0004-one-live-attempt']);
    const marked = await db.selectFrom('attempts').select(['id', 'live']).where('exam_id', '=', LIVE).where('student_id', '=', STUDENT).orderBy('id').execute();
    expect(marked).toEqual([{ id: 'e90000000000000000000001', live: 1 }, { id: 'e90000000000000000000002', live: 0 }]);
    await expect(db.insertInto('attempts').values({ ...old, id: 'e90000000000000000000003', group_id: OTHER_GROUP, started_at: '2026-01-01T11:00:00.000Z', round: 2, live: 1 }).execute()).rejects.toThrow();
  });
});

describe('importing an academy', () => {
  it('refuses two submissions of one live exam by one student through two batches', () => {
    const submission = { examId: LIVE, studentId: STUDENT, startedAt: 'now-5m', submittedAt: 'now-1m', answers: [] };
    const twice = { ...sharedExamBundle(), submissions: [{ ...submission, groupId: GROUP }, { ...submission, groupId: OTHER_GROUP }] };
    expect(() => validateBundle(twice)).toThrow(BundleError);
    expect(() => validateBundle(twice)).toThrow(/two submissions for this live exam/);
    // Practice exams may be submitted in each batch.
    const practice = { ...sharedExamBundle(), submissions: [{ ...submission, examId: PRACTICE, groupId: GROUP }, { ...submission, examId: PRACTICE, groupId: OTHER_GROUP }] };
    expect(() => validateBundle(practice)).not.toThrow();
  });
});
