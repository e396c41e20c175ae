// The desk's import as a job (src/contracts/import.ts, server/import/jobs.ts, server/jobs): the upload
// answers at once with its job; the job runs one import at a time, tells its progress to the admins'
// desks and ends with its outcome; a waiting or running job is cancelled whole; a job whose runner died
// is taken again once its lease has lapsed, and an import that had started writing is finished, never
// left half written nor shown as failed; a file that needs more memory than the worker may use fails
// its own import.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { template } from '../../server/import/templates.js';
import { studentRows } from '../../server/import/sheets.js';
import { databaseKinds } from '../support/databases.js';
import { staffPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';
import { importAndWait, importJob, sendImport } from '../support/import-jobs.js';
import { IMPORTS_WAITING_MAX, type ImportJob } from '../../src/contracts/import.js';
import { IMPORT_JOB_EVENT } from '../../src/domain/importFiles.js';
import { insertJob, takeJob } from '../../server/jobs/queries.js';
import { LEASE_MS, MAX_ATTEMPTS } from '../../server/jobs/runner.js';
import { IMPORT_JOB_FAILURES } from '../../server/import/jobs.js';
import { IMPORT_WORKER_FAILURES } from '../../server/import/worker.js';

const ADMIN = '5f0000000000000000000002';
const TEACHER = '5f0000000000000000000001';
const MORNING_BATCH = '900000000000000000000001';
const EXAM_TITLE = 'Weekly Live Test: Week 2 (example)';

/** A students sheet of `count` new students, as CSV. */
function studentsCsv(count: number, from = 0): Buffer {
  const students = Array.from({ length: count }, (_, i) => ({ name: `Student ${from + i}`, sid: `JB-${from + i}`, phone: `017${String(10_000_000 + from + i).padStart(8, '0')}`, groups: [MORNING_BATCH] }));
  return Buffer.from(studentRows(students).map((row) => row.join(',')).join('\n'));
}

describe.each(databaseKinds())('import jobs (%s)', (kind) => {
  let server: TestServer;
  let admin: string;
  const heard: ImportJob[] = [];
  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: 'demo' });
    admin = await server.sessionFor(ADMIN, 'staff');
    // The app's first answer pays for getting ready; the upload's own time is measured below.
    expect((await server.call({ method: 'GET', url: apiPath(staffPaths.importJobs), session: admin })).statusCode).toBe(200);
    const toAdmins = server.app.realtime.toAdmins;
    server.app.realtime.toAdmins = (event, payload) => {
      if (event === IMPORT_JOB_EVENT) heard.push(payload as ImportJob);
      toAdmins(event, payload);
    };
  });
  afterAll(async () => {
    await server.close();
  });

  const examRow = () => server.app.db.selectFrom('exams').select('id').where('title', '=', EXAM_TITLE).executeTakeFirst();
  const cancel = async (id: string) => {
    const response = await server.call({ method: 'POST', url: apiPath(staffPaths.importJobCancel.replace(':jobId', id)), session: admin });
    expect(response.statusCode).toBe(200);
    return JSON.parse(response.body).data as ImportJob;
  };

  it('answers a large CSV at once with its job, tells the rows checked live, and ends with the outcome', async () => {
    const sheet = studentsCsv(20_000);
    const started = performance.now();
    const sent = await sendImport(server, admin, 'students.csv', sheet);
    const answeredMs = performance.now() - started;
    expect(sent.status).toBe(202);
    expect(answeredMs).toBeLessThan(1000);
    expect(sent.body.data).toMatchObject({ name: 'students.csv', apply: false, outcome: null, failure: null, writing: false });
    expect(['queued', 'running']).toContain(sent.body.data.state);
    const id = sent.body.data.id as string;

    await server.app.jobs.idle();
    const job = await importJob(server, admin, id);
    expect(job).toMatchObject({ state: 'done', ahead: 0, rows: 20_000, failure: null });
    expect(job.outcome!.kinds.find((k) => k.kind === 'student')).toMatchObject({ added: 20_000 });
    const mine = heard.filter((event) => event.id === id);
    expect(mine.some((event) => event.state === 'running' && event.phase === 'checking' && event.rows === 20_000)).toBe(true);
    expect(mine.at(-1)).toMatchObject({ state: 'done' });
    // Nothing was written by a check, and the file's bytes are let go once the job has ended.
    expect(await server.app.db.selectFrom('students').select('id').where('sid', '=', 'JB-1').executeTakeFirst()).toBeUndefined();
    expect((await server.app.db.selectFrom('jobs').select('input').where('id', '=', id).executeTakeFirstOrThrow()).input).toBeNull();
    // A reload finds the job in the administrator's list.
    const list = await server.call({ method: 'GET', url: apiPath(staffPaths.importJobs), session: admin });
    expect(JSON.parse(list.body).data.map((j: ImportJob) => j.id)).toContain(id);
  }, 120_000);

  it('runs a second import after the first, saying how many wait before it', async () => {
    const first = await sendImport(server, admin, 'more.csv', studentsCsv(5_000, 100_000), true);
    const second = await sendImport(server, admin, 'week2.xlsx', await template('exam'), true);
    expect(second.status).toBe(202);
    expect(second.body.data).toMatchObject({ state: 'queued', ahead: 1, phase: 'waiting' });
    await server.app.jobs.idle();
    const [a, b] = await Promise.all([importJob(server, admin, first.body.data.id), importJob(server, admin, second.body.data.id)]);
    expect(a).toMatchObject({ state: 'done', outcome: { applied: true } });
    expect(b).toMatchObject({ state: 'done', outcome: { applied: true } });
    const rows = await server.app.db.selectFrom('jobs').select(['id', 'started_at', 'finished_at']).where('id', 'in', [a.id, b.id]).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(b.id)!.started_at! >= byId.get(a.id)!.finished_at!).toBe(true);
    expect(await examRow()).toBeDefined();
  }, 120_000);

  it('cancels a waiting import at once and a running check, and neither ends otherwise', async () => {
    const running = await sendImport(server, admin, 'big.csv', studentsCsv(20_000, 200_000));
    const waiting = await sendImport(server, admin, 'students.csv', studentsCsv(10, 300_000), true);
    await expect.poll(async () => (await importJob(server, admin, running.body.data.id)).phase, { timeout: 30_000, interval: 50 }).toBe('checking');
    const cancelledWaiting = await cancel(waiting.body.data.id);
    expect(cancelledWaiting).toMatchObject({ state: 'cancelled', outcome: null });
    const cancelledRunning = await cancel(running.body.data.id);
    expect(cancelledRunning).toMatchObject({ state: 'cancelled', outcome: null });
    await server.app.jobs.idle();
    expect(await importJob(server, admin, running.body.data.id)).toMatchObject({ state: 'cancelled', outcome: null, failure: null });
    expect(await importJob(server, admin, waiting.body.data.id)).toMatchObject({ state: 'cancelled', outcome: null });
    expect(await server.app.db.selectFrom('students').select('id').where('sid', '=', 'JB-300000').executeTakeFirst()).toBeUndefined();
    // A cancelled job is cancelled again without change.
    expect(await cancel(waiting.body.data.id)).toMatchObject({ state: 'cancelled' });
  }, 120_000);

  it('an import cancelled before its first write commits writes nothing, and is never shown otherwise', async () => {
    const sent = await sendImport(server, admin, 'late.csv', studentsCsv(3, 400_000), true);
    // However far the runner has got, the cancel lands before the write or is refused after it.
    const answer = await cancel(sent.body.data.id);
    await server.app.jobs.idle();
    const ended = await importJob(server, admin, sent.body.data.id);
    const written = await server.app.db.selectFrom('students').select('id').where('sid', '=', 'JB-400000').executeTakeFirst();
    if (answer.state === 'cancelled') {
      expect(ended).toMatchObject({ state: 'cancelled', writing: false, outcome: null });
      expect(written).toBeUndefined();
    } else {
      expect(answer.writing).toBe(true);
      expect(ended).toMatchObject({ state: 'done', outcome: { applied: true } });
      expect(written).toBeDefined();
    }
  }, 60_000);

  it('refuses to cancel an import that has started writing: it is finished whole', async () => {
    const id = 'ab0000000000000000000001';
    await insertJob(server.app.db, { id, kind: 'import', payload: JSON.stringify({ name: 'x.csv', apply: true }), input: studentsCsv(1, 500_000), staffId: ADMIN, now: server.clock.now() });
    await server.app.db.updateTable('jobs').set({ state: 'running', lease_owner: 'another-runner', lease_until: new Date(server.clock.now().getTime() + LEASE_MS).toISOString(), committed_at: server.clock.now().toISOString(), attempts: 1 }).where('id', '=', id).execute();
    expect(await cancel(id)).toMatchObject({ state: 'running', writing: true });
    // The other runner never comes back: once its lease lapses, this one finishes the job.
    server.clock.advance(LEASE_MS + 1000);
    server.app.jobs.wake();
    await server.app.jobs.idle();
    expect(await importJob(server, admin, id)).toMatchObject({ state: 'done' });
  }, 60_000);

  it('takes a job again once the lease of its dead runner has lapsed, and finishes an import it had started writing once', async () => {
    const sheet = studentsCsv(50, 600_000);
    const id = 'ab0000000000000000000002';
    // The dead runner had checked the file and written its first transaction, recording the outcome.
    const recorded = { applied: true, changed: true, kinds: [{ kind: 'student', added: 50, updated: 0, unchanged: 0, removed: 0, changes: [] }], problems: [] };
    await insertJob(server.app.db, { id, kind: 'import', payload: JSON.stringify({ name: 'retaken.csv', apply: true }), input: sheet, staffId: ADMIN, now: server.clock.now() });
    await server.app.db.updateTable('jobs').set({ state: 'running', lease_owner: 'dead-runner', lease_until: new Date(server.clock.now().getTime() + LEASE_MS).toISOString(), committed_at: server.clock.now().toISOString(), result: JSON.stringify(recorded), attempts: 1 }).where('id', '=', id).execute();

    // While its lease runs, nobody else takes it.
    server.app.jobs.wake();
    await server.app.jobs.idle();
    expect(await server.app.db.selectFrom('jobs').select(['state', 'lease_owner']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ state: 'running', lease_owner: 'dead-runner' });

    server.clock.advance(LEASE_MS + 1000);
    server.app.jobs.wake();
    await server.app.jobs.idle();
    const job = await importJob(server, admin, id);
    expect(job).toMatchObject({ state: 'done', writing: true, outcome: recorded });
    expect(await server.app.db.selectFrom('jobs').select('attempts').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ attempts: 2 });
    const students = await server.app.db.selectFrom('students').select('id').where('sid', 'like', 'JB-6000%').execute();
    expect(students).toHaveLength(50);
  }, 60_000);

  it('gives a job up in plain words once its runners died too often', async () => {
    const id = 'ab0000000000000000000003';
    await insertJob(server.app.db, { id, kind: 'import', payload: JSON.stringify({ name: 'crashes.csv', apply: false }), input: studentsCsv(1, 700_000), staffId: ADMIN, now: server.clock.now() });
    await server.app.db.updateTable('jobs').set({ state: 'running', lease_owner: 'dead-runner', lease_until: server.clock.now().toISOString(), attempts: MAX_ATTEMPTS }).where('id', '=', id).execute();
    server.clock.advance(1000);
    server.app.jobs.wake();
    await server.app.jobs.idle();
    expect(await importJob(server, admin, id)).toMatchObject({ state: 'failed', failure: IMPORT_JOB_FAILURES.gaveUp, outcome: null });
  });

  it('lets a few imports wait at most, and keeps jobs to administrators', async () => {
    const ids: string[] = [];
    // Held by a live lease elsewhere, the line does not move while it fills.
    const holder = 'ab0000000000000000000004';
    await insertJob(server.app.db, { id: holder, kind: 'import', payload: JSON.stringify({ name: 'held.csv', apply: false }), input: studentsCsv(1, 800_000), staffId: ADMIN, now: server.clock.now() });
    await server.app.db.updateTable('jobs').set({ state: 'running', lease_owner: 'another-runner', lease_until: new Date(server.clock.now().getTime() + LEASE_MS).toISOString(), attempts: 1 }).where('id', '=', holder).execute();
    for (let i = 1; i < IMPORTS_WAITING_MAX; i++) {
      const sent = await sendImport(server, admin, `wait${i}.csv`, studentsCsv(1, 800_000 + i));
      expect(sent.status).toBe(202);
      expect(sent.body.data.ahead).toBe(i);
      ids.push(sent.body.data.id);
    }
    const refused = await sendImport(server, admin, 'one-too-many.csv', studentsCsv(1, 900_000));
    expect(refused.status).toBe(409);
    expect(refused.body.errors.code).toBe('importsWaiting');

    const teacher = await server.sessionFor(TEACHER, 'staff');
    const asTeacher = await server.call({ method: 'GET', url: apiPath(staffPaths.importJob.replace(':jobId', ids[0]!)), session: teacher });
    expect(asTeacher.statusCode).toBe(403);
    const missing = await server.call({ method: 'GET', url: apiPath(staffPaths.importJob.replace(':jobId', 'ab00000000000000000000ff')), session: admin });
    expect(missing.statusCode).toBe(404);
    for (const id of [holder, ...ids]) await cancel(id);
  });
});

