// Group commit on SQLite (server/db/engine/group-commit.ts): parallel writes share one COMMIT, a failing write
// fails only its own request, a failed COMMIT fails every request in it with 503, units keep their
// order, reads never wait for a batch, and an answer save is acknowledged only after its commit.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { connect } from '../../server/db/connect.js';
import { BATCH_LIMITS, CommitFailed, writesFor, type Writes } from '../../server/db/engine/group-commit.js';
import { databaseUnavailable } from '../../server/db/unavailable.js';
import type { Database } from '../../server/db/schema.js';
import { until } from '../../bench/server-process.js';
import { sqliteDatabase, type TestDatabase } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { GROUP, LIVE, LIVE_Q, STUDENT, examBundle } from './exams-fixture.js';
import { settled } from '../support/settled.js';
import { examsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

/** A promise the test settles: holds a commit until the test has looked. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

// Tables of this test only: `notes` for plain writes; `child` refers to `parent` with a foreign key
// checked at COMMIT, so a unit can write a row the COMMIT then refuses: a real failed COMMIT.
async function testTables(db: Kysely<Database>): Promise<void> {
  await sql`create table notes (id integer primary key, body text not null)`.execute(db);
  await sql`create table parent (id integer primary key)`.execute(db);
  await sql`create table child (id integer primary key, parent_id integer not null references parent (id) deferrable initially deferred)`.execute(db);
}

const note = (id: number, body = `note ${id}`) => async (db: Kysely<Database>) => {
  await sql`insert into notes (id, body) values (${id}, ${body})`.execute(db);
  return id;
};
const orphan = (id: number) => async (db: Kysely<Database>) => {
  await sql`insert into child (id, parent_id) values (${id}, ${9999})`.execute(db);
  return id;
};
const noteCount = async (db: Kysely<Database>) => Number((await sql<{ n: number }>`select count(*) as n from notes`.execute(db)).rows[0]!.n);

describe('group commit (SQLite)', () => {
  let database: TestDatabase;
  let db: Kysely<Database>;
  let writes: Writes;

  beforeAll(async () => {
    database = sqliteDatabase();
    db = (await connect(database.url)).db;
    await testTables(db);
  });
  afterEach(async () => {
    await sql`delete from notes`.execute(db);
    await sql`delete from child`.execute(db);
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });
  const fresh = () => (writes = writesFor(db, 'sqlite'));

  it('commits writes that arrive together once, and a batch takes at most its limit of units', async () => {
    fresh();
    const ids = Array.from({ length: 40 }, (_, i) => i + 1);
    expect(await Promise.all(ids.map((id) => writes.run(note(id))))).toEqual(ids);
    expect(writes.commits).toBe(1);
    expect(await noteCount(db)).toBe(40);

    const more = Array.from({ length: BATCH_LIMITS.units + 10 }, (_, i) => 100 + i);
    await Promise.all(more.map((id) => writes.run(note(id))));
    expect(writes.commits).toBe(3);
    expect(await noteCount(db)).toBe(40 + more.length);
  });

  it('fails only the write that fails: its own statements are undone, the others are stored', async () => {
    fresh();
    await writes.run(note(7, 'already there'));
    const outcomes = await Promise.allSettled([
      writes.run(note(1)),
      writes.run(async (unit) => {
        await note(2)(unit);
        return note(7)(unit); // a duplicate key: this unit fails, and its note 2 goes with it
      }),
      writes.run(note(3)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(writes.commits).toBe(2);
    const rows = await sql<{ id: number; body: string }>`select id, body from notes order by id`.execute(db);
    expect(rows.rows).toEqual([
      { id: 1, body: 'note 1' },
      { id: 3, body: 'note 3' },
      { id: 7, body: 'already there' },
    ]);
  });

  it('fails every write of a batch whose COMMIT fails, as the database briefly unavailable (503)', async () => {
    fresh();
    const outcomes = await Promise.allSettled([writes.run(note(1)), writes.run(orphan(1)), writes.run(note(2))]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    for (const outcome of outcomes) {
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(CommitFailed);
      expect(String((reason as CommitFailed).cause)).toMatch(/FOREIGN KEY/);
      expect(databaseUnavailable(reason)).toBe(true);
    }
    expect(writes.commits).toBe(0);
    expect(await noteCount(db)).toBe(0);
    // The next batch is a fresh transaction.
    await writes.run(note(3));
    expect(await noteCount(db)).toBe(1);
  });

  it('answers every waiting write at once when another connection holds the writer past the busy timeout', async () => {
    fresh();
    // The writer's busy timeout is 1 s for this test (5 s in service; set inside a transaction, which the
    // writer runs); the other writer is a second connection to the file.
    const writerBusyTimeout = (ms: number) => db.transaction().execute((trx) => sql`${sql.raw(`pragma busy_timeout = ${ms}`)}`.execute(trx));
    await writerBusyTimeout(1000);
    const other = new SQLite(database.url.slice('sqlite:'.length));
    try {
      other.exec('begin immediate');
      const began = performance.now();
      const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => writes.run(note(i + 1))));
      const waitedMs = performance.now() - began;
      // One wait for the lock, then every write is answered: not one busy timeout after another (8 s).
      expect(waitedMs).toBeLessThan(4_000);
      expect(outcomes.map((o) => o.status)).toEqual(Array(8).fill('rejected'));
      for (const outcome of outcomes) expect(databaseUnavailable((outcome as PromiseRejectedResult).reason)).toBe(true);
      other.exec('rollback');
      // The lock gone, the same writes go through, in a fresh batch.
      await Promise.all(Array.from({ length: 8 }, (_, i) => writes.run(note(i + 1))));
      expect(await noteCount(db)).toBe(8);
    } finally {
      if (other.inTransaction) other.exec('rollback');
      other.close();
      await writerBusyTimeout(5000);
    }
  });

  it('holds the writer from the start of a batch, so another process cannot commit between a unit\'s read and its write', async () => {
    fresh();
    await writes.run(note(1, 'first'));
    // Another server process on the same file, which does not wait for the writer.
    const other = new SQLite(database.url.slice('sqlite:'.length));
    other.pragma('busy_timeout = 0');
    let otherWrite: unknown = null;
    try {
      // A start: read, then write. Were the writer taken only at the write, the other process's commit in
      // between would make SQLite refuse that write at once (SQLITE_BUSY_SNAPSHOT), and the start fail with 503.
      const counted = await writes.run(async (unit) => {
        const before = await noteCount(unit);
        try {
          other.prepare(`insert into notes (id, body) values (2, 'the other process')`).run();
        } catch (error) {
          otherWrite = error;
        }
        await note(3, 'after the read')(unit);
        return before;
      });
      expect(counted).toBe(1);
      expect((otherWrite as { code?: string } | null)?.code).toBe('SQLITE_BUSY');
      // The batch committed, the other process writes in its turn.
      other.prepare(`insert into notes (id, body) values (2, 'the other process')`).run();
      expect(await noteCount(db)).toBe(3);
    } finally {
      other.close();
    }
  });

  it('runs the units of a batch in the order they arrived', async () => {
    fresh();
    await writes.run(note(1, 'first'));
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        writes.run(async (unit) => {
          order.push(i);
          await sql`update notes set body = ${`written by ${i}`} where id = 1`.execute(unit);
        }),
      ),
    );
    expect(order).toEqual(Array.from({ length: 12 }, (_, i) => i));
    expect(writes.commits).toBe(2);
    expect((await sql<{ body: string }>`select body from notes where id = 1`.execute(db)).rows[0]!.body).toBe('written by 11');
  });

  it('lets reads through while a batch waits for its COMMIT; they see only committed writes', async () => {
    fresh();
    const held = gate();
    let atCommit = false;
    writes.hooks.beforeCommit = () => {
      atCommit = true;
      return held.opened;
    };
    const write = writes.run(note(1));
    await until('the batch waiting for its commit', () => atCommit, 5_000);
    // A read outside the batch answers at once and does not see the unacknowledged write.
    expect(await noteCount(db)).toBe(0);
    // A write outside the batch waits for the writer.
    const other = note(2, 'outside')(db);
    expect(await settled(other)).toBe(false);
    expect(await settled(write)).toBe(false);
    held.open();
    await Promise.all([write, other]);
    expect(await noteCount(db)).toBe(2);
  });
});

describe('answer saves in group commits (SQLite, real server)', () => {
  let server: TestServer;
  let me: string;
  const save = (questionId: string, answer: unknown[], timestamp: number) =>
    server.call({ method: 'PATCH', url: apiPath(examsPaths.addAnswer, { examId: LIVE, groupId: GROUP }), session: me, payload: { questionId, answer, timestamp } });
  const stored = async (questionId: string) =>
    (await server.app.db.selectFrom('answers').select('answer').where('question_id', '=', questionId).executeTakeFirst())?.answer ?? null;

  beforeAll(async () => {
    server = await startTestServer({ kind: 'sqlite', bundle: examBundle() });
    await testTables(server.app.db);
    me = await server.sessionFor(STUDENT);
    expect((await server.call({ method: 'PATCH', url: apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), session: me })).statusCode).toBe(200);
  });
  afterEach(() => {
    server.app.writes.hooks.beforeCommit = undefined;
  });
  afterAll(async () => server.close());

  it('acknowledges an answer only once the commit holding it is done', async () => {
    const held = gate();
    let unitsAtCommit = 0;
    server.app.writes.hooks.beforeCommit = (units) => {
      unitsAtCommit = units;
      return held.opened;
    };
    const commitsBefore = server.app.writes.commits;
    const reply = save(LIVE_Q.mcq, [1], Date.now());
    await until('the save written and waiting for its commit', () => unitsAtCommit === 1, 10_000);
    expect(await settled(reply)).toBe(false);
    expect(await stored(LIVE_Q.mcq)).toBeNull();
    held.open();
    expect((await reply).statusCode).toBe(200);
    expect(server.app.writes.commits).toBe(commitsBefore + 1);
    expect(await stored(LIVE_Q.mcq)).toBe('[1]');
  });

  it('answers 503 to a save whose COMMIT failed, stores nothing of it, and takes it when tried again', async () => {
    const held = gate();
    let commits = 0;
    server.app.writes.hooks.beforeCommit = () => {
      commits += 1;
      return commits === 1 ? held.opened : undefined;
    };
    // The first batch waits at its commit; the save and a write its COMMIT refuses queue for the next.
    const first = server.app.writes.run(note(1));
    await until('the first batch at its commit', () => commits === 1, 10_000);
    const reply = save(LIVE_Q.checkbox, [0], Date.now());
    await until('the save queued behind it', () => server.app.writes.waiting === 1, 10_000);
    const refused = server.app.writes.run(orphan(1));
    held.open();
    await first;
    await expect(refused).rejects.toBeInstanceOf(CommitFailed);
    const answered = await reply;
    expect(answered.statusCode).toBe(503);
    expect(answered.json()).toEqual({ errors: { title: 'The server is busy for a moment. Please try again.', message: 'The database is briefly unavailable.', code: 'serviceUnavailable' } });
    expect(await stored(LIVE_Q.checkbox)).toBeNull();

    const again = await save(LIVE_Q.checkbox, [0], Date.now());
    expect(again.statusCode).toBe(200);
    expect(await stored(LIVE_Q.checkbox)).toBe('[0]');
  });
});
