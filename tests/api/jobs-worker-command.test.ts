// `npm run academy -- worker`: a runner without a server, on the servers' database, takes the import a
// desk queued and ends it; stopped with SIGTERM, it exits.
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { databaseKinds } from '../support/databases.js';
import { insertJob } from '../../server/jobs/queries.js';

const tsx = path.resolve('node_modules/.bin/tsx');

describe.each(databaseKinds())('npm run academy -- worker (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // This server's own runner is stopped: only the command's runner may take the job.
    server = await startTestServer({ kind, bundle: 'demo' });
    await server.app.jobs.close();
  });
  afterAll(() => server.close());

  it('takes a queued import, ends it, and exits on SIGTERM', async () => {
    const id = 'ab00000000000000000000c1';
    const csv = 'name,phone,roll,batch\nWorker Student,01799999901,W-1,900000000000000000000001\n';
    await insertJob(server.app.db, { id, kind: 'import', payload: JSON.stringify({ name: 'worker.csv', apply: true }), input: Buffer.from(csv), staffId: null, now: server.clock.now() });
    const worker = spawn(tsx, ['server/cli.ts', 'worker'], { env: { ...process.env, DATABASE_URL: server.database.url, LOG_LEVEL: 'silent' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => worker.once('exit', (code) => resolve(code)));
    try {
      await expect.poll(async () => (await server.app.db.selectFrom('jobs').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state, { timeout: 60_000, interval: 250 }).toBe('done');
      const job = await server.app.db.selectFrom('jobs').select(['result', 'lease_owner']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(JSON.parse(job.result!)).toMatchObject({ applied: true, problems: [] });
      expect(job.lease_owner).toBeNull();
      expect(await server.app.db.selectFrom('students').select('name').where('sid', '=', 'W-1').executeTakeFirst()).toEqual({ name: 'Worker Student' });
      expect(output).toContain('Running jobs');
    } finally {
      worker.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 120_000);
});