describe.each(databaseKinds())('an import worker out of memory (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: 'demo', config: { importMemoryMb: 64 } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('fails that import in plain words, and the next import gets a fresh worker', async () => {
    const admin = await server.sessionFor(ADMIN, 'staff');
    const students = Array.from({ length: 60_000 }, (_, i) => ({ name: `Student number ${i} with a longer name`, sid: `OOM-${i}`, phone: `018${String(10_000_000 + i)}`, session: '2025-26', groups: [MORNING_BATCH] }));
    const big = await importAndWait(server, admin, 'big.json', Buffer.from(JSON.stringify({ students })), true);
    expect(big).toMatchObject({ state: 'failed', writing: false, outcome: null, failure: IMPORT_WORKER_FAILURES.memory(64) });
    expect(await server.app.db.selectFrom('students').select('id').where('sid', '=', 'OOM-0').executeTakeFirst()).toBeUndefined();
    const small = await importAndWait(server, admin, 'small.json', Buffer.from(JSON.stringify({ students: students.slice(0, 2) })), true);
    expect(small).toMatchObject({ state: 'done', outcome: { applied: true } });
  }, 120_000);
});

describe.each(databaseKinds())('runners asking at once (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // The server's own runner is stopped: the runners below are the only takers.
    server = await startTestServer({ kind });
    await server.app.jobs.close();
  });
  afterAll(async () => {
    await server.close();
  });

  it('gives a kind one running job, the oldest, however many runners ask at once', async () => {
    const { db, dialect } = server.app;
    const start = server.clock.now().getTime();
    for (const [i, id] of ['ab00000000000000000000d1', 'ab00000000000000000000d2', 'ab00000000000000000000d3'].entries()) {
      await insertJob(db, { id, kind: 'import', payload: JSON.stringify({ name: `${i}.csv`, apply: false }), input: Buffer.from('x'), staffId: null, now: new Date(start + i) });
    }
    const now = server.clock.now();
    const taken = (await Promise.all(Array.from({ length: 6 }, (_, i) => takeJob(db, dialect, 'import', `runner-${i}`, now, LEASE_MS)))).filter((job) => job !== undefined);
    expect(taken.map((job) => job.id)).toEqual(['ab00000000000000000000d1']);
    // Until its lease lapses, nobody takes the next one.
    expect(await takeJob(db, dialect, 'import', 'runner-late', now, LEASE_MS)).toBeUndefined();
    const lapsed = new Date(now.getTime() + LEASE_MS + 1);
    expect((await takeJob(db, dialect, 'import', 'runner-late', lapsed, LEASE_MS))?.id).toBe('ab00000000000000000000d1');
  });
});
