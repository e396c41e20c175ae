// The order of search suggestions (most answered, then most liked, newest, id) gets an index of its
// own, so the first suggestions of a common word are read in order instead of sorting every match.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('forum_questions_answered').ifNotExists().on('forum_questions').columns(['answers', 'likes', 'created_at', 'id']).execute();
}
