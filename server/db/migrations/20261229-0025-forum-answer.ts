// A teacher marks one reply of a question as its answer: students see it first, set apart. One
// column on the question (at most one answer each), cleared when that reply is removed.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('forum_questions').addColumn('answer_comment_id', 'text').execute();
}
