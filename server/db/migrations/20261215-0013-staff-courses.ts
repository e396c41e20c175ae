// Teachers are assigned to courses: a teacher marks, publishes and answers the forum only within the
// courses listed here (admins act on every course and need no rows).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_courses')
    .ifNotExists()
    .addColumn('staff_id', 'text', (c) => c.notNull().references('staff.id'))
    .addColumn('course_id', 'text', (c) => c.notNull().references('courses.id'))
    .addPrimaryKeyConstraint('staff_courses_pk', ['staff_id', 'course_id'])
    .execute();
  await db.schema.createIndex('staff_courses_course').ifNotExists().on('staff_courses').column('course_id').execute();
}
