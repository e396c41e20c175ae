// The forum: counters kept on the rows they describe (likes and replies of a question, upvotes of a
// reply) so lists sort by popularity through an index, the time of a question's last activity, and
// the databases' own text search over question text, Bengali as well as English:
// - SQLite: an FTS5 table with the trigram tokenizer (any script, substring matches), kept in step
//   with forum_questions by triggers;
// - PostgreSQL: a GIN index with pg_trgm's trigram operator class, which serves ILIKE '%…%'.
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema.alterTable('forum_questions').addColumn('likes', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('forum_questions').addColumn('answers', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('forum_questions').addColumn('last_activity_at', 'text').execute();
  await db.schema.alterTable('forum_comments').addColumn('upvotes', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update forum_questions set
      likes = (select count(*) from forum_likes l where l.question_id = forum_questions.id),
      answers = (select count(*) from forum_comments c where c.question_id = forum_questions.id),
      last_activity_at = coalesce((select max(c.created_at) from forum_comments c where c.question_id = forum_questions.id), created_at)`.execute(db);
  await sql`update forum_comments set upvotes = (select count(*) from forum_upvotes u where u.comment_id = forum_comments.id)`.execute(db);

  await db.schema.createIndex('forum_questions_course_activity').ifNotExists().on('forum_questions').columns(['course_id', 'last_activity_at']).execute();
  await db.schema.createIndex('forum_questions_course_likes').ifNotExists().on('forum_questions').columns(['course_id', 'likes', 'created_at']).execute();
  await db.schema.createIndex('forum_questions_chapter').ifNotExists().on('forum_questions').columns(['chapter_id', 'created_at']).execute();
  await db.schema.createIndex('forum_questions_student').ifNotExists().on('forum_questions').columns(['student_id', 'created_at']).execute();
  await db.schema.createIndex('forum_bookmarks_student').ifNotExists().on('forum_bookmarks').columns(['student_id', 'created_at']).execute();
  await db.schema.createIndex('forum_upvotes_student').ifNotExists().on('forum_upvotes').columns(['student_id']).execute();

  if (dialect === 'sqlite') {
    await sql`create virtual table forum_questions_fts using fts5(question_id unindexed, question_description, tokenize = 'trigram')`.execute(db);
    await sql`insert into forum_questions_fts (question_id, question_description) select id, question_description from forum_questions`.execute(db);
    await sql`create trigger forum_questions_fts_insert after insert on forum_questions begin
        insert into forum_questions_fts (question_id, question_description) values (new.id, new.question_description);
      end`.execute(db);
    await sql`create trigger forum_questions_fts_update after update of question_description on forum_questions begin
        update forum_questions_fts set question_description = new.question_description where question_id = old.id;
      end`.execute(db);
    await sql`create trigger forum_questions_fts_delete after delete on forum_questions begin
        delete from forum_questions_fts where question_id = old.id;
      end`.execute(db);
  } else {
    // In the public schema, so a database whose tables live in another schema still finds it by name.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const [row] = (await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)).rows;
    await sql`create index if not exists forum_questions_text_trgm on forum_questions using gin (question_description ${sql.id(row!.schema)}.gin_trgm_ops)`.execute(db);
  }
}
