// The teacher desk's week reads the assignments that overlap a week (down their start) and counts the
// attempts of the week's exams per exam and batch: an index for each, so the week opens in the same
// few reads with a thousand exams as with ten.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('exam_assignments_starts').ifNotExists().on('exam_assignments').columns(['starts_at', 'ends_at']).execute();
  await db.schema.createIndex('attempts_exam_group').ifNotExists().on('attempts').columns(['exam_id', 'group_id', 'student_id']).execute();
}
