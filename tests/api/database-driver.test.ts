// The database connection as the requests use it: the busiest statements on PostgreSQL share a few pipelined
// connections (server/db/engine/pg-driver.ts), other writes and transactions keep connections of their own. What must
// hold on every database: a statement of another request never runs inside a transaction, reads do not
// wait for an open transaction, a failing statement fails alone, a write is committed before it is
// answered; on PostgreSQL also, a lost pipelined connection fails only the statements on it (as a brief
// unavailability, 503) and the next ones get a new one, and a pipelined write waiting for a lock gives up
// after its lock timeout (503) instead of holding the statements behind it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { randomBytes } from 'node:crypto';
import { connect, type Dialect } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { preparedQuery } from '../../server/db/engine/prepared.js';
import { writesFor } from '../../server/db/engine/group-commit.js';
import { databaseUnavailable } from '../../server/db/unavailable.js';
import type { Database } from '../../server/db/schema.js';
import { createDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

const courseById = preparedQuery((db: Kysely<Database>, { id }: { id: string }) => db.selectFrom('courses').select(['id', 'name']).where('id', '=', id));
/** A prepared read that fails, on both databases, for the smallest 64-bit integer (its absolute value overflows). */
const absolute = preparedQuery((db: Kysely<Database>, { value }: { value: string }) =>
  db.selectFrom('courses').select(sql<number>`abs(cast(${value} as bigint))`.as('q')).limit(1),
);
const SMALLEST = '-9223372036854775808';
/** A prepared insert: on PostgreSQL it shares the pipelined connections with the prepared reads, as the exam start's does. */
const courseInsert = preparedQuery((db: Kysely<Database>, { id, name }: { id: string; name: string }) =>
  db.insertInto('courses').values({ id, name, description: null, image: null, position: 0 }),
);

const LOCK_TIMEOUT_MS = 300;

const course = (id: string, name: string) => ({ id, name, description: null, image: null, position: 0 });

describe.each(databaseKinds())('the database driver (%s)', (kind) => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let dialect: Dialect;
  const applicationName = `driver_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    database = await createDatabase(kind);
    const url = kind === 'postgres' ? `${database.url}&application_name=${applicationName}` : database.url;
    // A short lock timeout for the pipelined writes, so the test of it waits little.
    const lockTimeout = process.env.DATABASE_PIPELINE_LOCK_TIMEOUT_MS;
    process.env.DATABASE_PIPELINE_LOCK_TIMEOUT_MS = String(LOCK_TIMEOUT_MS);
    ({ db, dialect } = await connect(url));
    if (lockTimeout === undefined) delete process.env.DATABASE_PIPELINE_LOCK_TIMEOUT_MS;
    else process.env.DATABASE_PIPELINE_LOCK_TIMEOUT_MS = lockTimeout;
    await migrate(db, dialect);
    await db.insertInto('courses').values(course('course-1', 'One')).execute();
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('keeps a transaction to itself: reads beside it neither see its writes nor wait for it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const written = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('courses').values(course('course-2', 'Two')).execute();
      inserted();
      await held;
      return courseById.first(trx, { id: 'course-2' });
    });
    await written;
    // Many reads at once, in one turn of the event loop, while the transaction holds its write.
    const reads = await Promise.all(Array.from({ length: 50 }, (_, i) => courseById.first(db, { id: i % 2 === 0 ? 'course-1' : 'course-2' })));
    expect(reads.filter((row) => row?.id === 'course-1')).toHaveLength(25);
    expect(reads.filter((row) => row === undefined)).toHaveLength(25);
    release();
    expect((await transaction)?.name).toBe('Two');
    expect((await courseById.first(db, { id: 'course-2' }))?.name).toBe('Two');
  });

  it('fails a failing statement alone, not those sent with it', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? absolute.first(db, { value: SMALLEST }) : courseById.first(db, { id: 'course-1' }))));
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(failed).toHaveLength(10);
    for (const outcome of failed) expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/out of range|overflow/);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled' && (outcome.value as { id: string } | undefined)?.id === 'course-1')).toHaveLength(20);
  });

  it('fails a failing insert alone, not the reads and inserts sent with it', async () => {
    const outcomes = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? courseInsert.changes(db, { id: i % 2 === 0 ? 'course-1' : `course-f${i}`, name: 'x' }) : courseById.first(db, { id: 'course-1' }))),
    );
    // The five inserts of course-1 meet its primary key; the five of new courses are stored.
    const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(failed).toHaveLength(5);
    for (const outcome of failed) expect(String((outcome as PromiseRejectedResult).reason)).toMatch(/unique|duplicate/i);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value === 1)).toHaveLength(5);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled' && (outcome.value as { id: string } | undefined)?.id === 'course-1')).toHaveLength(20);
    expect(await db.selectFrom('courses').select('id').where('id', 'like', 'course-f%').execute()).toHaveLength(5);
  });

  it('answers a write only once it is committed', async () => {
    const writes = writesFor(db, dialect);
    const ids = Array.from({ length: 20 }, (_, i) => `course-w${i}`);
    await Promise.all(
      ids.map((id, i) =>
        writes.run(async (unit) => {
          // Half as ad-hoc statements (the pool), half as a prepared insert (on PostgreSQL, pipelined).
          if (i % 2 === 0) await unit.insertInto('courses').values(course(id, id)).execute();
          else await courseInsert.changes(unit, { id, name: id });
        }),
      ),
    );
    // Seen at once by a connection of its own (on PostgreSQL a client outside the server's).
    if (kind === 'postgres') {
      const pg = await import('pg');
      const observer = new pg.default.Client({ connectionString: database.url });
      await observer.connect();
      try {
        const seen = await observer.query(`select count(*)::int as n from courses where id like 'course-w%'`);
        expect(seen.rows[0].n).toBe(20);
        // And committed durably: the server's connections wait for the WAL flush of each commit.
        expect((await sql<{ synchronous_commit: string }>`show synchronous_commit`.execute(db)).rows[0]!.synchronous_commit).toBe('on');
      } finally {
        await observer.end();
      }
    } else {
      expect(await db.selectFrom('courses').select('id').where('id', 'like', 'course-w%').execute()).toHaveLength(20);
    }
  });

  if (kind === 'postgres') {
    it('gives up a pipelined write that waits for a lock past its timeout, as unavailable, and answers the statements behind it', async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const written = new Promise<void>((resolve) => (inserted = resolve));
      // A transaction holds a new row uncommitted; a pipelined insert of the same key waits for it.
      const transaction = db.transaction().execute(async (trx) => {
        await trx.insertInto('courses').values(course('course-locked', 'Held')).execute();
        inserted();
        await held;
      });
      await written;
      const started = Date.now();
      const blocked = courseInsert.changes(db, { id: 'course-locked', name: 'Waiting' }).then(() => 'stored', (error: unknown) => error);
      // Reads sent behind it, some on its connection.
      const reads = Promise.all(Array.from({ length: 20 }, () => courseById.first(db, { id: 'course-1' })));
      const outcome = await blocked;
      const waited = Date.now() - started;
      expect(outcome).not.toBe('stored');
      expect((outcome as { code?: string }).code).toBe('55P03');
      expect(databaseUnavailable(outcome)).toBe(true);
      expect(waited).toBeGreaterThanOrEqual(LOCK_TIMEOUT_MS - 50);
      expect((await reads).every((row) => row?.name === 'One')).toBe(true);
      release();
      await transaction;
      // Tried again once the lock is gone, it meets the stored row's key: it waited, it did not write.
      expect(String(await courseInsert.changes(db, { id: 'course-locked', name: 'Waiting' }).catch((error: unknown) => error))).toMatch(/unique|duplicate/i);
      expect((await courseById.first(db, { id: 'course-locked' }))?.name).toBe('Held');
    });

    it('replaces a lost pipelined connection: its statements fail as unavailable, the next ones succeed', async () => {
      const pg = await import('pg');
      const admin = new pg.default.Client({ connectionString: database.url });
      await admin.connect();
      try {
        // Statements on the wire while every connection of this database handle is terminated.
        const inFlight = Array.from({ length: 40 }, () => courseById.first(db, { id: 'course-1' }).then(() => 'ok', (error: unknown) => error));
        await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [applicationName]);
        for (const outcome of await Promise.all(inFlight)) if (outcome !== 'ok') expect(databaseUnavailable(outcome)).toBe(true);
        // The next statements are answered, on new connections.
        await expect
          .poll(async () => (await courseById.first(db, { id: 'course-1' }).catch(() => undefined))?.name, { timeout: 10_000 })
          .toBe('One');
        const again = await Promise.all(Array.from({ length: 20 }, () => courseById.first(db, { id: 'course-1' })));
        expect(again.every((row) => row?.name === 'One')).toBe(true);
      } finally {
        await admin.end();
      }
    });
  }
});
