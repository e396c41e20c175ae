// Reminders by push and SMS (issue 40) against a local push service (web-push-testing), on SQLite and
// PostgreSQL: the academy's key, subscribing and unsubscribing a device, an exam's reminders made at
// import, moved and cancelled with it, pushed 30 minutes before and at the opening to the students who
// have not started it (the bell's list in the same words), sent once across two processes, a device the
// service no longer knows removed (410), other failures tried again later, the kinds a student turned
// off, the quiet hours, SMS for students with no device, and a challenge decided with its regrade words.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import type { FastifyInstance } from 'fastify';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, withTwoProcesses, type TestServer } from '../support/test-server.js';
import { startPushService, type LocalSubscription, type PushService } from '../support/push-service.js';
import { apiPath } from '../support/api-path.js';
import { COURSE, GROUP, STUDENT, CLASSMATE, OUTSIDER, UPCOMING, examBundle } from './exams-fixture.js';
import { challengePaths, notificationsPaths, pushPaths } from '../../src/contracts/paths.js';
import { importAcademy } from '../../server/db/seed/import.js';
import { queueNotices } from '../../server/reminders/reminders.js';
import { reminderDeps } from '../../server/reminder-deps.js';
import { examReminderMessage } from '../../src/domain/reminders.js';
import { ACADEMY_TIME_ZONE } from '../../src/domain/academyTime.js';
import { DEMO_CHALLENGE_EXAM, DEMO_CHALLENGES } from '../../server/db/seed/demo-academy.js';
import { DEMO_TEACHER } from '../support/demo-academy.js';

const MINUTE = 60_000;
const NO_QUIET = { quietHours: { from: 0, to: 0 } };
const UPCOMING_TITLE = 'Upcoming Anatomy Test';

/** Runs the jobs due now on these apps' runners, all of them at once, until none is left running. */
async function runDue(...apps: FastifyInstance[]): Promise<void> {
  for (const app of apps) app.jobs.wake();
  await Promise.all(apps.map((app) => app.jobs.idle()));
}

async function subscribe(server: TestServer, push: PushService, session: string): Promise<LocalSubscription> {
  const key = await server.call({ method: 'GET', url: apiPath(pushPaths.key) });
  const device = await push.subscribe(key.json().data.publicKey);
  const answer = await server.call({ method: 'POST', url: apiPath(pushPaths.subscriptions), session, payload: { endpoint: device.endpoint, expirationTime: null, keys: device.keys } });
  expect(answer.statusCode).toBe(200);
  return device;
}

const listOf = async (server: TestServer, session: string): Promise<{ notificationId: { message: string; info: Record<string, unknown> } }[]> =>
  (await server.call({ method: 'GET', url: apiPath(notificationsPaths.list), session })).json().data;

const reminderJobs = (server: TestServer) =>
  server.app.db.selectFrom('jobs').select(['id', 'state', 'run_at', 'topic', 'payload']).where('kind', '=', 'reminder').orderBy('run_at').execute();

