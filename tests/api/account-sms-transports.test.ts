// Account API with the other ways of sending a code: the development console transport (the code comes
// back in the answer) and an HTTP SMS gateway (posted to it, never returned, a failed delivery reported).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { databaseKinds } from '../support/databases.js';
import { api, body, resetter } from './account-fixture.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('account with the development console transport (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: { students: [resetter] }, env: { SMS_TRANSPORT: 'console' }, config: { scryptCost: 2 ** 14 } });
  });
  afterAll(() => server?.close());

  it('returns the code as data.otp for registration and reset, and the code works', async () => {
    const phone = '01990000001';
    const requested = body(await server.call({ method: 'GET', url: apiPath(accountPaths.registrationCode, { phone: api(phone) }) })).data;
    expect(requested).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{24}$/), phone: api(phone), otp: expect.stringMatching(/^\d{6}$/) });
    const set = await server.call({ method: 'PATCH', url: apiPath(accountPaths.setPassword), payload: { otp: requested.otp, hash: requested.hash, phone: api(phone), password: 'console-pass' } });
    expect(set.statusCode).toBe(200);
    expect((await server.call({ method: 'POST', url: apiPath(accountPaths.login), payload: { username: api(phone), password: 'console-pass' } })).statusCode).toBe(200);

    const reset = body(await server.call({ method: 'PATCH', url: apiPath(accountPaths.resetCode, { phone: api(resetter.phone) }) })).data;
    expect(reset.otp).toMatch(/^\d{6}$/);
    const done = await server.call({ method: 'PATCH', url: `${apiPath(accountPaths.setPassword)}?forgotPassword=true`, payload: { otp: reset.otp, hash: reset.hash, phone: api(resetter.phone), password: 'reset-pass' } });
    expect(done.statusCode).toBe(200);
  });
});

describe.each(databaseKinds())('account with an SMS gateway (%s)', (kind) => {
  let server: TestServer;
  let gateway: http.Server;
  const received: { authorization?: string; body: { to: string; message: string } }[] = [];
  let failNext = false;

  beforeAll(async () => {
    gateway = http.createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => {
        if (failNext) {
          failNext = false;
          response.writeHead(503).end();
          return;
        }
        received.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    server = await startTestServer({ kind, bundle: { students: [] }, config: { sms: { kind: 'http', url: `http://127.0.0.1:${port}/send`, token: 'gateway-token' }, scryptCost: 2 ** 14 } });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => gateway.close(resolve));
  });

  it('posts the code to the gateway and never returns it', async () => {
    const phone = '01990000002';
    const response = await server.call({ method: 'GET', url: apiPath(accountPaths.registrationCode, { phone: api(phone) }) });
    expect(response.statusCode).toBe(200);
    const data = body(response).data;
    expect(data.otp).toBeUndefined();
    expect(received).toHaveLength(1);
    expect(received[0]!.authorization).toBe('Bearer gateway-token');
    expect(received[0]!.body.to).toBe(api(phone));
    const code = /\b(\d{6})\b/.exec(received[0]!.body.message)![1]!;
    const set = await server.call({ method: 'PATCH', url: apiPath(accountPaths.setPassword), payload: { otp: code, hash: data.hash, phone: api(phone), password: 'gateway-pass' } });
    expect(set.statusCode).toBe(200);
  });

  it('reports a failed delivery without using up a send', async () => {
    const phone = '01990000003';
    failNext = true;
    const failed = await server.call({ method: 'GET', url: apiPath(accountPaths.registrationCode, { phone: api(phone) }) });
    expect(failed.statusCode).toBe(502);
    expect(body(failed).errors).toMatchObject({ code: 'smsFailed', title: 'We could not send the code. Please try again in a moment.' });
    for (let i = 0; i < 5; i++) expect((await server.call({ method: 'GET', url: apiPath(accountPaths.registrationCode, { phone: api(phone) }) })).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: apiPath(accountPaths.registrationCode, { phone: api(phone) }) })).statusCode).toBe(429);
  });
});
