// One session holds a few sockets (SOCKETS_PER_SESSION, 5 by default) on a process: sockets opened
// beyond them, even all at once, are refused with the connect_error 'tooManySockets' and its words,
// while the ones already open keep working and another session of the same student still connects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../support/test-server.js';

const student = { id: 'a70000000000000000000011', name: 'Many Tabs', sid: 'RT-11', phone: '01710000011' };

function open(baseUrl: string, sessionId: string): Socket {
  return connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { sessionId }, reconnection: false, forceNew: true });
}

/** 'connected', or the connect_error the server gave (its message and data). */
const outcome = (socket: Socket) =>
  new Promise<'connected' | { message: string; data: unknown }>((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error: Error & { data?: unknown }) => resolve({ message: error.message, data: error.data }));
  });

describe('sockets per session', () => {
  let server: TestServer;
  let baseUrl: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    server = await startTestServer({ bundle: { students: [student] } });
    baseUrl = await server.listen();
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await server.close();
  });
  /** The student's sockets the server holds, over every session. */
  const studentSockets = async () => (await server.app.realtime.io.in(`student:${student.id}`).fetchSockets()).length;

  it('accepts 5 of 60 sockets opened at once by one session and refuses the rest in words the app reads', async () => {
    const session = await server.sessionFor(student.id);
    const opened = Array.from({ length: 60 }, () => open(baseUrl, session));
    sockets.push(...opened);
    const outcomes = await Promise.all(opened.map(outcome));
    expect(outcomes.filter((o) => o === 'connected')).toHaveLength(5);
    const refused = outcomes.filter((o) => o !== 'connected');
    expect(refused).toHaveLength(55);
    for (const refusal of refused) {
      expect(refusal).toEqual({
        message: 'tooManySockets',
        data: {
          title: 'This session already has too many live connections.',
          message: 'At most 5 tabs or windows of one sign-in get live updates; close one and reload this one to get them here.',
        },
      });
    }
    // The open ones still get their events.
    const live = opened.filter((_, i) => outcomes[i] === 'connected');
    const received = Promise.all(live.map((socket) => new Promise((resolve) => socket.once('notification', resolve))));
    server.app.realtime.toStudent(student.id, 'notification', { message: 'still here' });
    expect(await received).toEqual(live.map(() => ({ message: 'still here' })));

    // Another sign-in of the same student is another session: it connects.
    const other = open(baseUrl, await server.sessionFor(student.id));
    sockets.push(other);
    expect(await outcome(other)).toBe('connected');

    // A tab closed frees its place: once the server has seen it go (5 of the session and the other
    // session's 1 become 4 and 1), a new tab of the session connects.
    live[0]!.close();
    await expect.poll(studentSockets).toBe(5);
    const again = open(baseUrl, session);
    sockets.push(again);
    expect(await outcome(again)).toBe('connected');
    const oneMore = open(baseUrl, session);
    sockets.push(oneMore);
    expect(await outcome(oneMore)).toMatchObject({ message: 'tooManySockets' });
  });
});
