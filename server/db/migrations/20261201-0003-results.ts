// Results, marking and publication: a teacher's marks and comment on a written answer, the GPA
// marks and overall marks of a result (what the merit list ranks by), when an assignment's results
// were published, and the indexes the merit list and the scoreboard read through.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('answers').addColumn('review_marks', 'double precision').execute();
  await db.schema.alterTable('answers').addColumn('review_comment', 'text').execute();
  await db.schema.alterTable('answers').addColumn('reviewed_by', 'text').execute();
  await db.schema.alterTable('answers').addColumn('reviewed_at', 'text').execute();

  await db.schema.alterTable('results').addColumn('gpa_marks', 'double precision', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('results').addColumn('overall_marks', 'double precision', (c) => c.notNull().defaultTo(0)).execute();
  await sql`update results set overall_marks = marks_obtained`.execute(db);

  await db.schema.alterTable('exam_assignments').addColumn('published_at', 'text').execute();

  // The merit list ranks one exam's results by overall marks; the scoreboard pages a student's
  // results newest first.
  await db.schema.createIndex('results_exam_overall').ifNotExists().on('results').columns(['exam_id', 'overall_marks']).execute();
  await db.schema.createIndex('results_student_created').ifNotExists().on('results').columns(['student_id', 'created_at', 'id']).execute();
}
