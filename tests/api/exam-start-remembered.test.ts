// The opening storm's start from an assignment the process has read lately
// (server/exams/known-assignments.ts): one insert guarded by what was remembered, on every database
// kind. The database, not the memory, decides: a student who left the batch, an assignment removed,
// moved or given another duration since it was remembered is answered as if nothing had been.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { CLASSMATE, GROUP, LIVE, PRACTICE, STUDENT, examBundle } from './exams-fixture.js';
import { examsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';
import { knownAssignment, rememberAssignment } from '../../server/exams/known-assignments.js';

const MINUTE = 60_000;

describe.each(databaseKinds())('an exam start from a remembered assignment (%s)', (kind) => {
  let server: TestServer;
  let me: string;
  let classmate: string;

  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: examBundle() });
    me = await server.sessionFor(STUDENT);
    classmate = await server.sessionFor(CLASSMATE);
  });
  afterEach(async () => {
    await server.close();
  });

  const call = signedCalls(() => server, () => []);
  const start = (exam: string, session = me) => call('PATCH', apiPath(examsPaths.start, { examId: exam, groupId: GROUP }), session);
  const attemptsOfMine = (exam: string) =>
    server.app.db.selectFrom('attempts').select(['id', 'deadline_at']).where('student_id', '=', STUDENT).where('exam_id', '=', exam).execute();

  /** The classmate's start reads the context and remembers the assignment, as the storm's first opening does. */
  async function remembered(exam: string) {
    expect((await start(exam, classmate)).status).toBe(200);
    const known = knownAssignment(server.app.db, exam, GROUP);
    expect(known?.assignment.exam_id).toBe(exam);
    return known!;
  }

  it('starts without reading the context again, and a second start returns the same attempt', async () => {
    const known = await remembered(LIVE);
    // A mark in a field the start does not use: a start that read the context would remember it afresh.
    rememberAssignment(server.app.db, { ...known, exam: { ...known.exam, title: 'as remembered' } });
    const first = await start(LIVE);
    expect(first.status).toBe(200);
    expect(knownAssignment(server.app.db, LIVE, GROUP)?.exam.title).toBe('as remembered');
    const { studentStartsAt, deadlineAt } = first.body.data;
    expect(Date.parse(deadlineAt) - Date.parse(studentStartsAt)).toBe(30 * MINUTE);
    server.clock.advance(2 * MINUTE);
    const again = await start(LIVE);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ studentStartsAt, deadlineAt });
    expect(await attemptsOfMine(LIVE)).toHaveLength(1);
  });

  it('refuses a student who has left the batch since', async () => {
    await remembered(LIVE);
    await server.app.db.deleteFrom('group_members').where('group_id', '=', GROUP).where('student_id', '=', STUDENT).execute();
    const reply = await start(LIVE);
    expect(reply.status).toBe(404);
    expect(reply.body.errors?.code).toBe('examNotFound');
    expect(await attemptsOfMine(LIVE)).toHaveLength(0);
  });

  it('refuses an exam removed from the batch since', async () => {
    await remembered(LIVE);
    await server.app.db.updateTable('exam_assignments').set({ removed_at: server.clock.now().toISOString() }).where('exam_id', '=', LIVE).execute();
    const reply = await start(LIVE);
    expect(reply.status).toBe(403);
    expect(reply.body.errors?.code).toBe('examRemoved');
    expect(await attemptsOfMine(LIVE)).toHaveLength(0);
  });

  it('follows a window moved later and a duration changed since', async () => {
    await remembered(LIVE);
    const later = new Date(server.clock.now().getTime() + 60 * MINUTE).toISOString();
    await server.app.db.updateTable('exam_assignments').set({ starts_at: later }).where('exam_id', '=', LIVE).execute();
    const early = await start(LIVE);
    expect(early.status).toBe(403);
    expect(early.body.errors?.code).toBe('examNotStarted');
    expect(await attemptsOfMine(LIVE)).toHaveLength(0);

    await remembered(PRACTICE);
    await server.app.db.updateTable('exam_assignments').set({ duration: 45 }).where('exam_id', '=', PRACTICE).execute();
    const longer = await start(PRACTICE);
    expect(longer.status).toBe(200);
    expect(Date.parse(longer.body.data.deadlineAt) - Date.parse(longer.body.data.studentStartsAt)).toBe(45 * MINUTE);
  });

  it('writes a practice exam as practice and a live one as live, from the memory', async () => {
    await remembered(LIVE);
    await remembered(PRACTICE);
    expect((await start(LIVE)).status).toBe(200);
    expect((await start(PRACTICE)).status).toBe(200);
    const rows = await server.app.db.selectFrom('attempts').select(['exam_id', 'live']).where('student_id', '=', STUDENT).execute();
    expect(Object.fromEntries(rows.map((row) => [row.exam_id, Number(row.live)]))).toEqual({ [LIVE]: 1, [PRACTICE]: 0 });
  });
});