describe.each(databaseKinds())('reminders by push (%s)', (kind) => {
  let server: TestServer;
  let push: PushService;
  let student: string;
  let classmate: string;
  let outsider: string;
  let smsFile: string;

  beforeAll(async () => {
    push = await startPushService();
    smsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'reminder-sms-')), 'sms.log');
    server = await startTestServer({ kind, bundle: examBundle(), env: { SMS_TRANSPORT: `file:${smsFile}`, SMS_REMINDERS: 'true', SMS_REMINDERS_PER_DAY: '1' }, config: NO_QUIET });
    student = await server.sessionFor(STUDENT);
    classmate = await server.sessionFor(CLASSMATE);
    outsider = await server.sessionFor(OUTSIDER);
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  it('serves one public key, made once and kept in the database', async () => {
    const first = await server.call({ method: 'GET', url: apiPath(pushPaths.key) });
    const second = await server.call({ method: 'GET', url: apiPath(pushPaths.key) });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(second.json().data.publicKey).toBe(first.json().data.publicKey);
    const kept = await server.app.db.selectFrom('server_keys').select('value').where('name', '=', 'vapid').executeTakeFirstOrThrow();
    expect(JSON.parse(kept.value).publicKey).toBe(first.json().data.publicKey);
  });

  it('subscribes and unsubscribes a device of the signed-in student, and refuses what is not a push subscription', async () => {
    const key = (await server.call({ method: 'GET', url: apiPath(pushPaths.key) })).json().data.publicKey;
    const device = await push.subscribe(key);
    const url = apiPath(pushPaths.subscriptions);
    expect((await server.call({ method: 'POST', url, payload: { endpoint: device.endpoint, keys: device.keys } })).statusCode).toBe(401);
    const added = await server.call({ method: 'POST', url, session: outsider, payload: { endpoint: device.endpoint, keys: device.keys } });
    expect(added.json()).toEqual({ data: { endpoint: device.endpoint, devices: 1 } });
    // The same device again is the same device.
    expect((await server.call({ method: 'POST', url, session: outsider, payload: { endpoint: device.endpoint, keys: device.keys } })).json().data.devices).toBe(1);
    const elsewhere = await server.call({ method: 'POST', url, session: outsider, payload: { endpoint: 'http://push.example.org/x/1', keys: device.keys } });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().errors).toMatchObject({ code: 'badEndpoint', title: 'This device cannot take reminders.' });
    const noKeys = await server.call({ method: 'POST', url, session: outsider, payload: { endpoint: device.endpoint } });
    expect(noKeys.statusCode).toBe(400);
    // Another student cannot remove it.
    expect((await server.call({ method: 'DELETE', url, session: classmate, payload: { endpoint: device.endpoint } })).json().data).toMatchObject({ removed: false });
    const removed = await server.call({ method: 'DELETE', url, session: outsider, payload: { endpoint: device.endpoint } });
    expect(removed.json()).toEqual({ data: { endpoint: device.endpoint, removed: true, devices: 0 } });
    expect((await server.call({ method: 'DELETE', url, session: outsider, payload: { endpoint: device.endpoint } })).json().data.removed).toBe(false);
  });

  it('keeps the kinds a student turns off, and refuses an empty or wrong change', async () => {
    const url = apiPath(pushPaths.reminders);
    const shown = await server.call({ method: 'GET', url, session: outsider });
    expect(shown.json().data).toEqual({ preferences: { exams: true, results: true, answers: true, challenges: true }, quietHours: '00:00–00:00', devices: 0, sms: true });
    const changed = await server.call({ method: 'PATCH', url, session: outsider, payload: { results: false } });
    expect(changed.json().data.preferences).toEqual({ exams: true, results: false, answers: true, challenges: true });
    expect((await server.call({ method: 'PATCH', url, session: outsider, payload: {} })).statusCode).toBe(400);
    expect((await server.call({ method: 'PATCH', url, session: outsider, payload: { exams: 'no' } })).statusCode).toBe(400);
    await server.call({ method: 'PATCH', url, session: outsider, payload: { results: true } });
  });

  it('makes an exam’s two reminders at import, and moves and cancels them with the exam', async () => {
    const upcoming = (await reminderJobs(server)).filter((j) => j.state === 'queued');
    const assignment = await server.app.db.selectFrom('exam_assignments').select(['id', 'starts_at']).where('exam_id', '=', UPCOMING).executeTakeFirstOrThrow();
    const opens = Date.parse(assignment.starts_at);
    expect(upcoming.filter((j) => j.topic === `exam:${assignment.id}`).map((j) => Date.parse(j.run_at!))).toEqual([opens - 30 * MINUTE, opens]);
    // The live exam opened before the import, the ended one long ago: nothing is queued for them.
    expect(upcoming).toHaveLength(2);

    const exam = () => examBundle().exams.find((e) => e.id === UPCOMING)!;
    const bundle = { exams: [{ ...exam(), assignments: [{ ...exam().assignments![0]!, startsAt: 'now+2h', endsAt: 'now+4h' }] }] };
    await importAcademy(server.app.db, bundle, { now: server.clock.now(), scryptCost: server.config.scryptCost });
    const after = await reminderJobs(server);
    expect(after.filter((j) => j.state === 'cancelled')).toHaveLength(2);
    const waiting = after.filter((j) => j.state === 'queued');
    const movedTo = Date.parse((await server.app.db.selectFrom('exam_assignments').select('starts_at').where('id', '=', assignment.id).executeTakeFirstOrThrow()).starts_at);
    expect(waiting.map((j) => Date.parse(j.run_at!))).toEqual([movedTo - 30 * MINUTE, movedTo]);
    // The same calendar again changes nothing.
    await importAcademy(server.app.db, bundle, { now: server.clock.now(), scryptCost: server.config.scryptCost });
    expect((await reminderJobs(server)).filter((j) => j.state === 'queued')).toHaveLength(2);
    // Back an hour from now for the tests that follow.
    await importAcademy(server.app.db, { exams: [exam()] }, { now: server.clock.now(), scryptCost: server.config.scryptCost });
    const back = Date.parse((await server.app.db.selectFrom('exam_assignments').select('starts_at').where('id', '=', assignment.id).executeTakeFirstOrThrow()).starts_at);
    expect(back - opens).toBeLessThan(2 * MINUTE);
    expect((await reminderJobs(server)).filter((j) => j.state === 'queued').map((j) => Date.parse(j.run_at!))).toEqual([back - 30 * MINUTE, back]);
  });

  it('reminds the students who have not started the exam, 30 minutes before and at the opening, by push, the bell and SMS', async () => {
    const phone = await subscribe(server, push, student);
    const desk = await subscribe(server, push, student);
    const jobs = (await reminderJobs(server)).filter((j) => j.state === 'queued');
    const soonAt = Date.parse(jobs[0]!.run_at!);
    // Nothing before its time.
    await runDue(server.app);
    expect(await push.received(phone.clientHash)).toEqual([]);

    server.clock.advance(soonAt - server.clock.now().getTime() + 1000);
    await runDue(server.app);
    const words = examReminderMessage('soon', UPCOMING_TITLE);
    const received = await push.received(phone.clientHash);
    expect(received).toEqual([{ title: 'Medical Academy', body: words, url: `/exams?course=${COURSE}&exam=${UPCOMING}`, tag: expect.stringMatching(/^exam:/), notificationId: expect.any(String) }]);
    expect(await push.received(desk.clientHash)).toHaveLength(1);
    // The bell says the same words, leading to the same place.
    const listed = (await listOf(server, student)).find((n) => n.notificationId.message === words);
    expect(listed?.notificationId.info).toMatchObject({ on: 'exam', id: UPCOMING, courseId: COURSE, reminder: true });
    // The classmate has no device: the bell, and the one SMS of the day's budget.
    expect((await listOf(server, classmate)).some((n) => n.notificationId.message === words)).toBe(true);
    const texts = fs.readFileSync(smsFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
    expect(texts).toEqual([{ phone: '8801900000002', text: `Medical Academy: ${words}`, purpose: 'reminder', at: expect.any(String) }]);
    // The other batch's student is not reminded of this batch's exam.
    expect((await listOf(server, outsider)).some((n) => n.notificationId.message === words)).toBe(false);

    // At the opening: the budget is spent, so the classmate's reminder stays in the app.
    server.clock.advance(30 * MINUTE);
    await runDue(server.app);
    expect((await push.received(phone.clientHash)).map((m) => m.body)).toEqual([words, examReminderMessage('open', UPCOMING_TITLE)]);
    expect(fs.readFileSync(smsFile, 'utf8').trim().split('\n')).toHaveLength(1);
    expect((await listOf(server, classmate)).some((n) => n.notificationId.message === examReminderMessage('open', UPCOMING_TITLE))).toBe(true);
    const delivered = await server.app.db.selectFrom('reminder_deliveries').select(['student_id', 'channel']).where('event', 'like', 'exam-open:%').orderBy('student_id').execute();
    expect(delivered).toEqual([{ student_id: STUDENT, channel: 'push' }, { student_id: CLASSMATE, channel: 'none' }].sort((a, b) => a.student_id.localeCompare(b.student_id)));

    // A job run again (its runner died after sending) reminds no one twice.
    const done = (await reminderJobs(server)).filter((j) => j.state === 'done');
    await server.app.db.updateTable('jobs').set({ state: 'queued', finished_at: null }).where('id', 'in', done.map((j) => j.id)).execute();
    await runDue(server.app);
    expect(await push.received(phone.clientHash)).toHaveLength(2);
  });

  it('removes a device the push service no longer knows (410) and tries other failures again later', async () => {
    const gone = await subscribe(server, push, outsider);
    await push.expire(gone.clientHash);
    // A device whose service fails (an address the local service does not know answers 400).
    await server.app.db.insertInto('push_subscriptions').values({ id: 'ab0000000000000000000001', student_id: OUTSIDER, endpoint: `${push.url}/notify/unknown`, p256dh: gone.keys.p256dh, auth: gone.keys.auth, created_at: server.clock.now().toISOString() }).execute();
    const info = { on: 'forum', id: 'ab0000000000000000000009', courseId: COURSE };
    await queueNotices(reminderDeps(server.app), 'answers', [{ notificationId: 'ab0000000000000000000008', message: 'A teacher answered your question', info, studentIds: [OUTSIDER] }]);
    await runDue(server.app);
    const devices = await server.app.db.selectFrom('push_subscriptions').select('endpoint').where('student_id', '=', OUTSIDER).execute();
    expect(devices.map((d) => d.endpoint)).toEqual([`${push.url}/notify/unknown`]);
    const retry = (await reminderJobs(server)).find((j) => j.state === 'queued' && JSON.parse(j.payload).type === 'retry')!;
    expect(JSON.parse(retry.payload)).toMatchObject({ attempt: 1, items: [{ subscriptionId: 'ab0000000000000000000001', message: { body: 'A teacher answered your question', url: '/question-details/ab0000000000000000000009' } }] });
    expect(Date.parse(retry.run_at!) - server.clock.now().getTime()).toBeGreaterThan(29_000);
    // Its time comes: tried again, and again later with a longer wait.
    server.clock.advance(31_000);
    await runDue(server.app);
    const next = (await reminderJobs(server)).find((j) => j.state === 'queued' && JSON.parse(j.payload).type === 'retry')!;
    expect(JSON.parse(next.payload).attempt).toBe(2);
    expect(Date.parse(next.run_at!) - server.clock.now().getTime()).toBeGreaterThan(119_000);
    // Unsubscribed meanwhile: nothing is tried any more.
    await server.app.db.deleteFrom('push_subscriptions').where('id', '=', 'ab0000000000000000000001').execute();
    server.clock.advance(121_000);
    await runDue(server.app);
    expect((await reminderJobs(server)).filter((j) => j.state === 'queued' && JSON.parse(j.payload).type === 'retry')).toHaveLength(0);
  });

  it('leaves out the kinds a student turned off', async () => {
    const device = await subscribe(server, push, classmate);
    await server.call({ method: 'PATCH', url: apiPath(pushPaths.reminders), session: classmate, payload: { answers: false } });
    const info = { on: 'forum', id: 'ab0000000000000000000019', courseId: COURSE };
    await queueNotices(reminderDeps(server.app), 'answers', [{ notificationId: 'ab0000000000000000000018', message: 'A teacher answered your question', info, studentIds: [CLASSMATE] }]);
    await queueNotices(reminderDeps(server.app), 'results', [{ notificationId: 'ab0000000000000000000017', message: 'The result of X is published.', info: { on: 'result', id: UPCOMING, groupId: GROUP }, studentIds: [CLASSMATE] }]);
    await runDue(server.app);
    expect((await push.received(device.clientHash)).map((m) => m.body)).toEqual(['The result of X is published.']);
  });
});

