// Security headers on every answer: the Content Security Policy (with the configured media and
// licence hosts), no framing, Referrer-Policy, nosniff, HSTS only over TLS (X-Forwarded-Proto only
// from a trusted proxy), no-store on the API's private answers, Vary on pre-compressed files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { DEMO, DEMO_STUDENT } from '../support/demo-academy.js';
import { HSTS } from '../../server/headers.js';
import { issueToken } from '../../server/media-tokens.js';
import { accountPaths, examsPaths, mediaSitePaths, pathTo, serverPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

/** The inline script of the tiny app's sign-in page. */
const EARLY_SCRIPT = "document.currentScript.previousElementSibling.dataset.seen = '1'";

/** A tiny built app: a page, the sign-in page with an inline script, and a hashed script, each with its .br and .gz beside it. */
function builtApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'headers-app-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  const files = {
    'index.html': '<!doctype html><title>App</title><div id="root"></div>',
    'login.html': `<!doctype html><title>Sign in</title><div id="sign-in"><form></form></div><script>${EARLY_SCRIPT}</script><script type="module" src="/assets/index-abc123.js"></script><div id="root"></div>`,
    'assets/index-abc123.js': 'console.log("app");'.repeat(40),
  };
  for (const [name, text] of Object.entries(files)) {
    fs.writeFileSync(path.join(dir, name), text);
    fs.writeFileSync(path.join(dir, `${name}.br`), zlib.brotliCompressSync(text));
    fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(text));
  }
  return dir;
}

const directives = (policy: string | undefined) =>
  Object.fromEntries((policy ?? '').split(';').map((part) => part.trim().split(/\s+/)).filter((words) => words[0]).map(([name, ...values]) => [name!, values]));

describe('security headers', () => {
  let server: TestServer;
  let trusting: TestServer;
  let appDir: string;
  let session: string;
  beforeAll(async () => {
    appDir = builtApp();
    server = await startTestServer({
      bundle: 'demo',
      env: { DRM_WIDEVINE_URL: 'https://licence.example.org/widevine?x=1', DRM_FAIRPLAY_CERTIFICATE_URL: 'https://cert.example.org/fp.cer', MEDIA_HOSTS: 'https://cdn.example.org/videos' },
      config: { appDir, scryptCost: 1024 },
    });
    trusting = await startTestServer({ env: { TRUST_PROXY: '127.0.0.1' }, config: { appDir } });
    session = await server.sessionFor(DEMO_STUDENT.id);
  });
  afterAll(async () => {
    await server.close();
    await trusting.close();
    fs.rmSync(appDir, { recursive: true, force: true });
  });

  it('sends the policy: scripts from this server only, media and licences from the configured hosts, no framing', async () => {
    const page = await server.call({ method: 'GET', url: '/exams' });
    expect(page.statusCode).toBe(200);
    const policy = directives(page.headers['content-security-policy'] as string);
    expect(policy['script-src']).toEqual(["'self'"]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['media-src']).toEqual(["'self'", 'blob:', 'data:', 'https://cdn.example.org']);
    expect(policy['connect-src']).toEqual(["'self'", 'https://cdn.example.org', 'https://licence.example.org', 'https://cert.example.org']);
    expect(policy['upgrade-insecure-requests']).toBeUndefined();
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('says nosniff on every kind of answer: page, script, API data, API error, unknown address, stored media', async () => {
    const answers = await Promise.all([
      server.call({ method: 'GET', url: '/' }),
      server.call({ method: 'GET', url: '/assets/index-abc123.js' }),
      server.call({ method: 'GET', url: apiPath(serverPaths.health) }),
      server.call({ method: 'GET', url: apiPath(accountPaths.profile), session }),
      server.call({ method: 'GET', url: apiPath(accountPaths.profile) }),
      server.call({ method: 'GET', url: '/api/no-such-thing' }),
      server.call({ method: 'GET', url: pathTo(mediaSitePaths.image, { name: 'no-such.png' }) }),
      server.call({ method: 'GET', url: `/api/${'x'.repeat(300)}` }),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 401, 404, 404, 404]);
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toBeTruthy();
    }
  });

  it('keeps private API answers out of every cache, errors included', async () => {
    const profile = await server.call({ method: 'GET', url: apiPath(accountPaths.profile), session });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    const refused = await server.call({ method: 'GET', url: apiPath(examsPaths.list, { courseId: DEMO.mbbsCourse }) });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('marks pre-compressed files Vary: Accept-Encoding, compressed or not', async () => {
    for (const encoding of ['br', 'gzip', 'identity']) {
      const script = await server.call({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': encoding } });
      expect(script.statusCode).toBe(200);
      expect(script.headers.vary).toMatch(/accept-encoding/i);
      expect(script.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    }
    const page = await server.call({ method: 'GET', url: '/courses', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends HSTS over TLS only, and believes X-Forwarded-Proto only from a configured proxy', async () => {
    const plain = await server.call({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Not configured to trust a proxy: a forged header changes nothing.
    const forged = await server.call({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers['strict-transport-security']).toBeUndefined();
    // Behind the configured proxy (light-my-request comes from 127.0.0.1), TLS at the proxy counts.
    const proxied = await trusting.call({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(proxied.headers['strict-transport-security']).toBe(HSTS);
    const proxiedPlain = await trusting.call({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(proxiedPlain.headers['strict-transport-security']).toBeUndefined();
  });

  it('allows the inline script of the page for /login by its hash, and no other inline script anywhere', async () => {
    const login = await server.call({ method: 'GET', url: '/login' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain(EARLY_SCRIPT);
    const hash = createHash('sha256').update(EARLY_SCRIPT).digest('base64');
    const policy = directives(login.headers['content-security-policy'] as string);
    expect(policy['script-src']).toEqual(["'self'", `'sha256-${hash}'`]);
    expect(policy['script-src-attr']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    // Only that page: every other address keeps scripts from this server alone.
    for (const url of ['/', '/register', '/login/other']) {
      const page = await server.call({ method: 'GET', url });
      expect(directives(page.headers['content-security-policy'] as string)['script-src'], url).toEqual(["'self'"]);
    }
  });

  it('lets only the app frame the hosted player page, whose one inline handler is allowed by its hash', async () => {
    const hosted = '7d0000000000000000000003';
    const token = issueToken(server.config.signingSecret, { purpose: 'stream', studentId: DEMO_STUDENT.id, contentId: hosted, expiresAt: new Date(Date.now() + 30_000) });
    const page = await server.call({ method: 'GET', url: `${pathTo(mediaSitePaths.embed, { contentId: hosted })}?token=${encodeURIComponent(token)}` });
    expect(page.statusCode).toBe(200);
    const policy = directives(page.headers['content-security-policy'] as string);
    expect(policy['frame-ancestors']).toEqual(["'self'"]);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['script-src']?.[0]).toBe("'unsafe-hashes'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
