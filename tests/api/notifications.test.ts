// Notifications API: a student reads, marks seen (one or all) and deletes only their own notifications, and a
// published notification is stored and pushed live to the student's open sockets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket } from 'socket.io-client';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { publishNotification } from '../../server/notifications/publish.js';
import { notificationsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const ANNA = 'a10000000000000000000001';
const BORIS = 'a10000000000000000000002';
const LECTURE_NOTE = 'b10000000000000000000001';
const NOTICE = 'b10000000000000000000002';
const BORIS_ONLY = 'b10000000000000000000003';
const SHARED = 'b10000000000000000000004';

const bundle = {
  students: [
    { id: ANNA, name: 'Anna', sid: 'N-1', phone: '01720000001' },
    { id: BORIS, name: 'Boris', sid: 'N-2', phone: '01720000002' },
  ],
  notifications: [
    {
      id: LECTURE_NOTE,
      type: 'notification',
      message: 'New lecture video',
      info: { on: 'lecture', id: '1e0000000000000000000001', courseId: 'c00000000000000000000001', subjectId: '500000000000000000000001', title: 'Lecture 1' },
      createdAt: 'now-1h',
      studentIds: [ANNA],
    },
    { id: NOTICE, type: 'notice', message: 'Holiday on Friday', info: {}, createdAt: 'now-2d', studentIds: [ANNA], seenBy: [ANNA] },
    { id: BORIS_ONLY, type: 'notification', message: 'Only for Boris', createdAt: 'now-3h', studentIds: [BORIS] },
    { id: SHARED, type: 'notice', message: 'For both', createdAt: 'now-5h', studentIds: [ANNA, BORIS] },
  ],
};

interface Listed {
  notificationId: { _id: string; type: string; message: string; createdAt: string; info: Record<string, unknown> };
  isSeen: boolean;
}

describe.each(databaseKinds())('notifications API (%s)', (kind) => {
  let server: TestServer;
  let anna: string;
  let boris: string;
  beforeAll(async () => {
    server = await startTestServer({ kind, bundle });
    anna = await server.sessionFor(ANNA);
    boris = await server.sessionFor(BORIS);
  });
  afterAll(() => server?.close());

  const list = async (session: string): Promise<Listed[]> => {
    const response = await server.call({ method: 'GET', url: apiPath(notificationsPaths.list), session });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };

  it('lists only the signed-in student\'s notifications, newest first, in the spec\'s shape', async () => {
    const mine = await list(anna);
    expect(mine.map((n) => n.notificationId._id)).toEqual([LECTURE_NOTE, SHARED, NOTICE]);
    expect(mine[0]).toEqual({
      notificationId: {
        _id: LECTURE_NOTE,
        type: 'notification',
        message: 'New lecture video',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        info: { on: 'lecture', id: '1e0000000000000000000001', courseId: 'c00000000000000000000001', subjectId: '500000000000000000000001', title: 'Lecture 1' },
      },
      isSeen: false,
    });
    expect(mine.find((n) => n.notificationId._id === NOTICE)!.isSeen).toBe(true);
    expect((await list(boris)).map((n) => n.notificationId._id)).toEqual([BORIS_ONLY, SHARED]);
  });

  it('needs a signed-in student', async () => {
    const response = await server.call({ method: 'GET', url: apiPath(notificationsPaths.list) });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors.code).toBe('notLoggedIn');
  });

  it('marks the student\'s own notification seen, for that student only', async () => {
    const response = await server.call({ method: 'PATCH', url: apiPath(notificationsPaths.markSeen, { id: SHARED }), session: anna });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ _id: SHARED, isSeen: true });
    expect((await list(anna)).find((n) => n.notificationId._id === SHARED)!.isSeen).toBe(true);
    expect((await list(boris)).find((n) => n.notificationId._id === SHARED)!.isSeen).toBe(false);
  });

  it('refuses to touch another student\'s notification with 404', async () => {
    const seen = await server.call({ method: 'PATCH', url: apiPath(notificationsPaths.markSeen, { id: BORIS_ONLY }), session: anna });
    expect(seen.statusCode).toBe(404);
    expect(seen.json().errors).toMatchObject({ title: 'This notification was not found.', code: 'notificationNotFound' });
    const deleted = await server.call({ method: 'DELETE', url: apiPath(notificationsPaths.delete, { id: BORIS_ONLY }), session: anna });
    expect(deleted.statusCode).toBe(404);
    const borisList = await list(boris);
    expect(borisList.find((n) => n.notificationId._id === BORIS_ONLY)).toMatchObject({ isSeen: false });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await server.call({ method: 'PATCH', url: apiPath(notificationsPaths.markSeen, { id: 'ffffffffffffffffffffffff' }), session: anna });
    expect(unknown.statusCode).toBe(404);
    for (const request of [
      { method: 'PATCH' as const, url: apiPath(notificationsPaths.markSeen, { id: 'not-an-id' }) },
      { method: 'DELETE' as const, url: apiPath(notificationsPaths.delete, { id: '123' }) },
      { method: 'DELETE' as const, url: apiPath(notificationsPaths.delete, { id: 'B10000000000000000000001' }) },
    ]) {
      const response = await server.call({ ...request, session: anna });
      expect(response.statusCode, request.url).toBe(400);
      expect(response.json().errors.title).toBeTruthy();
    }
  });

  it('deletes for the student only (soft), and a deleted one can be neither seen nor deleted again', async () => {
    const response = await server.call({ method: 'DELETE', url: apiPath(notificationsPaths.delete, { id: SHARED }), session: boris });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ _id: SHARED, deleted: true });
    expect((await list(boris)).map((n) => n.notificationId._id)).toEqual([BORIS_ONLY]);
    expect((await list(anna)).map((n) => n.notificationId._id)).toContain(SHARED);
    const stored = await server.app.db.selectFrom('student_notifications').selectAll().where('notification_id', '=', SHARED).where('student_id', '=', BORIS).executeTakeFirst();
    expect(stored?.deleted_at).toBeTruthy();
    expect((await server.call({ method: 'DELETE', url: apiPath(notificationsPaths.delete, { id: SHARED }), session: boris })).statusCode).toBe(404);
    expect((await server.call({ method: 'PATCH', url: apiPath(notificationsPaths.markSeen, { id: SHARED }), session: boris })).statusCode).toBe(404);
  });

  it('marks all of the student\'s own notifications seen at once, and no one else\'s', async () => {
    const unseenBefore = (await list(anna)).filter((n) => !n.isSeen).length;
    expect(unseenBefore).toBeGreaterThan(0);
    const borisUnseen = (await list(boris)).filter((n) => !n.isSeen).map((n) => n.notificationId._id);
    const response = await server.call({ method: 'PATCH', url: apiPath(notificationsPaths.markAllSeen), session: anna });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ seen: unseenBefore });
    expect((await list(anna)).every((n) => n.isSeen)).toBe(true);
    expect((await list(boris)).filter((n) => !n.isSeen).map((n) => n.notificationId._id)).toEqual(borisUnseen);
    // Nothing left to mark: answered the same way, with none counted.
    expect((await server.call({ method: 'PATCH', url: apiPath(notificationsPaths.markAllSeen), session: anna })).json().data).toEqual({ seen: 0 });
    expect((await server.call({ method: 'PATCH', url: apiPath(notificationsPaths.markAllSeen) })).statusCode).toBe(401);
  });

  it('publishes: stores the notification for its students and pushes it live to their sockets only', async () => {
    const baseUrl = await server.listen();
    const open = (session: string) =>
      connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { sessionId: session }, reconnection: false });
    const annaSocket = open(anna);
    const borisSocket = open(boris);
    const borisReceived: unknown[] = [];
    borisSocket.on('notification', (payload) => borisReceived.push(payload));
    try {
      await expect.poll(async () => (await server.app.realtime.io.in(`student:${ANNA}`).fetchSockets()).length).toBe(1);
      await expect.poll(async () => (await server.app.realtime.io.in(`student:${BORIS}`).fetchSockets()).length).toBe(1);
      const received = new Promise<Listed>((resolve) => annaSocket.once('notification', resolve));
      server.clock.advance(60_000);
      const before = server.clock.now().getTime();
      const published = await publishNotification(
        server.app,
        { type: 'notification', message: 'Your result is published', info: { on: 'exam', id: 'e10000000000000000000003', isPracticeExam: false, examResultId: 'r1' } },
        [ANNA, ANNA],
      );
      const live = await received;
      expect(live).toEqual(published);
      expect(live.isSeen).toBe(false);
      expect(live.notificationId).toMatchObject({ type: 'notification', message: 'Your result is published', info: { on: 'exam', examResultId: 'r1' } });
      expect(live.notificationId._id).toMatch(/^[0-9a-f]{24}$/);
      // Stamped by the server's (shifted) clock, not the machine's.
      const createdAt = new Date(live.notificationId.createdAt).getTime();
      expect(createdAt).toBeGreaterThanOrEqual(before);
      expect(createdAt).toBeLessThanOrEqual(server.clock.now().getTime());
      const mine = await list(anna);
      expect(mine[0]).toEqual(live);
      expect((await list(boris)).map((n) => n.notificationId._id)).not.toContain(live.notificationId._id);
      // Boris's socket got nothing: a second push to Boris arrives first in his queue.
      const borisNext = new Promise<Listed>((resolve) => borisSocket.once('notification', resolve));
      const forBoris = await publishNotification(server.app, { type: 'notice', message: 'Boris only' }, [BORIS]);
      expect((await borisNext).notificationId._id).toBe(forBoris.notificationId._id);
      expect(borisReceived).toHaveLength(1);
      const seen = await server.call({ method: 'PATCH', url: apiPath(notificationsPaths.markSeen, { id: live.notificationId._id }), session: anna });
      expect(seen.statusCode).toBe(200);
    } finally {
      annaSocket.close();
      borisSocket.close();
    }
  });
});