describe.each(databaseKinds())('reminders of a removed exam (%s)', (kind) => {
  it('cancels the waiting reminders of a schedule removed, and of an exam removed', async () => {
    const server = await startTestServer({ kind, bundle: examBundle(), config: NO_QUIET });
    try {
      const extra = { ...examBundle().exams.find((e) => e.id === UPCOMING)!, id: 'f10000000000000000000099', title: 'Another Test', questions: [{ id: 'f20099000000000000000001', type: 'MCQ' as const, title: 'Q', point: 1, options: ['A', 'B'], answer: [0] }] };
      await importAcademy(server.app.db, { exams: [extra] }, { now: server.clock.now(), scryptCost: server.config.scryptCost });
      expect((await reminderJobs(server)).filter((j) => j.state === 'queued')).toHaveLength(4);
      await importAcademy(server.app.db, { remove: [{ kind: 'assignment', examId: UPCOMING, groupId: GROUP }] }, { now: server.clock.now(), scryptCost: server.config.scryptCost });
      expect((await reminderJobs(server)).filter((j) => j.state === 'queued')).toHaveLength(2);
      await importAcademy(server.app.db, { remove: [{ kind: 'exam', id: extra.id }] }, { now: server.clock.now(), scryptCost: server.config.scryptCost });
      expect((await reminderJobs(server)).filter((j) => j.state === 'queued')).toHaveLength(0);
      expect((await reminderJobs(server)).filter((j) => j.state === 'cancelled')).toHaveLength(4);
    } finally {
      await server.close();
    }
  });
});

