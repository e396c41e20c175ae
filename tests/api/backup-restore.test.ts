// Backups while the academy serves, on every database kind: a backup taken in the middle of a storm of
// answer saves, restored into a fresh database, holds every answer acknowledged before the backup
// began, and the restored database is whole (integrity, migrations current). A restore refuses a
// database that holds an academy unless forced. A backup to a full or read-only disk fails with the
// reason and leaves no file named as a backup.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseKinds, postgresUrl, sqliteDatabase, type TestDatabase } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { connect } from '../../server/db/connect.js';
import { writeBackup } from '../../server/backup/backup.js';
import { restoreBackup } from '../../server/backup/restore.js';
import { CLASSMATE, GROUP, LIVE, LIVE_Q, STUDENT, examBundle } from './exams-fixture.js';
import { examsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

/** A fresh database to restore into: a new SQLite file, or a new PostgreSQL database (the dump names its schema). */
async function restoreTarget(source: TestDatabase): Promise<TestDatabase> {
  if (source.name === 'sqlite') return sqliteDatabase();
  const pg = await import('pg');
  const name = `r_${randomBytes(6).toString('hex')}`;
  const admin = new pg.default.Client({ connectionString: postgresUrl! });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  // The test database's extensions (a schema's dump leaves them out; a whole database's carries them).
  const fresh = new URL(postgresUrl!);
  fresh.pathname = `/${name}`;
  const target = new pg.default.Client({ connectionString: fresh.toString() });
  await target.connect();
  await target.query('create extension if not exists pg_trgm');
  await target.end();
  const url = new URL(source.url);
  url.pathname = `/${name}`;
  return {
    name: 'postgres',
    url: url.toString(),
    drop: async () => {
      const c = new pg.default.Client({ connectionString: postgresUrl! });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

describe.each(databaseKinds())('backup and restore (%s)', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const folder = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-backup-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  it('a backup in a storm of answer saves holds every answer acknowledged before it began, and restores whole', async () => {
    const server: TestServer = await startTestServer({ kind, bundle: examBundle() });
    cleanups.push(() => server.close());
    const sessions = await Promise.all([STUDENT, CLASSMATE].map((id) => server.sessionFor(id)));
    for (const session of sessions) {
      expect((await server.call({ method: 'PATCH', url: apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), session })).statusCode).toBe(200);
    }
    const questions = [LIVE_Q.mcq, LIVE_Q.imageMcq];
    // The newest acknowledged save per student and question, and those acknowledged before the backup began.
    const acknowledged = new Map<string, number>();
    let beforeBackup: Map<string, number> | null = null;
    let storming = true;
    let stamp = Date.now();
    let saves = 0;
    const storm = async (session: string, who: string) => {
      while (storming) {
        for (const questionId of questions) {
          const timestamp = ++stamp;
          const reply = await server.call({
            method: 'PATCH',
            url: apiPath(examsPaths.addAnswer, { examId: LIVE, groupId: GROUP }),
            session,
            // The same choice each time: the live exam takes one submission, so a different one would be locked.
            payload: { questionId, answer: [1], timestamp },
          });
          expect(reply.statusCode, reply.body).toBe(200);
          acknowledged.set(`${who}:${questionId}`, timestamp);
          saves += 1;
        }
      }
    };
    // One writer per student, so each student's saves are acknowledged in the order they were sent.
    const storms = Promise.all([storm(sessions[0]!, STUDENT), storm(sessions[1]!, CLASSMATE)]);
    let failed: unknown = null;
    storms.catch((error: unknown) => (failed = error));
    // The storm is under way (a few saves acknowledged), then the backup begins.
    while (saves < 20 && failed === null) await new Promise((resolve) => setImmediate(resolve));
    if (failed) throw failed;
    beforeBackup = new Map(acknowledged);
    const file = path.join(folder(), 'academy.backup');
    const backup = await writeBackup({ databaseUrl: server.database.url, storageDir: null, file });
    storming = false;
    await storms;
    expect(backup.bytes).toBeGreaterThan(0);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['academy.backup']);

    const target = await restoreTarget(server.database);
    cleanups.push(() => target.drop());
    const report = await restoreBackup({ databaseUrl: kind === 'postgres' ? withSchemaOf(server.database.url, target.url) : target.url, storageDir: null, file, force: false });
    expect(report.integrity).toBe('ok');
    expect(report.migrationsApplied).toBe(0);
    expect(report.counts.attempts).toBe(2);

    const restored = await connect(kind === 'postgres' ? withSchemaOf(server.database.url, target.url) : target.url);
    try {
      const rows = await restored.db
        .selectFrom('answers as a')
        .innerJoin('attempts as t', 't.id', 'a.attempt_id')
        .select(['t.student_id', 'a.question_id', 'a.client_timestamp'])
        .execute();
      const stored = new Map(rows.map((r) => [`${r.student_id}:${r.question_id}`, Number(r.client_timestamp)]));
      expect(beforeBackup.size).toBeGreaterThan(0);
      for (const [key, timestamp] of beforeBackup) expect(stored.get(key), key).toBeGreaterThanOrEqual(timestamp);
    } finally {
      await restored.db.destroy();
    }
  });

  it('refuses to restore over an academy unless forced; copies and restores the storage directory', async () => {
    const server = await startTestServer({ kind, bundle: examBundle() });
    cleanups.push(() => server.close());
    const storage = folder();
    fs.mkdirSync(path.join(storage, 'uploads'));
    fs.writeFileSync(path.join(storage, 'uploads', 'note.pdf'), 'a note');
    const file = path.join(folder(), 'academy.backup');
    const done = await writeBackup({ databaseUrl: server.database.url, storageDir: storage, file });
    expect(done.storage).toMatchObject({ files: 1 });
    await expect(restoreBackup({ databaseUrl: server.database.url, storageDir: storage, file, force: false })).rejects.toThrow(
      'The database already holds an academy: nothing was restored. Restore into an empty database, or add --force to replace this one.',
    );
    const target = await restoreTarget(server.database);
    cleanups.push(() => target.drop());
    const restoredStorage = path.join(folder(), 'storage');
    const url = kind === 'postgres' ? withSchemaOf(server.database.url, target.url) : target.url;
    const report = await restoreBackup({ databaseUrl: url, storageDir: restoredStorage, file, force: false });
    expect(report.storageFiles).toBe(1);
    expect(fs.readFileSync(path.join(restoredStorage, 'uploads', 'note.pdf'), 'utf8')).toBe('a note');
    if (kind === 'sqlite') {
      // Forced over itself: the same academy again.
      const again = await restoreBackup({ databaseUrl: url, storageDir: restoredStorage, file, force: true });
      expect(again.counts).toEqual(report.counts);
    } else {
      await expect(restoreBackup({ databaseUrl: url, storageDir: restoredStorage, file, force: true })).rejects.toThrow(/PostgreSQL restores only into an empty database/);
    }
  });

  it('fails on a full or a read-only disk with the reason, leaving no file named as a backup', async () => {
    const server = await startTestServer({ kind, bundle: examBundle() });
    cleanups.push(() => server.close());
    // Small file systems of their own (the suite runs as root, as CI does).
    const full = folder();
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16k', 'tmpfs', full]);
    cleanups.push(() => void execFileSync('umount', [full]));
    await expect(writeBackup({ databaseUrl: server.database.url, storageDir: null, file: path.join(full, 'academy.backup') })).rejects.toThrow(/full|No space left/);
    expect(fs.readdirSync(full)).toEqual([]);
    const readOnly = folder();
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', readOnly]);
    cleanups.push(() => void execFileSync('umount', [readOnly]));
    await expect(writeBackup({ databaseUrl: server.database.url, storageDir: null, file: path.join(readOnly, 'academy.backup') })).rejects.toThrow(/read-only/);
    expect(fs.readdirSync(readOnly)).toEqual([]);
  });
}, 180_000);

/** The restore target's database with the source's schema (a PostgreSQL dump names the schema it came from). */
function withSchemaOf(sourceUrl: string, targetUrl: string): string {
  const url = new URL(targetUrl);
  const options = new URL(sourceUrl).searchParams.get('options');
  if (options) url.searchParams.set('options', options);
  return url.toString();
}
