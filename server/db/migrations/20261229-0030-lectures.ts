// Lectures put in as files (docs/decisions.md, "Lectures in"): one row per uploaded video, from the
// upload's end to its deletion. Its packaging is a `media` job of the jobs table (`job_id`, the latest
// one: a retry queues a new job). The student's video (a `contents` row of the same id) is written only
// once the packaged stream is complete, so a lecture not ready is never listed to students.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('lectures')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey()) // also the id of its contents row once ready
    .addColumn('item_id', 'text', (c) => c.notNull().references('items.id'))
    .addColumn('course_id', 'text', (c) => c.notNull()) // the item's course, for access and events
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('source_name', 'text', (c) => c.notNull()) // the file's name on the teacher's device
    .addColumn('source_key', 'text') // the uploaded file in the storage directory, until packaged
    .addColumn('source_bytes', 'bigint', (c) => c.notNull())
    .addColumn('job_id', 'text', (c) => c.notNull())
    .addColumn('duration_seconds', 'double precision')
    .addColumn('renditions', 'text') // JSON: heights and bytes of each packaged rendition
    .addColumn('staff_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lectures_course').ifNotExists().on('lectures').columns(['course_id', 'created_at']).execute();
}
