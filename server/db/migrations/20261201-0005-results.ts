// Results, marking and publication: a teacher's marks and comment on a written answer, the GPA
// marks and overall marks of a result (what the merit list ranks by), when an assignment's results
// were published, a published exam's merit list, and the indexes the merit list and the scoreboard
// read through.
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

  // The merit list of a live exam, fixed when results are published (see fixMeritList in
  // server/results/queries.ts): place in the list, rank, and rank within faculty, subject and category.
  for (const column of ['merit_position', 'merit_rank', 'faculty_position', 'subject_position', 'category_position']) {
    await db.schema.alterTable('results').addColumn(column, 'integer').execute();
  }
  await sql`
    update results set merit_position = m.position, merit_rank = m.rank, faculty_position = m.faculty_position,
      subject_position = m.subject_position, category_position = m.category_position
    from (
      select r.id,
        row_number() over (partition by r.exam_id order by r.overall_marks desc, s.name, r.id) as position,
        rank() over (partition by r.exam_id order by r.overall_marks desc) as rank,
        case when a.faculty is null then null else rank() over (partition by r.exam_id, a.faculty order by r.overall_marks desc) end as faculty_position,
        case when a.subject_name is null then null else rank() over (partition by r.exam_id, a.subject_name order by r.overall_marks desc) end as subject_position,
        case when a.candidate_category is null then null else rank() over (partition by r.exam_id, a.candidate_category order by r.overall_marks desc) end as category_position
      from results r
      join attempts a on a.id = r.attempt_id
      join exam_assignments ea on ea.exam_id = r.exam_id and ea.group_id = r.group_id
      join exams e on e.id = r.exam_id
      join students s on s.id = r.student_id
      where e.is_practice = 0 and ea.result_published = 1 and ea.removed_at is null and a.superseded_at is null
    ) m
    where results.id = m.id`.execute(db);

  // The merit list ranks one exam's results by overall marks; the scoreboard pages a student's
  // results newest first.
  await db.schema.createIndex('results_exam_overall').ifNotExists().on('results').columns(['exam_id', 'overall_marks']).execute();
  await db.schema.createIndex('results_exam_position').ifNotExists().on('results').columns(['exam_id', 'merit_position']).execute();
  await db.schema.createIndex('results_student_created').ifNotExists().on('results').columns(['student_id', 'created_at', 'id']).execute();
}
