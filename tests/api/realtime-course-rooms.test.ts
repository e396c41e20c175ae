// The desk's live events go to the desks of their course only, on every database kind and across two
// server processes sharing Redis: a student starting an exam, or a forum question changing, is heard by
// the course's teacher and by every admin, never by a teacher of another course. A course taken away is
// left at the desk's next connection.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, withTwoProcesses, type TestServer } from '../support/test-server.js';
import { resultsBundle } from './results-fixture.js';
import { COURSE, GROUP, LIVE, OTHER_COURSE, STUDENT } from './exams-fixture.js';
import { EXAM_ACTIVITY_EVENT } from '../../src/domain/staffSchedule.js';
import { FORUM_ACTIVITY_EVENT } from '../../src/domain/forum.js';
import { examsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';
import { ADMIN_ROOM, courseRoom } from '../../server/realtime.js';
import { tellDesks } from '../../server/forum/posting.js';

const redisUrl = process.env.TEST_REDIS_URL ?? null;
const COURSE_TEACHER = 'de00000000000000000000b1';
const OTHER_TEACHER = 'de00000000000000000000b2';
const ADMIN = 'de00000000000000000000b3';
const QUESTION = 'fe00000000000000000000b1';

function bundle() {
  const base = resultsBundle();
  return {
    ...base,
    staff: [
      ...base.staff,
      { id: COURSE_TEACHER, name: 'Dr. Course', username: 'course@academy.test', role: 'teacher', password: 'course-pass-2026', courseIds: [COURSE] },
      { id: OTHER_TEACHER, name: 'Dr. Other', username: 'other-course@academy.test', role: 'teacher', password: 'other-pass-2026', courseIds: [OTHER_COURSE] },
      { id: ADMIN, name: 'Office', username: 'office-rooms@academy.test', role: 'admin', password: 'office-pass-2026' },
    ],
  };
}

/** A desk's socket and every event it heard, in order. */
interface Desk {
  socket: Socket;
  heard: { event: string; payload: unknown }[];
}

async function openDesk(baseUrl: string, sessionId: string): Promise<Desk> {
  const socket = connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { sessionId }, reconnection: false });
  const desk: Desk = { socket, heard: [] };
  socket.onAny((event: string, payload: unknown) => desk.heard.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return desk;
}

const roomSize = async (app: FastifyInstance, room: string) => (await app.realtime.io.in(room).fetchSockets()).length;

/**
 * Sends a marker to the other course's desks from `app` and waits for it: events reach one socket in
 * the order they were sent, so whatever the other teacher would have heard before is there by then.
 */
async function heardUntilMarker(app: FastifyInstance, desk: Desk): Promise<string[]> {
  app.realtime.toStaffOfCourse(OTHER_COURSE, 'marker', { course: OTHER_COURSE });
  await expect.poll(() => desk.heard.some((h) => h.event === 'marker')).toBe(true);
  return desk.heard.map((h) => h.event);
}

describe.each(databaseKinds())('staff events by course (%s)', (kind) => {
  let server: TestServer;
  let baseUrl: string;
  const desks: Desk[] = [];
  beforeEach(async () => {
    server = await startTestServer({ kind, bundle: bundle() });
    baseUrl = await server.listen();
  });
  afterEach(async () => {
    for (const desk of desks.splice(0)) desk.socket.close();
    await server.close();
  });
  const desk = async (staffId: string) => {
    const opened = await openDesk(baseUrl, await server.sessionFor(staffId, 'staff'));
    desks.push(opened);
    return opened;
  };

  it('a teacher of another course hears nothing of this one; its teacher and every admin do', async () => {
    const [teacher, other, admin] = [await desk(COURSE_TEACHER), await desk(OTHER_TEACHER), await desk(ADMIN)];
    await expect.poll(async () => [await roomSize(server.app, courseRoom(COURSE)), await roomSize(server.app, courseRoom(OTHER_COURSE)), await roomSize(server.app, ADMIN_ROOM)]).toEqual([1, 1, 1]);

    const student = await server.sessionFor(STUDENT);
    expect((await server.call({ method: 'PATCH', url: apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), session: student })).statusCode).toBe(200);
    const expected = [{ event: EXAM_ACTIVITY_EVENT, payload: { examId: LIVE, groupId: GROUP } }, { event: FORUM_ACTIVITY_EVENT, payload: { questionId: QUESTION, kind: 'question' } }];
    // The exam's event leaves once its course is read: the forum's is sent after it has arrived.
    await expect.poll(() => teacher.heard).toEqual(expected.slice(0, 1));
    tellDesks(server.app, { id: QUESTION, course_id: COURSE }, 'question');
    await expect.poll(() => teacher.heard).toEqual(expected);
    await expect.poll(() => admin.heard).toEqual(expected);
    expect(await heardUntilMarker(server.app, other)).toEqual(['marker']);
    // The admin hears the other course too, once.
    await expect.poll(() => admin.heard.map((h) => h.event)).toEqual([EXAM_ACTIVITY_EVENT, FORUM_ACTIVITY_EVENT, 'marker']);
    expect(teacher.heard).toHaveLength(2);
  });

  it('leaves a course taken from a teacher at the desk\'s next connection', async () => {
    const before = await desk(COURSE_TEACHER);
    await expect.poll(() => roomSize(server.app, courseRoom(COURSE))).toBe(1);
    await server.app.db.updateTable('staff_courses').set({ course_id: OTHER_COURSE }).where('staff_id', '=', COURSE_TEACHER).execute();
    before.socket.close();
    const after = await desk(COURSE_TEACHER);
    await expect.poll(() => roomSize(server.app, courseRoom(OTHER_COURSE))).toBe(1);
    expect(await roomSize(server.app, courseRoom(COURSE))).toBe(0);
    tellDesks(server.app, { id: QUESTION, course_id: COURSE }, 'question');
    expect(await heardUntilMarker(server.app, after)).toEqual(['marker']);
  });
});

if (!redisUrl) {
  console.warn('Staff events by course over Redis did not run: TEST_REDIS_URL is not set.');
} else {
  describe('staff events by course across two server processes sharing Redis', () => {
    it('an exam started on the second process reaches the course\'s desks held by the first, not the other course\'s', async () => {
      await withTwoProcesses({ bundle: bundle(), config: { redisUrl } }, async (first, second, baseUrl) => {
        const opened: Desk[] = [];
        try {
          for (const id of [COURSE_TEACHER, OTHER_TEACHER, ADMIN]) opened.push(await openDesk(baseUrl, await first.sessionFor(id, 'staff')));
          const [teacher, other, admin] = opened as [Desk, Desk, Desk];
          await expect.poll(async () => [await roomSize(second, courseRoom(COURSE)), await roomSize(second, courseRoom(OTHER_COURSE)), await roomSize(second, ADMIN_ROOM)]).toEqual([1, 1, 1]);
          const student = await first.sessionFor(STUDENT);
          const started = await second.inject({ method: 'PATCH', url: apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), headers: { authorization: student, agent: 'browser' } });
          expect(started.statusCode).toBe(200);
          const expected = [{ event: EXAM_ACTIVITY_EVENT, payload: { examId: LIVE, groupId: GROUP } }];
          await expect.poll(() => teacher.heard).toEqual(expected);
          await expect.poll(() => admin.heard).toEqual(expected);
          expect(await heardUntilMarker(second, other)).toEqual(['marker']);
        } finally {
          for (const desk of opened) desk.socket.close();
        }
      });
    });
  });
}
