// Upload quota and rate are read per owner: an index on (owner_id, created_at) keeps both cheap.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('stored_files_owner_created').on('stored_files').columns(['owner_id', 'created_at']).execute();
}
