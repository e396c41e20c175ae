// The faculties' subject lists (the exam start's faculty and subject choices): one row per faculty of
// the spec, its subjects as a JSON list, filled by the bundle's `faculties` section.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('faculties')
    .ifNotExists()
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('subjects', 'text', (c) => c.notNull())
    .execute();
}
