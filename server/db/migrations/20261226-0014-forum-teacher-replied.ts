// The teacher desk's forum queue asks of every question whether a teacher has replied: a flag kept
// with the question (set by the first teacher reply, in the reply's transaction) instead of a look
// into the replies per question, and an index its counts per status are read from.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('forum_questions').addColumn('teacher_replied', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update forum_questions set teacher_replied = 1
    where exists (select 1 from forum_comments c where c.question_id = forum_questions.id and c.user_type = 'Admin')`.execute(db);
  await db.schema.createIndex('forum_questions_desk').ifNotExists().on('forum_questions').columns(['status', 'teacher_replied']).execute();
}
