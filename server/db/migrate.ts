// Applies pending migrations with Kysely's own Migrator (recorded in kysely_migration, locked against a
// second process by kysely_migration_lock). A database migrated before the Migrator took over has its
// record in schema_migrations: those names are carried over once, before the Migrator's table first
// exists, so nothing runs twice. schema_migrations is left as it was and read no more.
import { Migrator, sql, type Kysely, type Migration as KyselyMigration, type MigrationProvider } from 'kysely';
import type { Dialect } from './connect.js';
import { migrations } from './migrations/index.js';

/** The record the hand-written migrator kept (one row per migration applied, name and time). */
export const LEGACY_MIGRATION_TABLE = 'schema_migrations';
export const MIGRATION_TABLE = 'kysely_migration';

/** The migration files of migrations/index.ts, each given the database's dialect. */
function provider(dialect: Dialect): MigrationProvider {
  return {
    getMigrations: async () =>
      Object.fromEntries(migrations.map((migration): [string, KyselyMigration] => [migration.name, { up: (db) => migration.up(db, dialect) }])),
  };
}

/** Whether the table is there: in the connection's own schema (search_path) under PostgreSQL. */
async function tableExists(db: Kysely<any>, dialect: Dialect, name: string): Promise<boolean> {
  if (dialect === 'postgres') {
    const { rows } = await sql<{ found: string | null }>`select to_regclass(${name})::text as found`.execute(db);
    return rows[0]?.found != null;
  }
  const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = ${name}`.execute(db);
  return rows.length > 0;
}

/** The schema new tables go to under PostgreSQL (the first of the connection's search_path). */
async function currentSchema(db: Kysely<any>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]!.schema;
}

/**
 * A database the hand-written migrator kept, not yet adopted: its applied names go into the Migrator's
 * table (created as the Migrator creates it), the time each was applied kept. Under PostgreSQL two
 * processes starting together wait on one lock, and each inserts only the names still missing.
 */
async function adoptLegacyRecord(db: Kysely<any>, dialect: Dialect): Promise<void> {
  if ((await tableExists(db, dialect, MIGRATION_TABLE)) || !(await tableExists(db, dialect, LEGACY_MIGRATION_TABLE))) return;
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(20261122)`.execute(trx);
    await trx.schema
      .createTable(MIGRATION_TABLE)
      .ifNotExists()
      .addColumn('name', 'varchar(255)', (col) => col.notNull().primaryKey())
      .addColumn('timestamp', 'varchar(255)', (col) => col.notNull())
      .execute();
    const known = new Set((await trx.selectFrom(MIGRATION_TABLE).select('name').execute()).map((row: { name: string }) => row.name));
    const legacy: { name: string; applied_at: string }[] = await trx.selectFrom(LEGACY_MIGRATION_TABLE).select(['name', 'applied_at']).orderBy('name').execute();
    const missing = legacy.filter((row) => !known.has(row.name)).map((row) => ({ name: row.name, timestamp: row.applied_at }));
    if (missing.length > 0) await trx.insertInto(MIGRATION_TABLE).values(missing).execute();
  });
}

/** Applies every pending migration; answers the names applied now, in order. */
export async function migrate(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  await adoptLegacyRecord(db, dialect);
  // Unordered: a migration missing from the record (a database restored from before it) still runs.
  // Under PostgreSQL the Migrator looks for its tables across every schema it can see unless told which:
  // the connection's own (search_path), so a second academy or test schema in one database stays apart.
  const migrationTableSchema = dialect === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({ db, provider: provider(dialect), allowUnorderedMigrations: true, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
