// The server's frame: health, the error envelope for mistakes made before any route runs, and the
// built app served compressed, with the single-page fallback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { accountPaths, serverPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const appDir = path.resolve(process.env.E2E_APP_DIR ?? 'dist');

describe('the server frame', () => {
  let server: TestServer;
  beforeAll(async () => {
    if (!fs.existsSync(path.join(appDir, 'index.html'))) throw new Error(`No built app in ${appDir}: run vite build first`);
    server = await startTestServer({ config: { appDir } });
  });
  afterAll(() => server.close());

  it('answers health without a session', async () => {
    const response = await server.call({ method: 'GET', url: apiPath(serverPaths.health) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: { status: 'ok', parts: { database: { status: 'ok', message: 'sqlite answers' }, storage: { status: 'ok', message: 'the storage directory can be written' }, redis: { status: 'ok', message: 'not configured: realtime events reach the sockets of this process' }, backup: { status: 'ok', message: 'not scheduled (BACKUP_DIR is not set): back up with `npm run academy -- backup <file>`' } } },
    });
  });

  it('says degraded, naming the storage directory, when it cannot be written, and still serves', async () => {
    const blocker = path.join(os.tmpdir(), `academy-not-a-dir-${process.pid}`);
    fs.writeFileSync(blocker, 'a file where the storage directory should be');
    const broken = await startTestServer({ config: { appDir, storageDir: blocker } });
    try {
      const response = await broken.call({ method: 'GET', url: apiPath(serverPaths.health) });
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.status).toBe('degraded');
      expect(data.parts.database.status).toBe('ok');
      expect(data.parts.storage).toMatchObject({ status: 'failing' });
      expect(data.parts.storage.message).toContain(blocker);
      expect((await broken.call({ method: 'GET', url: '/' })).statusCode).toBe(200);
    } finally {
      await broken.close();
      fs.rmSync(blocker, { force: true });
    }
  });

  it('asks for a session on API routes before reading anything else', async () => {
    const response = await server.call({ method: 'PATCH', url: apiPath(accountPaths.profile), payload: '{not json', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().errors.code).toBe('notLoggedIn');
  });

  it('answers an unknown API route with the error envelope', async () => {
    const response = await server.call({ method: 'GET', url: '/api/no-such-thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json().errors).toMatchObject({ title: 'Not found', code: 'notFound' });
  });

  it('gives malformed JSON a clear 400, never a 500', async () => {
    const response = await server.call({ method: 'POST', url: apiPath(accountPaths.login), payload: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ title: 'The request body is not valid JSON.', code: 'invalidJson' });
  });

  it('refuses an over-long path value in the envelope', async () => {
    const response = await server.call({ method: 'GET', url: apiPath(accountPaths.registrationCode, { phone: '8'.repeat(400) }) });
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().errors.title).toBeTruthy();
  });

  it('serves app pages for any client route, never cached', async () => {
    const response = await server.call({ method: 'GET', url: '/live-exam/e1/g1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets brotli-compressed and cacheable for good', async () => {
    const entry = fs.readdirSync(path.join(appDir, 'assets')).find((name) => /^index-.*\.js$/.test(name))!;
    const plain = await server.call({ method: 'GET', url: `/assets/${entry}` });
    const compressed = await server.call({ method: 'GET', url: `/assets/${entry}`, headers: { 'accept-encoding': 'br, gzip' } });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });
});
