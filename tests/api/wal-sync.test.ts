// Durable writes without a sync on the server's thread (server/db/engine/sqlite-driver.ts): the writer runs with
// `synchronous = NORMAL` and the driver syncs the WAL file itself after each committed write, before the
// write resolves. A write is never acknowledged before its sync; a failed sync fails the write (and, in a
// group commit, every write of the batch); reads never sync.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { Kysely, sql } from 'kysely';
import { connect } from '../../server/db/connect.js';
import { CommitFailed, writesFor } from '../../server/db/engine/group-commit.js';
import { databaseUnavailable } from '../../server/db/unavailable.js';
import { readWriteDialect, walSyncer } from '../../server/db/engine/sqlite-driver.js';
import type { Database } from '../../server/db/schema.js';
import { settled } from '../support/settled.js';

/** A WAL sync the test controls: counts calls, and can be held or made to fail. */
function controlledSync() {
  let release: () => void = () => undefined;
  let held: Promise<void> | null = null;
  const state = {
    calls: 0,
    failure: null as Error | null,
    hold() {
      held = new Promise<void>((resolve) => (release = resolve));
    },
    release() {
      held = null;
      release();
    },
    async sync() {
      state.calls += 1;
      if (held) await held;
      if (state.failure) throw state.failure;
    },
  };
  return state;
}

const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function databaseFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-wal-'));
  dirs.push(dir);
  return path.join(dir, 'academy.sqlite');
}

/** A database over the driver with the test's sync, and a table of notes. */
async function openWith(sync: ReturnType<typeof controlledSync>) {
  const file = databaseFile();
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.pragma('synchronous = FULL');
  const reader = new SQLite(file);
  reader.pragma('query_only = ON');
  const db = new Kysely<Database>({ dialect: readWriteDialect(writer, reader, { syncWal: sync.sync }) });
  closers.push(() => db.destroy());
  await sql`create table notes (id integer primary key, body text not null)`.execute(db);
  return { db, writer };
}

const notes = async (db: Kysely<Database>) => (await sql<{ id: number }>`select id from notes order by id`.execute(db)).rows.map((r) => r.id);

describe('WAL sync by the SQLite driver', () => {
  it('runs the writer with synchronous = NORMAL and answers a write only after its sync', async () => {
    const wal = controlledSync();
    const { db, writer } = await openWith(wal);
    expect(writer.pragma('synchronous', { simple: true })).toBe(1);
    const before = wal.calls;

    wal.hold();
    const insert = sql`insert into notes (id, body) values (1, 'first')`.execute(db);
    expect(await settled(insert)).toBe(false);
    expect(wal.calls).toBe(before + 1);
    // Committed (another connection sees it) but not acknowledged until the sync ends.
    expect(await notes(db)).toEqual([1]);
    wal.release();
    await insert;

    // Reads do not sync.
    await notes(db);
    expect(wal.calls).toBe(before + 1);

    // A transaction syncs once, at its COMMIT, and resolves after it.
    wal.hold();
    const transaction = db.transaction().execute(async (trx) => {
      await sql`insert into notes (id, body) values (2, 'second')`.execute(trx);
      await sql`insert into notes (id, body) values (3, 'third')`.execute(trx);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(wal.calls).toBe(before + 2);
    expect(await settled(transaction)).toBe(false);
    wal.release();
    await transaction;
    expect(await notes(db)).toEqual([1, 2, 3]);
  });

  it('fails a write whose sync fails, and the next write goes through', async () => {
    const wal = controlledSync();
    const { db } = await openWith(wal);
    wal.failure = new Error('EIO: i/o error, fdatasync');
    await expect(sql`insert into notes (id, body) values (1, 'lost?')`.execute(db)).rejects.toThrow('fdatasync');
    await expect(db.transaction().execute((trx) => sql`insert into notes (id, body) values (2, 'lost?')`.execute(trx))).rejects.toThrow('fdatasync');
    wal.failure = null;
    await sql`insert into notes (id, body) values (3, 'kept')`.execute(db);
    expect(await notes(db)).toContain(3);
  });

  it('holds every write of a group commit until the sync, and fails them all with 503 when it fails', async () => {
    const wal = controlledSync();
    const { db } = await openWith(wal);
    const writes = writesFor(db, 'sqlite');
    const note = (id: number) => async (unit: Kysely<Database>) => {
      await sql`insert into notes (id, body) values (${id}, 'note')`.execute(unit);
      return id;
    };

    wal.hold();
    const batch = Promise.all([writes.run(note(1)), writes.run(note(2))]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await settled(batch)).toBe(false);
    wal.release();
    expect(await batch).toEqual([1, 2]);

    wal.failure = new Error('EIO: i/o error, fdatasync');
    const failed = await Promise.allSettled([writes.run(note(3)), writes.run(note(4))]);
    for (const outcome of failed) {
      expect(outcome.status).toBe('rejected');
      const reason = (outcome as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(CommitFailed);
      expect(databaseUnavailable(reason)).toBe(true);
    }
    wal.failure = null;
    expect(await writes.run(note(5))).toBe(5);
  });

  it('syncs the real WAL file, and opens it again after SQLite removed it', async () => {
    const file = databaseFile();
    const syncer = walSyncer(file);
    closers.push(syncer.close);
    await expect(syncer.sync()).rejects.toThrow(/ENOENT/);

    const first = new SQLite(file);
    first.pragma('journal_mode = WAL');
    first.exec('create table notes (id integer primary key)');
    expect(fs.existsSync(`${file}-wal`)).toBe(true);
    await syncer.sync();
    first.close();
    expect(fs.existsSync(`${file}-wal`)).toBe(false);

    const second = new SQLite(file);
    second.exec('insert into notes (id) values (1)');
    await syncer.sync();
    second.close();
  });

  it('is how the server opens a database file', async () => {
    const { db } = await connect(`sqlite:${databaseFile()}`);
    closers.push(() => db.destroy());
    expect((await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]?.synchronous).toBe(1);
    await sql`create table notes (id integer primary key, body text not null)`.execute(db);
    await sql`insert into notes (id, body) values (1, 'synced')`.execute(db);
    expect(await notes(db)).toEqual([1]);
  });
});
