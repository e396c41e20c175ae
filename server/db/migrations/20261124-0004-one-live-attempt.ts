// A live exam is sat once per student, whatever the batch: a student in two batches that share the
// exam could start it in each and the second submission corrected the first. Live attempts are
// marked, and a partial unique index lets only one of them in per (exam, student), so parallel
// starts through different batches meet in the database on SQLite and PostgreSQL alike.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attempts').addColumn('live', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  // Attempts stored before: the first live attempt of each (exam, student) is the one that counts.
  await sql`
    update attempts set live = 1
    where id in (
      select a.id from attempts a join exams e on e.id = a.exam_id
      where e.is_practice = 0 and not exists (
        select 1 from attempts b
        where b.exam_id = a.exam_id and b.student_id = a.student_id
          and (b.started_at < a.started_at or (b.started_at = a.started_at and b.id < a.id))
      )
    )`.execute(db);
  await sql`create unique index if not exists attempts_one_live on attempts (exam_id, student_id) where live = 1`.execute(db);
}
