// Prepared queries (server/db/engine/prepared.ts): built and compiled once per dialect, then run with each call's
// values in their places, on the database and inside its transactions alike; a builder that reads a value
// without binding it is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { connect } from '../../server/db/connect.js';
import { preparedQuery } from '../../server/db/engine/prepared.js';
import { createDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

interface NotesDatabase {
  notes: { id: string; kind: string; body: string; n: number };
}

describe.each(databaseKinds())('prepared queries on %s', (kind) => {
  let database: TestDatabase;
  let db: Kysely<NotesDatabase>;
  let builds = 0;

  const notesOfKind = preparedQuery((db: Kysely<NotesDatabase>, { kind, least }: { kind: string; least: number }) => {
    builds += 1;
    // 'hidden' is the query's own constant: it stays whatever the call's values.
    return db.selectFrom('notes').selectAll().where('kind', '=', kind).where('n', '>=', least).where('body', '<>', 'hidden').orderBy('id');
  });
  const addNote = preparedQuery((db: Kysely<NotesDatabase>, note: NotesDatabase['notes']) =>
    db.insertInto('notes').values({ id: note.id, kind: note.kind, body: note.body, n: note.n }).onConflict((oc) => oc.column('id').doNothing()),
  );

  beforeAll(async () => {
    database = await createDatabase(kind);
    db = (await connect(database.url)).db as unknown as Kysely<NotesDatabase>;
    await sql`create table notes (id text primary key, kind text not null, body text not null, n integer not null)`.execute(db);
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('runs with each call’s values, compiled once for the database and its transactions', async () => {
    expect(await addNote.changes(db, { id: 'a', kind: 'exam', body: 'first', n: 1 })).toBe(1);
    expect(await addNote.changes(db, { id: 'b', kind: 'exam', body: 'second', n: 5 })).toBe(1);
    expect(await addNote.changes(db, { id: 'c', kind: 'forum', body: 'third', n: 9 })).toBe(1);
    expect(await addNote.changes(db, { id: 'd', kind: 'exam', body: 'hidden', n: 9 })).toBe(1);
    // The same key again: nothing written, and the count says so.
    expect(await addNote.changes(db, { id: 'a', kind: 'exam', body: 'again', n: 1 })).toBe(0);

    expect((await notesOfKind.all(db, { kind: 'exam', least: 0 })).map((n) => n.id)).toEqual(['a', 'b']);
    expect((await notesOfKind.all(db, { kind: 'exam', least: 2 })).map((n) => n.id)).toEqual(['b']);
    expect(await notesOfKind.first(db, { kind: 'forum', least: 0 })).toMatchObject({ id: 'c', body: 'third', n: 9 });
    expect(await notesOfKind.first(db, { kind: 'none', least: 0 })).toBeUndefined();
    const inTransaction = await db.transaction().execute(async (trx) => {
      await addNote.changes(trx, { id: 'e', kind: 'exam', body: 'fifth', n: 7 });
      return notesOfKind.all(trx, { kind: 'exam', least: 6 });
    });
    expect(inTransaction.map((n) => n.id)).toEqual(['e']);
    expect(builds).toBe(1);
  });

  it('refuses a builder that reads a value without binding it', async () => {
    const careless = preparedQuery((db: Kysely<NotesDatabase>, { kind, limit }: { kind: string; limit: number }) =>
      db.selectFrom('notes').selectAll().where('kind', '=', kind).$if(Boolean(limit), (q) => q.limit(10)),
    );
    await expect(careless.all(db, { kind: 'exam', limit: 1 })).rejects.toThrow('not bound: limit');
  });
});
