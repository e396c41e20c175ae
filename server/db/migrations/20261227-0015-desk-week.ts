// The teacher desk's week reads the assignments that overlap a week (down their start) and counts the
// attempts of the week's exams per exam and batch: an index for each, so the week opens in the same
// few reads with a thousand exams as with ten. The desk's forum queue of a teacher counts the
// questions of their courses per status: an index that holds all three, so the count reads the index
// alone (the admin's count already did, on forum_questions_desk, migration 0014).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('exam_assignments_starts').ifNotExists().on('exam_assignments').columns(['starts_at', 'ends_at']).execute();
  await db.schema.createIndex('forum_questions_desk_course').ifNotExists().on('forum_questions').columns(['course_id', 'status', 'teacher_replied']).execute();
  await db.schema.createIndex('attempts_exam_group').ifNotExists().on('attempts').columns(['exam_id', 'group_id', 'student_id']).execute();
}
