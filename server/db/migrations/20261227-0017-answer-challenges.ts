// Answer-key challenges: how long a live exam's challenge window stays open (per exam; the academy's
// default is a setting), when an assignment's window closes (fixed at publication), a corrected key
// that accepts several options of an MCQ or drops a question, the students' challenges (one per
// attempt and question) and the teachers' decisions per question.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('exams').addColumn('challenge_hours', 'integer').execute();
  await db.schema.alterTable('exam_assignments').addColumn('challenge_closes_at', 'text').execute();
  await db.schema.alterTable('questions').addColumn('accepted_options', 'text').execute();
  await db.schema.alterTable('questions').addColumn('dropped', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  await db.schema
    .createTable('answer_challenges')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('attempt_id', 'text', (c) => c.notNull().references('attempts.id'))
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id'))
    .addColumn('exam_id', 'text', (c) => c.notNull())
    .addColumn('group_id', 'text', (c) => c.notNull())
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull()) // JSON number[]: the options the student believes right
    .addColumn('flawed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('media', 'text', (c) => c.notNull()) // JSON ForumMedia[]
    .addColumn('status', 'text', (c) => c.notNull()) // open | accepted | rejected
    .addColumn('reply', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .addUniqueConstraint('answer_challenges_one', ['attempt_id', 'question_id'])
    .execute();
  await db.schema.createIndex('answer_challenges_question').ifNotExists().on('answer_challenges').columns(['question_id', 'group_id']).execute();

  await db.schema
    .createTable('key_decisions')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('exam_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull().references('questions.id'))
    .addColumn('kind', 'text', (c) => c.notNull()) // keep | change | drop
    .addColumn('options', 'text', (c) => c.notNull()) // JSON number[]: the accepted options of a change
    .addColumn('old_answer', 'text', (c) => c.notNull())
    .addColumn('reply', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('key_decisions_question').ifNotExists().on('key_decisions').columns(['question_id', 'decided_at']).execute();
}
