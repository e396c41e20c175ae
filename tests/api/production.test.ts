// Production is never a demo: no demo academy seeded, no one-time codes printed or returned, no
// source maps served.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFrom, PRODUCTION_REFUSALS, type Config } from '../../server/config.js';
import { startServer } from '../../server/start.js';
import { connect } from '../../server/db/connect.js';
import { buildApp } from '../../server/app.js';
import { createDatabase, databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const gateway = 'https://sms.example.test/send';
const productionEnv = { NODE_ENV: 'production', VAPID_PUBLIC_KEY: 'BN1JSosQdjDPx1owH_QHPaU6smXckGzelL4RHPI6AhEY7f5bcD6qIL-h9TeYhJd1kr1adqrzhgpCoiTSH4YisDc', VAPID_PRIVATE_KEY: 'NXG8mtGhkjoD6b0RPCng8creEBTYvOxEc6wYfMttnP0', VAPID_SUBJECT: 'mailto:office@academy.test', SIGNING_SECRET: '3f9c1b7e5a2d8f40c6e19b73d5a8024f7e1c9b3a6d05f28e4c7b19a3d6e08f52', SMS_TRANSPORT: gateway, LOG_LEVEL: 'silent' };

describe('production settings', () => {
  it('refuses the development SMS transports with a clear message', () => {
    expect(() => configFrom({ ...productionEnv, SMS_TRANSPORT: undefined })).toThrow(PRODUCTION_REFUSALS.consoleSms);
    expect(() => configFrom({ ...productionEnv, SMS_TRANSPORT: 'console' })).toThrow(PRODUCTION_REFUSALS.consoleSms);
    expect(() => configFrom({ ...productionEnv, SMS_TRANSPORT: 'file:/tmp/codes.jsonl' })).toThrow(PRODUCTION_REFUSALS.fileSms);
    expect(PRODUCTION_REFUSALS.consoleSms).toMatch(/returns them in the API/);
  });

  it('refuses SEED_DEMO=true and seeds nothing by default', () => {
    expect(() => configFrom({ ...productionEnv, SEED_DEMO: 'true' })).toThrow(PRODUCTION_REFUSALS.demoSeed);
    expect(PRODUCTION_REFUSALS.demoSeed).toMatch(/npm run academy -- import/);
    const config = configFrom(productionEnv);
    expect(config).toMatchObject({ production: true, seedDemo: false, sms: { kind: 'http', url: gateway } });
    // Development still seeds unless told not to.
    expect(configFrom({ NODE_ENV: 'development' }).seedDemo).toBe(true);
    expect(configFrom({ NODE_ENV: 'development', SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});

describe.each(databaseKinds())('a production server on an empty database (%s)', (kind) => {
  it('starts without the demo academy, and refuses to start when told to seed it', async () => {
    const database = await createDatabase(kind);
    try {
      const config: Config = { ...configFrom(productionEnv), databaseUrl: database.url };
      await expect(startServer({ ...config, seedDemo: true })).rejects.toThrow(PRODUCTION_REFUSALS.demoSeed);
      const started = await startServer(config);
      try {
        expect(started).toMatchObject({ seeded: false, empty: true });
        expect(await started.app.db.selectFrom('students').select('id').execute()).toEqual([]);
        const signIn = await started.app.inject({ method: 'POST', url: apiPath(accountPaths.login), payload: { username: '8801700000001', password: 'student123' } });
        expect(signIn.statusCode).toBe(401);
      } finally {
        await started.app.close();
      }
    } finally {
      await database.drop();
    }
  });

  it('refuses to build with a development SMS transport even when the settings are made by hand', async () => {
    const database = await createDatabase(kind);
    const { db, dialect } = await connect(database.url);
    try {
      const config: Config = { ...configFrom(productionEnv), databaseUrl: database.url };
      await expect(buildApp({ ...config, sms: { kind: 'console' } }, { db, dialect })).rejects.toThrow(PRODUCTION_REFUSALS.consoleSms);
      await expect(buildApp({ ...config, sms: { kind: 'file', path: '/tmp/x' } }, { db, dialect })).rejects.toThrow(PRODUCTION_REFUSALS.fileSms);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});

describe('source maps', () => {
  let appDir: string;
  let production: TestServer;
  let development: TestServer;
  beforeAll(async () => {
    // A built app in miniature: the page, a hashed script and its source map.
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-app-'));
    fs.mkdirSync(path.join(appDir, 'assets'));
    fs.writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><script type="module" src="/assets/index-abc123.js"></script>');
    fs.writeFileSync(path.join(appDir, 'assets', 'index-abc123.js'), 'console.log(1);\n//# sourceMappingURL=index-abc123.js.map\n');
    fs.writeFileSync(path.join(appDir, 'assets', 'index-abc123.js.map'), JSON.stringify({ version: 3, sources: ['src/main.tsx'], sourcesContent: ['secret source'] }));
    production = await startTestServer({ config: { appDir, production: true, sms: { kind: 'http', url: gateway, token: '' } } });
    development = await startTestServer({ config: { appDir } });
  });
  afterAll(async () => {
    await production?.close();
    await development?.close();
    fs.rmSync(appDir, { recursive: true, force: true });
  });

  it('are not served in production, neither as the file nor as the page fallback', async () => {
    expect((await production.call({ method: 'GET', url: '/assets/index-abc123.js' })).statusCode).toBe(200);
    for (const url of ['/assets/index-abc123.js.map', '/assets/index-abc123.js.map?x=1', '/index.js.map']) {
      const map = await production.call({ method: 'GET', url });
      expect(map.statusCode, url).toBe(404);
      expect(map.body, url).not.toContain('secret source');
      expect(map.json().errors.code, url).toBe('notFound');
    }
    // Client routes still get the page.
    expect((await production.call({ method: 'GET', url: '/exams' })).headers['content-type']).toContain('text/html');
  });

  it('are served in development', async () => {
    const map = await development.call({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('secret source');
  });
});
