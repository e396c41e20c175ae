// The teacher desk's week (GET /staff/schedule?weekOf=YYYY-MM-DD): the exam assignments of the
// signed-in teacher's courses (an admin's: every course) that run at some time in the week, Monday to
// Sunday on the academy's clock (src/domain/academyWeek.ts), each in one state. A teacher asking for
// another course (courseId) is refused with 403 'You do not teach this course.'; an unknown course is
// 404. Paths are relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { Data, failures, Id, type RouteContract } from './common';
import { StaffAssignment } from './staff';
import { staffPaths } from './paths';

/**
 * Where an assignment stands, by the server's clock: 'upcoming' before it starts; 'running' until it
 * ends; then 'awaitingMarking' while written answers of submitted attempts wait for marks, else
 * 'readyToPublish' (publishable from publishableAt: the end and the grace period for late
 * submissions); 'published' once its results are (a practice exam's results are shown at once: it is
 * 'published' when it ends with nothing to mark).
 */
/** A calendar date as the schedule's address takes it: 'YYYY-MM-DD'. */
export const WEEK_DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

export const ScheduleState = Type.Union([
  Type.Literal('upcoming'),
  Type.Literal('running'),
  Type.Literal('awaitingMarking'),
  Type.Literal('readyToPublish'),
  Type.Literal('published'),
]);
export type ScheduleState = Static<typeof ScheduleState>;

/** An assignment of the week: as the desk's list has it (the marking desk opens it at /staff?assignment=<_id>), with its state and counts. */
export const ScheduleEntry = Type.Composite([
  Type.Pick(StaffAssignment, ['_id', 'exam', 'groupId', 'groupName', 'startsAt', 'endsAt', 'publishableAt', 'publishedAt']),
  Type.Object({
    state: ScheduleState,
    /** Students with an attempt (started), and of them those whose attempt is submitted. */
    started: Type.Integer({ minimum: 0 }),
    submitted: Type.Integer({ minimum: 0 }),
    /** Written answers of submitted attempts without marks (as the marking desk lists them). */
    unmarkedAnswers: Type.Integer({ minimum: 0 }),
    /** The batch's answer-key challenges of the exam (any status): the desk links to them as 'Challenges (N)'. */
    challenges: Type.Integer({ minimum: 0 }),
  }),
]);
export type ScheduleEntry = Static<typeof ScheduleEntry>;

export const StaffSchedule = Type.Object({
  /** The Monday of the week, 'YYYY-MM-DD'. */
  weekOf: Type.String(),
  /** Monday 00:00 and the next Monday 00:00 on the academy's clock. */
  startsAt: Type.String(),
  endsAt: Type.String(),
  /** The server's clock when the states were decided. */
  now: Type.String(),
  /** By start, then title. */
  assignments: Type.Array(ScheduleEntry),
});
export type StaffSchedule = Static<typeof StaffSchedule>;

export const StaffScheduleQuery = Type.Object(
  {
    /** Any date of the week; the current week when absent. */
    weekOf: Type.Optional(Type.String({ pattern: WEEK_DATE_PATTERN })),
    courseId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type StaffScheduleQuery = Static<typeof StaffScheduleQuery>;

export const staffScheduleContract = {
  schedule: {
    method: 'GET',
    url: staffPaths.schedule,
    config: { access: 'staff', staff: { course: 'course', from: 'query.courseId' } },
    // 400 for a weekOf that is no date ('2026-02-30').
    schema: { querystring: StaffScheduleQuery, response: { 200: Data(StaffSchedule), ...failures(401, { 400: ['invalidWeek'], 403: ['notYourCourse'], 404: ['courseNotFound'] }) } },
  },
} satisfies Record<string, RouteContract>;
