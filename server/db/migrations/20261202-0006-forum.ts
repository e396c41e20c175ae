// The forum: counters kept on the rows they describe (likes and replies of a question, upvotes of a
// reply) so lists sort by popularity through an index, the time of a question's last activity, and
// the databases' own text search over question text, Bengali as well as English:
// - SQLite: an FTS5 table with the trigram tokenizer (any script, substring matches), kept in step
//   with forum_questions by triggers;
// - PostgreSQL: the text in lower case (a generated column) under a GIN index with pg_trgm's trigram
//   operator class, which serves LIKE '%…%'.
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

  // Every list order ends with the id, so its index can hand out pages without sorting.
  await db.schema.createIndex('forum_questions_created').ifNotExists().on('forum_questions').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('forum_questions_activity').ifNotExists().on('forum_questions').columns(['last_activity_at', 'id']).execute();
  await db.schema.createIndex('forum_questions_popular').ifNotExists().on('forum_questions').columns(['likes', 'answers', 'created_at', 'id']).execute();
  await db.schema.createIndex('forum_questions_chapter').ifNotExists().on('forum_questions').columns(['chapter_id', 'created_at']).execute();
  await db.schema.createIndex('forum_questions_student').ifNotExists().on('forum_questions').columns(['student_id', 'created_at']).execute();
  await db.schema.createIndex('forum_bookmarks_student').ifNotExists().on('forum_bookmarks').columns(['student_id', 'created_at']).execute();
  await db.schema.createIndex('forum_upvotes_student').ifNotExists().on('forum_upvotes').columns(['student_id']).execute();

  if (dialect === 'sqlite') {
    // The text index's rowid is a number of our own (search_id), not SQLite's implicit rowid, which a
    // VACUUM may renumber in a table whose key is text.
    await db.schema.alterTable('forum_questions').addColumn('search_id', 'integer').execute();
    await sql`update forum_questions set search_id = rowid`.execute(db);
    await sql`create unique index forum_questions_search_id on forum_questions (search_id)`.execute(db);
    await sql`create virtual table forum_questions_fts using fts5(question_description, tokenize = 'trigram')`.execute(db);
    await sql`insert into forum_questions_fts (rowid, question_description) select search_id, question_description from forum_questions`.execute(db);
    await sql`create trigger forum_questions_fts_insert after insert on forum_questions begin
        update forum_questions set search_id = (select coalesce(max(search_id), 0) + 1 from forum_questions) where id = new.id;
        insert into forum_questions_fts (rowid, question_description) select search_id, new.question_description from forum_questions where id = new.id;
      end`.execute(db);
    await sql`create trigger forum_questions_fts_update after update of question_description on forum_questions begin
        update forum_questions_fts set question_description = new.question_description where rowid = old.search_id;
      end`.execute(db);
    await sql`create trigger forum_questions_fts_delete after delete on forum_questions begin
        delete from forum_questions_fts where rowid = old.search_id;
      end`.execute(db);
  } else {
    // The text in lower case, kept by the database: LIKE on it is several times faster than ILIKE,
    // which folds the case of every row it reads.
    await sql`alter table forum_questions add column search_text text generated always as (lower(question_description)) stored`.execute(db);
    // In the public schema, so a database whose tables live in another schema still finds it by name.
    await sql`create extension if not exists pg_trgm with schema public`.execute(db);
    const [row] = (await sql<{ schema: string }>`select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)).rows;
    await sql`create index if not exists forum_questions_text_trgm on forum_questions using gin (search_text ${sql.id(row!.schema)}.gin_trgm_ops)`.execute(db);
  }
}
