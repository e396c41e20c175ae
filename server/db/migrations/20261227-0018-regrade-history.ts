// The history of regrades: one row per regrade of an exam (which decision, when, how many results it
// read and changed) and, per student whose marks or rank moved, the old and new marks and rank.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('regrades')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('exam_id', 'text', (c) => c.notNull())
    .addColumn('question_id', 'text', (c) => c.notNull())
    .addColumn('decision_id', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull()) // change | drop
    .addColumn('question_number', 'integer', (c) => c.notNull())
    .addColumn('regraded_at', 'text', (c) => c.notNull())
    .addColumn('results', 'integer', (c) => c.notNull())
    .addColumn('changed', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('regrades_exam').ifNotExists().on('regrades').columns(['exam_id', 'regraded_at']).execute();
  await db.schema
    .createTable('regrade_changes')
    .ifNotExists()
    .addColumn('regrade_id', 'text', (c) => c.notNull().references('regrades.id'))
    .addColumn('result_id', 'text', (c) => c.notNull())
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('old_marks', 'double precision', (c) => c.notNull())
    .addColumn('new_marks', 'double precision', (c) => c.notNull())
    .addColumn('old_rank', 'integer')
    .addColumn('new_rank', 'integer')
    .addPrimaryKeyConstraint('regrade_changes_pk', ['regrade_id', 'result_id'])
    .execute();
  await db.schema.createIndex('regrade_changes_result').ifNotExists().on('regrade_changes').column('result_id').execute();
}
