// The Today strip of the home screen (GET /exam/today): across the student's batches, the attempts
// running now, the live exams open now and not started, the next exams within a week, and the live
// results published in the last three days the student sat. Paths are relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { Data, failures, Nullable, type RouteContract } from './common';
import { examsPaths } from './paths';

/** How far ahead the next exams are looked for, and how long a published result counts as new. */
export const TODAY_WINDOWS = { upcomingDays: 7, publishedDays: 3, perKind: 3 } as const;

export const TodayExam = Type.Object({
  examId: Type.String(),
  groupId: Type.String(),
  title: Type.String(),
  courseId: Type.String(),
  isPracticeExam: Type.Boolean(),
  startsAt: Type.String(),
  endsAt: Type.String(),
  /** A running attempt's end on the server's clock; null otherwise. */
  deadlineAt: Nullable(Type.String()),
  /** When the result was published; null otherwise. */
  publishedAt: Nullable(Type.String()),
});
export type TodayExam = Static<typeof TodayExam>;

export const Today = Type.Object({
  /** The server's clock when answered: countdowns are reckoned from it. */
  serverNow: Type.String(),
  running: Type.Array(TodayExam),
  open: Type.Array(TodayExam),
  upcoming: Type.Array(TodayExam),
  published: Type.Array(TodayExam),
});
export type Today = Static<typeof Today>;

export const todayContract = {
  today: {
    method: 'GET',
    url: examsPaths.today,
    config: { access: 'student' },
    schema: { response: { 200: Data(Today), ...failures(401, 403) } },
  },
} satisfies Record<string, RouteContract>;
