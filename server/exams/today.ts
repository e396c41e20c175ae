// The Today strip's exams (contract: src/contracts/today.ts): four small queries over the student's
// batches, each bounded (a few rows of a week's window), whatever the academy's size.
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { TODAY_WINDOWS, type Today, type TodayExam } from '../../src/contracts/today.js';

const DAY_MS = 24 * 60 * 60_000;

interface Row {
  exam_id: string;
  group_id: string;
  title: string;
  course_id: string;
  is_practice: number | boolean;
  starts_at: string;
  ends_at: string;
  deadline_at?: string | null;
  published_at?: string | null;
}

const todayExam = (row: Row): TodayExam => ({
  examId: row.exam_id,
  groupId: row.group_id,
  title: row.title,
  courseId: row.course_id,
  isPracticeExam: Boolean(row.is_practice),
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  deadlineAt: row.deadline_at ?? null,
  publishedAt: row.published_at ?? null,
});

/** The exams of the student's batches (not removed), with the exam's title and course. */
function assignmentsOf(db: Kysely<Database>, studentId: string) {
  return db
    .selectFrom('exam_assignments as ea')
    .innerJoin('group_members as gm', 'gm.group_id', 'ea.group_id')
    .innerJoin('exams as e', 'e.id', 'ea.exam_id')
    .where('gm.student_id', '=', studentId)
    .where('ea.removed_at', 'is', null)
    .select(['ea.exam_id', 'ea.group_id', 'e.title', 'e.course_id', 'e.is_practice', 'ea.starts_at', 'ea.ends_at']);
}

/** The student's current attempts at the assignment of the outer query (its `ea`). */
function attemptsAtAssignment(eb: ExpressionBuilder<Database & { ea: Database['exam_assignments'] }, 'ea'>, studentId: string) {
  return eb
    .selectFrom('attempts as a')
    .select('a.id')
    .whereRef('a.exam_id', '=', 'ea.exam_id')
    .whereRef('a.group_id', '=', 'ea.group_id')
    .where('a.student_id', '=', studentId)
    .where('a.superseded_at', 'is', null);
}

export async function todayOf(db: Kysely<Database>, studentId: string, now: Date): Promise<Today> {
  const at = now.toISOString();
  const limit = TODAY_WINDOWS.perKind;
  const [running, open, upcoming, published] = await Promise.all([
    // An attempt started and not submitted whose time is not over.
    assignmentsOf(db, studentId)
      .innerJoin('attempts as a', (join) => join.onRef('a.exam_id', '=', 'ea.exam_id').onRef('a.group_id', '=', 'ea.group_id'))
      .where('a.student_id', '=', studentId)
      .where('a.submitted_at', 'is', null)
      .where('a.superseded_at', 'is', null)
      .where('a.deadline_at', '>', at)
      .select('a.deadline_at')
      .orderBy('a.deadline_at')
      .limit(limit)
      .execute(),
    // A live exam open now that the student has not started.
    assignmentsOf(db, studentId)
      .where('e.is_practice', '=', 0)
      .where('ea.starts_at', '<=', at)
      .where('ea.ends_at', '>', at)
      .where((eb) => eb.not(eb.exists(attemptsAtAssignment(eb, studentId))))
      .orderBy('ea.ends_at')
      .limit(limit)
      .execute(),
    // The next live exams within the week.
    assignmentsOf(db, studentId)
      .where('e.is_practice', '=', 0)
      .where('ea.starts_at', '>', at)
      .where('ea.starts_at', '<=', new Date(now.getTime() + TODAY_WINDOWS.upcomingDays * DAY_MS).toISOString())
      .orderBy('ea.starts_at')
      .limit(limit)
      .execute(),
    // Live results published in the last days, of exams the student submitted.
    assignmentsOf(db, studentId)
      .where('e.is_practice', '=', 0)
      .where('ea.result_published', '=', 1)
      .where('ea.published_at', '>', new Date(now.getTime() - TODAY_WINDOWS.publishedDays * DAY_MS).toISOString())
      .where((eb) => eb.exists(attemptsAtAssignment(eb, studentId).where('a.submitted_at', 'is not', null)))
      .select('ea.published_at')
      .orderBy('ea.published_at', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return { serverNow: at, running: running.map(todayExam), open: open.map(todayExam), upcoming: upcoming.map(todayExam), published: published.map(todayExam) };
}
