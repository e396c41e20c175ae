// A regrade written in short transactions (docs/decisions.md, "The regrade in short writes"): the job
// row holds the exam against marks, publications and other decisions while the new figures are planned
// and staged, and once the decision is committed it says the staged rows remain to be written, so a
// restart finishes them. `regrade_staged` holds, per result that moves, its new figures (or the line of
// its detail to replace), its new places, its history line and its notification, until they are written.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('regrade_jobs')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey()) // the regrade's id
    .addColumn('exam_id', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull()) // planning | applying
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('regrade_staged')
    .ifNotExists()
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('result_id', 'text', (c) => c.notNull())
    .addColumn('figures', 'integer', (c) => c.notNull()) // 1: the figures below replace the result's
    .addColumn('marks_obtained', 'double precision')
    .addColumn('negative_marks', 'double precision')
    .addColumn('total_marks', 'double precision')
    .addColumn('correct', 'double precision')
    .addColumn('incorrect', 'double precision')
    .addColumn('skipped', 'double precision')
    .addColumn('overall_marks', 'double precision')
    .addColumn('passed', 'integer')
    .addColumn('pending_review', 'integer')
    .addColumn('detail', 'text') // a result scored whole
    .addColumn('old_line', 'text') // else the line of its detail to replace
    .addColumn('new_line', 'text')
    .addColumn('places', 'integer', (c) => c.notNull()) // 1: the places below replace the result's
    .addColumn('merit_position', 'integer')
    .addColumn('merit_rank', 'integer')
    .addColumn('faculty_position', 'integer')
    .addColumn('subject_position', 'integer')
    .addColumn('category_position', 'integer')
    .addColumn('student_id', 'text', (c) => c.notNull())
    .addColumn('old_marks', 'double precision') // a history line when its marks or rank moved
    .addColumn('new_marks', 'double precision')
    .addColumn('old_rank', 'integer')
    .addColumn('new_rank', 'integer')
    .addColumn('history', 'integer', (c) => c.notNull())
    .addColumn('notice_id', 'text') // its notification, when its batch's results are published
    .addColumn('message', 'text')
    .addColumn('info', 'text')
    .addPrimaryKeyConstraint('regrade_staged_pk', ['job_id', 'result_id'])
    .execute();
}
