// The lectures area's reads and writes: lectures, the places they may go, and the student's video a
// ready lecture becomes (a `contents` row of the lecture's id).
import type { Kysely, Selectable } from 'kysely';
import type { Database, LecturesTable } from '../db/schema.js';

export type LectureRow = Selectable<LecturesTable>;
type Db = Kysely<Database>;

/** An item with its subject and course, as a lecture's place. */
export async function itemPlace(db: Db, itemId: string) {
  return db
    .selectFrom('items')
    .innerJoin('subjects', 'subjects.id', 'items.subject_id')
    .select(['items.id', 'items.name', 'items.item_type', 'items.subject_id', 'subjects.name as subject_name', 'subjects.course_id'])
    .where('items.id', '=', itemId)
    .executeTakeFirst();
}

/** Items of the courses (every course when null), with their subject and course, in their order. */
export async function placesOf(db: Db, courseIds: string[] | null) {
  if (courseIds !== null && courseIds.length === 0) return [];
  return db
    .selectFrom('items')
    .innerJoin('subjects', 'subjects.id', 'items.subject_id')
    .innerJoin('courses', 'courses.id', 'subjects.course_id')
    .select(['items.id', 'items.name', 'items.item_type', 'subjects.id as subject_id', 'subjects.name as subject_name', 'courses.id as course_id', 'courses.name as course_name'])
    .$if(courseIds !== null, (q) => q.where('courses.id', 'in', courseIds!))
    .orderBy('courses.position')
    .orderBy('courses.id')
    .orderBy('subjects.position')
    .orderBy('subjects.id')
    .orderBy('items.position')
    .orderBy('items.id')
    .execute();
}

/** Finds an item by its id, or by "<Subject> / <item name>" (the command line's --item). */
export async function findItem(db: Db, given: string) {
  const byId = await itemPlace(db, given);
  if (byId) return [byId];
  const [subject, ...rest] = given.split('/');
  const name = rest.join('/').trim();
  if (!subject || !name) return [];
  return db
    .selectFrom('items')
    .innerJoin('subjects', 'subjects.id', 'items.subject_id')
    .select(['items.id', 'items.name', 'items.item_type', 'items.subject_id', 'subjects.name as subject_name', 'subjects.course_id'])
    .where('subjects.name', '=', subject.trim())
    .where('items.name', '=', name)
    .execute();
}

export async function insertLecture(db: Db, row: LectureRow): Promise<void> {
  await db.insertInto('lectures').values(row).execute();
}

export async function lectureById(db: Db, id: string): Promise<LectureRow | undefined> {
  return db.selectFrom('lectures').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function lectureOfJob(db: Db, jobId: string): Promise<LectureRow | undefined> {
  return db.selectFrom('lectures').selectAll().where('job_id', '=', jobId).executeTakeFirst();
}

/** The lectures of the courses (every course when null), newest first. */
export async function lecturesOf(db: Db, courseIds: string[] | null, limit: number): Promise<LectureRow[]> {
  if (courseIds !== null && courseIds.length === 0) return [];
  return db
    .selectFrom('lectures')
    .selectAll()
    .$if(courseIds !== null, (q) => q.where('course_id', 'in', courseIds!))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function setLectureJob(db: Db, id: string, jobId: string): Promise<void> {
  await db.updateTable('lectures').set({ job_id: jobId }).where('id', '=', id).execute();
}

/** The item's subject's name and the item's name, for the desk's list. */
export async function placeNames(db: Db, itemIds: string[]): Promise<Map<string, string>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('items')
    .innerJoin('subjects', 'subjects.id', 'items.subject_id')
    .select(['items.id', 'items.name', 'subjects.name as subject_name'])
    .where('items.id', 'in', [...new Set(itemIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, `${row.subject_name ?? 'Subject'} / ${row.name}`]));
}

/**
 * The packaged lecture becomes the student's video of its item, protected with its own ClearKey, in
 * the same transaction that records the stream on the lecture; false when the lecture was deleted.
 */
export async function publishLectureVideo(
  trx: Db,
  lecture: LectureRow,
  video: { subjectId: string; url: string; key: string; thumbnail: string; keys: { keyId: string; key: string }[]; durationSeconds: number; renditions: string; now: string },
): Promise<boolean> {
  const updated = await trx
    .updateTable('lectures')
    .set({ duration_seconds: video.durationSeconds, renditions: video.renditions, source_key: null })
    .where('id', '=', lecture.id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) return false;
  const last = await trx.selectFrom('contents').select((eb) => eb.fn.max('position').as('position')).where('item_id', '=', lecture.item_id).executeTakeFirst();
  await trx
    .insertInto('contents')
    .values({
      id: lecture.id,
      item_id: lecture.item_id,
      type: 'video',
      title: lecture.title,
      url: video.url,
      key: video.key,
      thumbnail: video.thumbnail,
      video_kind: 'dash-drm',
      is_published: 1,
      is_vod: 0,
      is_available: 1,
      is_drm_enabled: '1',
      drm_type: 'ClearKey',
      drm_keys: JSON.stringify(video.keys),
      subjects: JSON.stringify([video.subjectId]),
      position: Number(last?.position ?? 0) + 1,
      created_at: video.now,
    })
    .execute();
  return true;
}

/** Removes the lecture, and its video from its item with the students' completions of it. */
export async function deleteLecture(db: Db, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('completions').where('content_id', '=', id).execute();
    await trx.deleteFrom('contents').where('id', '=', id).execute();
    await trx.deleteFrom('lectures').where('id', '=', id).execute();
  });
}
