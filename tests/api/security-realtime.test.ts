// A socket lives only as long as the session that opened it: signing out, or a password reset that
// signs every device out, closes the open sockets too, so no further events reach them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const student = { id: 'a70000000000000000000011', name: 'Socket Student', sid: 'RT-11', phone: '01710000011', password: 'student123' };
const bundle = { students: [student] };

function open(baseUrl: string, sessionId: string): Socket {
  return connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], auth: { sessionId }, reconnection: false });
}

const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });

describe('sockets end with their session', () => {
  let server: TestServer;
  let baseUrl: string;
  beforeAll(async () => {
    server = await startTestServer({ bundle, env: { SMS_TRANSPORT: 'console' }, config: { scryptCost: 2 ** 14 } });
    baseUrl = await server.listen();
  });
  afterAll(() => server.close());

  const opened: Socket[] = [];
  afterEach(() => {
    for (const socket of opened.splice(0)) socket.close();
  });
  const socketsInRoom = async () => (await server.app.realtime.io.in(`student:${student.id}`).fetchSockets()).length;

  it('closes the socket of a session that signs out, and only that one', async () => {
    const leaving = await server.sessionFor(student.id);
    const staying = await server.sessionFor(student.id);
    const leavingSocket = open(baseUrl, leaving);
    const stayingSocket = open(baseUrl, staying);
    opened.push(leavingSocket, stayingSocket);
    await Promise.all([connected(leavingSocket), connected(stayingSocket)]);
    await expect.poll(socketsInRoom).toBe(2);

    let reason = '';
    leavingSocket.once('disconnect', (why) => (reason = why));
    expect((await server.call({ method: 'GET', url: apiPath(accountPaths.logout), session: leaving })).statusCode).toBe(200);
    await expect.poll(() => reason, { timeout: 3000 }).toBe('io server disconnect');
    await expect.poll(socketsInRoom).toBe(1);
    expect(stayingSocket.connected).toBe(true);
    leavingSocket.close();
    stayingSocket.close();
    await expect.poll(socketsInRoom).toBe(0);
  });

  it('closes every socket of the student when the password is reset', async () => {
    const socket = open(baseUrl, await server.sessionFor(student.id));
    opened.push(socket);
    await connected(socket);
    await expect.poll(socketsInRoom).toBe(1);
    let reason = '';
    socket.once('disconnect', (why) => (reason = why));

    const requested = JSON.parse((await server.call({ method: 'PATCH', url: apiPath(accountPaths.resetCode, { phone: `88${student.phone}` }) })).body).data;
    const reset = await server.call({
      method: 'PATCH',
      url: `${apiPath(accountPaths.setPassword)}?forgotPassword=true`,
      payload: { otp: requested.otp, hash: requested.hash, phone: `88${student.phone}`, password: 'a-new-password' },
    });
    expect(reset.statusCode).toBe(200);
    await expect.poll(() => reason, { timeout: 3000 }).toBe('io server disconnect');
    await expect.poll(socketsInRoom).toBe(0);
    socket.close();
  });
});
