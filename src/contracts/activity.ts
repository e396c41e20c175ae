// The activity log on the desk: who on the staff changed what in the academy, when, on which course.
// An administrator reads every entry; a teacher the entries of their own courses (and their own
// sign-ins). Read only: the API has no route that changes or removes an entry, and the database
// refuses it too (server/db/migrations/20261230-0027-staff-activity.ts). Paths relative to /api.
import { Type, type Static } from '@sinclair/typebox';
import { Binary, BoundedInteger, Data, failures, Id, Nullable, type RouteContract } from './common';
import { ACTIVITY_KIND_IDS } from './activityKinds';
import { activityPaths } from './paths';

export const ActivityKindSchema = Type.Union(ACTIVITY_KIND_IDS.map((kind) => Type.Literal(kind)));

export const ActivityEntry = Type.Object({
  _id: Type.String(),
  at: Type.String(),
  /** Null for the command line at the server. */
  staffId: Nullable(Type.String()),
  staffName: Type.String(),
  kind: ActivityKindSchema,
  summary: Type.String(),
  courseId: Nullable(Type.String()),
  courseName: Nullable(Type.String()),
});
export type ActivityEntry = Static<typeof ActivityEntry>;

const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: "a day on the academy's clock, 2026-12-03" });

const filters = {
  staffId: Type.Optional(Id),
  kind: Type.Optional(ActivityKindSchema),
  courseId: Type.Optional(Id),
  /** From the start of this day (academy time). */
  from: Type.Optional(Day),
  /** To the end of this day (academy time). */
  to: Type.Optional(Day),
};

export const ActivityQuery = Type.Object({ ...filters, page: Type.Optional(BoundedInteger(1, 100_000)), limit: Type.Optional(BoundedInteger(1, 200)) }, { additionalProperties: false });
export type ActivityQuery = Static<typeof ActivityQuery>;

export const ActivitySheetQuery = Type.Object({ ...filters, format: Type.Union([Type.Literal('csv'), Type.Literal('xlsx')]) }, { additionalProperties: false });
export type ActivitySheetQuery = Static<typeof ActivitySheetQuery>;

export const ActivityPage = Type.Object({
  /** Newest first. */
  entries: Type.Array(ActivityEntry),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  limit: Type.Integer({ minimum: 1 }),
  /** Who and which courses the filters offer: the staff and courses this reader may see entries of. */
  people: Type.Array(Type.Object({ _id: Type.String(), name: Type.String() })),
  courses: Type.Array(Type.Object({ _id: Type.String(), name: Type.String() })),
});
export type ActivityPage = Static<typeof ActivityPage>;

export const activityContract = {
  list: {
    method: 'GET',
    url: activityPaths.activity,
    config: { access: 'staff', staff: 'ownCourses' },
    schema: { querystring: ActivityQuery, response: { 200: Data(ActivityPage), ...failures(401, 403, { 400: ['dayInvalid'] }) } },
  },
  sheet: {
    method: 'GET',
    url: activityPaths.sheet,
    config: { access: 'staff', staff: 'ownCourses' },
    // The filtered entries (at most 100,000, newest first) as a CSV with a byte order mark or an XLSX.
    schema: {
      querystring: ActivitySheetQuery,
      response: { 200: Binary('text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), ...failures(401, 403, { 400: ['dayInvalid'] }) },
    },
  },
} satisfies Record<string, RouteContract>;
