// Reading the activity log: an administrator every entry, a teacher those of their own courses and
// their own entries without a course; filtered by person, kind, course and days; as a page or a sheet.
import type { Kysely } from 'kysely';
import type { Database, Staff } from '../db/schema.js';
import type { ActivityEntry, ActivityPage } from '../../src/contracts/activity.js';
import { ACTIVITY_KINDS, type ActivityKind } from '../../src/contracts/activityKinds.js';
import { academyDayBounds } from '../../src/domain/activity.js';
import { formatAcademyTime } from '../../src/domain/academyTime.js';
import { badRequest } from '../errors.js';
import { deskSheet, type SheetFile } from '../sheets.js';
import { coursesOf } from './access.js';
import { activityChoices, activityPage, type ActivityFilter } from '../activity/queries.js';

export const ACTIVITY_PAGE_SIZE = 50;
/** The most entries one sheet holds: a year of a busy academy, well within a spreadsheet program. */
export const ACTIVITY_SHEET_ROWS = 100_000;

export interface ActivityFilters {
  staffId?: string;
  kind?: ActivityKind;
  courseId?: string;
  from?: string;
  to?: string;
}

function dayBound(day: string | undefined, edge: 'start' | 'end'): string | undefined {
  if (day === undefined) return undefined;
  const bounds = academyDayBounds(day);
  if (!bounds) throw badRequest('The day is not a real date.', 'dayInvalid', `"${day}" is not a day of the calendar; write it as 2026-12-03.`);
  return bounds[edge];
}

async function filterFor(db: Kysely<Database>, reader: Staff, filters: ActivityFilters): Promise<ActivityFilter> {
  const courseIds = await coursesOf(db, reader);
  return {
    staffId: filters.staffId,
    kind: filters.kind,
    courseId: filters.courseId,
    from: dayBound(filters.from, 'start'),
    to: dayBound(filters.to, 'end'),
    visibleTo: courseIds === null ? null : { staffId: reader.id, courseIds },
  };
}

type Row = Awaited<ReturnType<typeof activityPage>>['rows'][number];
const entryView = (row: Row): ActivityEntry => ({
  _id: row.id,
  at: row.at,
  staffId: row.staff_id,
  staffName: row.staff_name,
  kind: row.kind as ActivityKind,
  summary: row.summary,
  courseId: row.course_id,
  courseName: row.course_name,
});

export async function readActivity(db: Kysely<Database>, reader: Staff, filters: ActivityFilters & { page?: number; limit?: number }): Promise<ActivityPage> {
  const filter = await filterFor(db, reader, filters);
  const page = filters.page ?? 1;
  const limit = filters.limit ?? ACTIVITY_PAGE_SIZE;
  const [{ rows, total }, choices] = await Promise.all([activityPage(db, filter, { offset: (page - 1) * limit, limit }), activityChoices(db, filter.visibleTo)]);
  return {
    entries: rows.map(entryView),
    total,
    page,
    limit,
    people: dedupe(choices.people.map((p) => ({ _id: p.staff_id!, name: p.staff_name }))),
    courses: dedupe(choices.courses.map((c) => ({ _id: c.course_id!, name: c.course_name ?? c.course_id! }))),
  };
}

/** One choice per id (a renamed account or course appears under its latest name), by name. */
function dedupe(items: { _id: string; name: string }[]): { _id: string; name: string }[] {
  const byId = new Map(items.map((item) => [item._id, item]));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export async function activitySheet(db: Kysely<Database>, reader: Staff, filters: ActivityFilters, format: 'csv' | 'xlsx'): Promise<SheetFile> {
  const filter = await filterFor(db, reader, filters);
  const { rows } = await activityPage(db, filter, { offset: 0, limit: ACTIVITY_SHEET_ROWS });
  return deskSheet(
    [
      {
        name: 'Activity',
        columns: ['When', 'Who', 'What', 'Details', 'Course'],
        rows: rows.map((row) => [formatAcademyTime(row.at), row.staff_name, ACTIVITY_KINDS[row.kind as ActivityKind] ?? row.kind, row.summary, row.course_name ?? '']),
      },
    ],
    format,
    `activity.${format}`,
  );
}
