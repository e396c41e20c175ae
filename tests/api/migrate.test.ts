// The migrations under Kysely's Migrator: a fresh database gets every one once, and a database the
// earlier hand-written migrator kept (its record in schema_migrations) is recognised, so nothing runs
// twice and only what it lacks is applied.
import { afterEach, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { connect, type Dialect } from '../../server/db/connect.js';
import { migrate, MIGRATION_TABLE } from '../../server/db/migrate.js';
import { migrations } from '../../server/db/migrations/index.js';
import { createDatabase, databaseKinds, type TestDatabase } from '../support/databases.js';

const names = migrations.map((migration) => migration.name);

/** The hand-written migrator as it was: one transaction per migration, recorded in schema_migrations. */
async function migrateTheOldWay(db: Kysely<any>, dialect: Dialect, upTo: number): Promise<void> {
  await db.schema.createTable('schema_migrations').ifNotExists().addColumn('name', 'text', (c) => c.primaryKey()).addColumn('applied_at', 'text', (c) => c.notNull()).execute();
  for (const migration of migrations.slice(0, upTo)) {
    await db.transaction().execute(async (trx) => {
      await migration.up(trx, dialect);
      await trx.insertInto('schema_migrations').values({ name: migration.name, applied_at: '2026-11-20T10:00:00.000Z' }).execute();
    });
  }
}

describe.each(databaseKinds())('migrations on %s', (kind) => {
  let database: TestDatabase;
  let closing: (() => Promise<void>) | null = null;
  const open = async () => {
    database = await createDatabase(kind);
    const connection = await connect(database.url);
    closing = () => connection.db.destroy();
    return connection;
  };
  afterEach(async () => {
    await closing?.();
    closing = null;
    await database.drop();
  });

  it('applies every migration once to a fresh database, in order', async () => {
    const { db, dialect } = await open();
    expect(await migrate(db, dialect)).toEqual(names);
    expect(await migrate(db, dialect)).toEqual([]);
    const recorded = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
    expect(recorded.rows.map((row) => row.name)).toEqual(names);
  });

  it('keeps its record in its own schema: a second database beside a migrated one is migrated whole', async () => {
    const first = await open();
    expect(await migrate(first.db, first.dialect)).toEqual(names);
    // A second academy (or test) in the same server: under PostgreSQL another schema of one database.
    const beside = await createDatabase(kind);
    const second = await connect(beside.url);
    try {
      expect(await migrate(second.db, second.dialect)).toEqual(names);
      expect(await migrate(second.db, second.dialect)).toEqual([]);
      const recorded = await sql<{ name: string }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(second.db);
      expect(recorded.rows.map((row) => row.name)).toEqual(names);
    } finally {
      await second.db.destroy();
      await beside.drop();
    }
  });

  it('recognises a database the earlier migrator kept, and applies only what it lacks', async () => {
    const { db, dialect } = await open();
    await migrateTheOldWay(db, dialect, names.length - 1);
    await db.insertInto('staff').values({ id: 'staff-kept', name: 'Kept', username: 'kept', password_hash: 'x', role: 'admin', created_at: '2026-11-20T10:00:00.000Z' } as never).execute();

    expect(await migrate(db, dialect)).toEqual([names[names.length - 1]]);
    expect(await migrate(db, dialect)).toEqual([]);
    const recorded = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(db);
    expect(recorded.rows.map((row) => row.name)).toEqual(names);
    // The earlier record keeps its times; the rows written before stay.
    expect(recorded.rows[0]!.timestamp).toBe('2026-11-20T10:00:00.000Z');
    expect(await db.selectFrom('staff').select('name').where('id', '=', 'staff-kept').executeTakeFirst()).toEqual({ name: 'Kept' });
  });

  it('recognises a database the earlier migrator brought fully up to date: nothing runs', async () => {
    const { db, dialect } = await open();
    await migrateTheOldWay(db, dialect, names.length);
    expect(await migrate(db, dialect)).toEqual([]);
  });
});
