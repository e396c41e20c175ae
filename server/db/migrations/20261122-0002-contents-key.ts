// The player asks for a stream token by video key every few seconds while a video plays;
// this index keeps that lookup from scanning every content.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('contents_key').ifNotExists().on('contents').columns(['key', 'type']).execute();
}
