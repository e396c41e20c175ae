// Applies pending migrations, each in its own transaction, recording them in schema_migrations.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './connect.js';
import { migrations } from './migrations/index.js';

export async function migrate(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  await db.schema
    .createTable('schema_migrations')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('applied_at', 'text', (c) => c.notNull())
    .execute();
  const applied = new Set(
    (await db.selectFrom('schema_migrations').select('name').execute()).map((r: { name: string }) => r.name),
  );
  const done: string[] = [];
  for (const migration of migrations) {
    if (applied.has(migration.name)) continue;
    await db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') {
        // Two processes starting together must not both migrate.
        await sql`select pg_advisory_xact_lock(20261122)`.execute(trx);
        const again = await trx.selectFrom('schema_migrations').select('name').where('name', '=', migration.name).executeTakeFirst();
        if (again) return;
      }
      await migration.up(trx, dialect);
      await trx.insertInto('schema_migrations').values({ name: migration.name, applied_at: new Date().toISOString() }).execute();
      done.push(migration.name);
    });
  }
  return done;
}
