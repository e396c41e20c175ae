// Requests Node's HTTP parser refuses before any route runs still answer in the API error envelope;
// those answers, and socket.io's own (its handshake, polls, refusals and WebSocket upgrades), carry
// the security headers of every API answer.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { apiSecurityHeaders } from '../../server/headers.js';

/** Sends raw bytes and returns the whole answer once the server closes the connection. */
function rawRequest(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
  });
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head ?? '')?.[1]), head: head ?? '', body: JSON.parse(body ?? 'null') };
}

/** The header lines of a raw answer, by lower-case name. */
function headersOf(answer: string): Record<string, string> {
  const lines = answer.split('\r\n\r\n')[0]!.split('\r\n').slice(1);
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
}

describe('answers the HTTP parser refuses', () => {
  let server: TestServer;
  let port: number;
  beforeAll(async () => {
    server = await startTestServer();
    port = Number(new URL(await server.listen()).port);
  });
  afterAll(() => server.close());

  it('answers headers that are too large with 431 in the error envelope', async () => {
    const answer = parse(await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`));
    expect(answer.status).toBe(431);
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(answer.body).toEqual({ errors: { title: 'The request headers are too large.', message: 'The request headers are too large.', code: 'headersTooLarge' } });
  });

  it('answers a malformed request line with 400 in the error envelope', async () => {
    const answer = parse(await rawRequest(port, 'GET /api/health HTTP/1.1 extra\r\n\r\n'));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toMatchObject({ code: 'badHttpRequest', title: 'The request is not valid HTTP.' });
  });

  it('sends the security headers of the API on a 431 and a 400 of the parser, and on every answer of socket.io', async () => {
    const expected = apiSecurityHeaders(server.config);
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['content-security-policy', 'x-frame-options', 'x-content-type-options', 'referrer-policy']));
    const answers = {
      tooLarge: await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\n`),
      malformed: await rawRequest(port, 'GET /api/health HTTP/1.1 extra\r\n\r\n'),
      handshake: await rawRequest(port, 'GET /socket.io/?EIO=4&transport=polling HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
      unknownSession: await rawRequest(port, 'GET /socket.io/?EIO=4&transport=polling&sid=nosuchsession HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
      badTransport: await rawRequest(port, 'GET /socket.io/?EIO=4&transport=carrier-pigeon HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
      refusedUpgrade: await rawRequest(
        port,
        'GET /socket.io/?EIO=4&transport=websocket&sid=nosuchsession HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n' +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      ),
    };
    const statuses = Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, Number(answer.slice(9, 12))]));
    expect(statuses).toEqual({ tooLarge: 431, malformed: 400, handshake: 200, unknownSession: 400, badTransport: 400, refusedUpgrade: 400 });
    for (const [name, answer] of Object.entries(answers)) expect({ name, headers: headersOf(answer) }).toEqual({ name, headers: expect.objectContaining(expected) });
  });

  it('keeps serving after both', async () => {
    expect(parse(await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).status).toBe(200);
  });
});
