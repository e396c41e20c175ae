// Fault: the server process is killed (kill -9) in the middle of a burst of answer saves, then started
// again on the same database. Every answer it acknowledged before dying must be stored.
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { connect } from '../../server/db/connect.js';
import { databaseKinds, postgresUrl } from '../support/databases.js';
import { AnswerLedger, answerLoop, examRig, startAttempts, startServerProcess, until, type ExamRig, type ServerProcess } from '../support/fault-rig.js';

const STUDENTS = 40;

if (!postgresUrl) console.warn('Fault suite on PostgreSQL NOT RUN (kill -9 during answer saves): TEST_DATABASE_URL is not set.');

describe.each(databaseKinds())('kill -9 of the server during a burst of answer saves (%s)', (kind) => {
  let rig: ExamRig | null = null;
  let server: ServerProcess | null = null;
  afterAll(async () => {
    await server?.stop();
    await rig?.close();
  });

  it('stores every acknowledged answer after a restart, and serves again', { timeout: 60_000 }, async () => {
    rig = await examRig(kind, STUDENTS);
    server = await startServerProcess(rig.database.url);
    await startAttempts(server.port, rig.sessions);
    const ledger = new AnswerLedger();
    let port = server.port;
    const students = answerLoop(ledger, rig.sessions, () => [port], 0);

    // A burst: 40 students saving back to back; kill the process while saves are in flight.
    await until('300 acknowledged saves', () => ledger.acknowledgedSaves >= 300);
    const beforeKill = ledger.acknowledgedSaves;
    await server.kill9();
    const killedAt = performance.now();
    await until('saves failing against the dead process', () => ledger.networkErrors >= STUDENTS);

    server = await startServerProcess(rig.database.url, {}, port);
    port = server.port;
    const restartedInMs = performance.now() - killedAt;
    // The students' retries reach the new process; let them save a while more, then stop.
    const resumedFrom = ledger.acknowledgedSaves;
    await until('saves acknowledged by the restarted process', () => ledger.acknowledgedSaves >= resumedFrom + 200);
    await students.stop();

    const lost = await ledger.lost(rig.db);
    console.log(
      `[fault ${kind}] kill -9 of the server after ${beforeKill} acknowledged saves (40 students saving back to back); ` +
        `restarted in ${(restartedInMs / 1000).toFixed(1)} s; ${ledger.networkErrors} saves met the dead process and were tried again; ` +
        `${ledger.acknowledgedSaves} acknowledged in all over ${ledger.acknowledged.size} (student, question) pairs; lost: ${lost}`,
    );
    expect(ledger.unexpected).toEqual([]);
    expect(lost).toBe(0);
    expect(ledger.acknowledgedSaves).toBeGreaterThan(beforeKill);
  });

  if (kind === 'sqlite') {
    it('leaves no commit to SQLite’s lazy sync: the driver syncs the WAL before a write is answered (tests/api/wal-sync.test.ts)', async () => {
      const { db } = await connect(rig!.database.url);
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      await db.destroy();
      // NORMAL: SQLite does not sync at COMMIT, because the driver does it right after, off the server's thread.
      expect(rows[0]?.synchronous).toBe(1);
    });
  }
});