describe.each(databaseKinds())('reminders in the quiet hours (%s)', (kind) => {
  let server: TestServer;
  let push: PushService;

  beforeAll(async () => {
    push = await startPushService();
    // The quiet hours are the two hours around now in the academy's zone, whenever the test runs.
    const local = DateTime.now().setZone(ACADEMY_TIME_ZONE);
    const minute = local.hour * 60 + local.minute;
    const quietHours = { from: (minute + 1440 - 60) % 1440, to: (minute + 60) % 1440 };
    server = await startTestServer({ kind, bundle: examBundle(), config: { quietHours } });
  });
  afterAll(async () => {
    await server?.close();
    await push?.close();
  });

  it('holds every reminder but the exams’ until the quiet hours end', async () => {
    const device = await subscribe(server, push, await server.sessionFor(STUDENT));
    await queueNotices(reminderDeps(server.app), 'results', [{ notificationId: 'ab0000000000000000000027', message: 'The result of Y is published.', info: { on: 'result', id: UPCOMING, groupId: GROUP }, studentIds: [STUDENT] }]);
    await runDue(server.app);
    expect(await push.received(device.clientHash)).toEqual([]);
    const held = (await reminderJobs(server)).find((j) => JSON.parse(j.payload).type === 'notices')!;
    const waits = Date.parse(held.run_at!) - server.clock.now().getTime();
    expect(waits).toBeGreaterThan(0);
    expect(waits).toBeLessThanOrEqual(60 * MINUTE);
    // The exam's reminder 30 minutes before goes out in the quiet hours.
    const soon = (await reminderJobs(server)).find((j) => j.state === 'queued' && JSON.parse(j.payload).event === 'soon')!;
    server.clock.advance(Date.parse(soon.run_at!) - server.clock.now().getTime() + 1000);
    await runDue(server.app);
    expect((await push.received(device.clientHash)).map((m) => m.body)).toEqual([examReminderMessage('soon', UPCOMING_TITLE)]);
    server.clock.advance(Date.parse(held.run_at!) - server.clock.now().getTime() + 1000);
    await runDue(server.app);
    expect((await push.received(device.clientHash)).map((m) => m.body)).toContain('The result of Y is published.');
  });
});

