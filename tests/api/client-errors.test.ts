// Requests Node's HTTP parser refuses before any route runs still answer in the API error envelope.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';

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

  it('keeps serving after both', async () => {
    expect(parse(await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).status).toBe(200);
  });
});
