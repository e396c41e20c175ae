// Practise my mistakes: a student's practice set of the questions they got wrong or skipped (of one
// result, or of a subject across their results), its answers, and per student and question the run of
// right answers in mistakes practice (two in a row and the question leaves the set).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mistake_sets')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // exam | subject
    .addColumn('exam_id', 'text')
    .addColumn('group_id', 'text')
    .addColumn('subject_id', 'text')
    .addColumn('course_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('question_ids', 'text', (c) => c.notNull()) // JSON string[] in paper order
    .addColumn('exam_ids', 'text', (c) => c.notNull()) // JSON string[]: the exams the questions come from
    .addColumn('duration', 'integer', (c) => c.notNull()) // minutes
    .addColumn('pass_mark', 'double precision', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('deadline_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('marks_obtained', 'double precision')
    .addColumn('negative_marks', 'double precision')
    .addColumn('total_marks', 'double precision')
    .addColumn('detail', 'text') // JSON QuestionScore[] once submitted
    .addColumn('cleared', 'text') // JSON string[]: questions this submission took out of the set
    .execute();
  await db.schema.createIndex('mistake_sets_student').ifNotExists().on('mistake_sets').columns(['student_id', 'started_at']).execute();
  await db.schema
    .createTable('mistake_answers')
    .ifNotExists()
    .addColumn('set_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('extra', 'text', (c) => c.notNull())
    .addColumn('answer_index', 'integer')
    .addColumn('client_timestamp', 'bigint', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addColumn('offline', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('mistake_answers_pk', ['set_id', 'question_id'])
    .execute();
  await db.schema
    .createTable('question_streaks')
    .ifNotExists()
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('streak', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_streaks_pk', ['student_id', 'question_id'])
    .execute();
}
