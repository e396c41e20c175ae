// The realtime channel: sockets authenticate with the session id, and with Redis every server
// process can reach a student connected to any other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { connect } from '../../server/db/connect.js';
import { buildApp } from '../../server/app.js';

const student = { id: 'a70000000000000000000001', name: 'Realtime Student', sid: 'RT-1', phone: '01710000001' };
const bundle = { students: [student] };
const redisUrl = process.env.TEST_REDIS_URL ?? null;

function open(baseUrl: string, sessionId: string | null): Socket {
  return connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: sessionId ? { sessionId } : {}, reconnection: false });
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });

const nextEvent = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, (payload: T) => resolve(payload)));

describe('realtime on one server', () => {
  let server: TestServer;
  let baseUrl: string;
  beforeAll(async () => {
    server = await startTestServer({ bundle });
    baseUrl = await server.listen();
  });
  afterAll(() => server.close());

  it('refuses a socket without a valid session', async () => {
    const socket = open(baseUrl, '0123456789abcdef0123456789abcdef');
    await expect(connected(socket)).rejects.toThrow('notLoggedIn');
    socket.close();
  });

  it('delivers events to the student room of a signed-in socket', async () => {
    const socket = open(baseUrl, await server.sessionFor(student.id));
    await connected(socket);
    const received = nextEvent<{ message: string }>(socket, 'notification');
    // Joining the room happens on connection; poll until the server sees the socket in it.
    await expect.poll(async () => (await server.app.realtime.io.in(`student:${student.id}`).fetchSockets()).length).toBe(1);
    server.app.realtime.toStudent(student.id, 'notification', { message: 'hello' });
    expect(await received).toEqual({ message: 'hello' });
    socket.close();
  });
});

if (!redisUrl) {
  console.warn('Redis multi-process realtime suite did not run: TEST_REDIS_URL is not set.');
} else {
  describe('realtime across two server processes sharing Redis', () => {
    let first: TestServer;
    let second: FastifyInstance;
    let closeSecondDb: () => Promise<void>;
    let firstUrl: string;
    beforeAll(async () => {
      first = await startTestServer({ bundle, config: { redisUrl } });
      firstUrl = await first.listen();
      const { db, dialect } = await connect(first.database.url);
      closeSecondDb = () => db.destroy();
      second = await buildApp({ ...first.config }, { db, dialect, clock: first.clock });
      await second.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      await second.close();
      await closeSecondDb();
      await first.close();
    });

    it('an event sent by the second process reaches a socket held by the first', async () => {
      const socket = open(firstUrl, await first.sessionFor(student.id));
      await connected(socket);
      await expect.poll(async () => (await second.realtime.io.in(`student:${student.id}`).fetchSockets()).length).toBe(1);
      const received = nextEvent<{ message: string }>(socket, 'notification');
      second.realtime.toStudent(student.id, 'notification', { message: 'from the other process' });
      expect(await received).toEqual({ message: 'from the other process' });
      socket.close();
    });
  });
}