describe.each(databaseKinds())('reminders from two processes (%s)', (kind) => {
  it('sends each student one reminder per event whichever process takes the job', async () => {
    const push = await startPushService();
    try {
      await withTwoProcesses({ kind, bundle: examBundle(), config: NO_QUIET }, async (first, second) => {
        const devices = await Promise.all([STUDENT, CLASSMATE].map(async (id) => subscribe(first, push, await first.sessionFor(id))));
        const soon = (await reminderJobs(first)).find((j) => j.state === 'queued')!;
        first.clock.advance(Date.parse(soon.run_at!) - first.clock.now().getTime() + 1000);
        // Both runners look at once, twice over.
        await runDue(first.app, second);
        await runDue(second, first.app);
        for (const device of devices) expect((await push.received(device.clientHash)).map((m) => m.body)).toEqual([examReminderMessage('soon', UPCOMING_TITLE)]);
        const owners = await first.app.db.selectFrom('jobs').select('lease_owner').where('id', '=', soon.id).executeTakeFirstOrThrow();
        expect(owners.lease_owner).toBeNull();
        expect((await first.app.db.selectFrom('reminder_deliveries').select('student_id').execute()).length).toBe(2);
      });
    } finally {
      await push.close();
    }
  });
});

describe.each(databaseKinds())('a decided challenge on the challenger’s devices (%s)', (kind) => {
  it('pushes the regrade’s words ("your marks … → …") that the bell shows', async () => {
    const push = await startPushService();
    const server = await startTestServer({ kind, bundle: 'demo', config: { ...NO_QUIET, scryptCost: 1024 } });
    try {
      const challenger = DEMO_CHALLENGES[0]!.studentId;
      const session = await server.sessionFor(challenger);
      const device = await subscribe(server, push, session);
      const teacher = await server.sessionFor(DEMO_TEACHER.id, 'staff');
      const decided = await server.call({
        method: 'POST', url: apiPath(challengePaths.decide, { assignmentId: DEMO_CHALLENGE_EXAM.assignmentId, questionId: DEMO_CHALLENGE_EXAM.challengedQuestion }), session: teacher,
        payload: { kind: 'change', options: [2], reply: 'Bicarbonate it is: the key is corrected to C.' },
      });
      expect(decided.statusCode).toBe(200);
      await runDue(server.app);
      const received = await push.received(device.clientHash);
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ body: expect.stringMatching(/^Question 3's key was corrected: your marks [\d.]+ → [\d.]+/), url: `/result/${DEMO_CHALLENGE_EXAM.examId}/${DEMO_CHALLENGE_EXAM.groupId}` });
      expect((await listOf(server, session)).map((n) => n.notificationId.message)).toContain(received[0]!.body);
    } finally {
      await server.close();
      await push.close();
    }
  });
});
