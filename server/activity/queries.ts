// The activity log's queries: one insert (never an update or a delete: the table refuses both) and
// the filtered reads of the desk and its sheet.
import type { Kysely } from 'kysely';
import type { ActivityTable, Database } from '../db/schema.js';

export async function insertActivity(db: Kysely<Database>, row: ActivityTable): Promise<void> {
  await db.insertInto('activity').values(row).execute();
}

export async function courseNameOf(db: Kysely<Database>, courseId: string): Promise<string | null> {
  const row = await db.selectFrom('courses').select('name').where('id', '=', courseId).executeTakeFirst();
  return row?.name ?? null;
}

export interface ActivityFilter {
  staffId?: string;
  kind?: string;
  courseId?: string;
  /** ISO instants, inclusive. */
  from?: string;
  to?: string;
  /** A teacher: only entries of these courses, and their own entries with no course. Null: everything. */
  visibleTo: { staffId: string; courseIds: string[] } | null;
}

function filtered(db: Kysely<Database>, filter: ActivityFilter) {
  let query = db.selectFrom('activity');
  if (filter.staffId) query = query.where('staff_id', '=', filter.staffId);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.courseId) query = query.where('course_id', '=', filter.courseId);
  if (filter.from) query = query.where('at', '>=', filter.from);
  if (filter.to) query = query.where('at', '<=', filter.to);
  const visible = filter.visibleTo;
  if (visible) {
    query = query.where((eb) =>
      eb.or([
        ...(visible.courseIds.length > 0 ? [eb('course_id', 'in', visible.courseIds)] : []),
        eb.and([eb('course_id', 'is', null), eb('staff_id', '=', visible.staffId)]),
      ]),
    );
  }
  return query;
}

export async function activityPage(db: Kysely<Database>, filter: ActivityFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, filter).selectAll().orderBy('at', 'desc').orderBy('id', 'desc').limit(page.limit).offset(page.offset).execute(),
    filtered(db, filter).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The people and courses that occur in the entries the reader may see, for the desk's filters. */
export async function activityChoices(db: Kysely<Database>, visibleTo: ActivityFilter['visibleTo']) {
  const people = await filtered(db, { visibleTo }).select(['staff_id', 'staff_name']).where('staff_id', 'is not', null).groupBy(['staff_id', 'staff_name']).execute();
  const courses = await filtered(db, { visibleTo }).select(['course_id', 'course_name']).where('course_id', 'is not', null).groupBy(['course_id', 'course_name']).execute();
  return { people, courses };
}
