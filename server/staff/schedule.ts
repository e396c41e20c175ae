// The teacher desk's week (contract: src/contracts/staffSchedule.ts): the exam assignments of the
// courses a staff member acts on that run at some time in a week, each in one state. Three queries
// whatever the number of exams: the week's assignments, their attempts counted per exam and batch, and
// their unmarked written answers, each a grouped read down an index (migration 0015).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { readJson } from '../db/json.js';
import { badRequest, notFound } from '../errors.js';
import { staffScheduleContract, type ScheduleEntry, type ScheduleState, type StaffSchedule } from '../../src/contracts/staffSchedule.js';
import type { AnswerValue } from '../../src/contracts/exams.js';
import { weekOfDate, weekOfTime, type AcademyWeek } from '../../src/domain/academyWeek.js';
import { toMs } from '../../src/domain/examTiming.js';
import { isAnswered } from '../../src/domain/scoring.js';
import { assignmentHead } from '../results/marking.js';
import { challengeCounts } from '../results/challengeCounts.js';
import { coursesOf } from './access.js';

const WRITTEN = ['shortAns', 'paragraph'] as const;

export const scheduleErrors = {
  notADate: () => badRequest('That week is not on the calendar.', 'invalidWeek', 'Give a date of the week as YYYY-MM-DD, for example 2026-11-26.'),
  courseNotFound: () => notFound('Course not found', 'courseNotFound'),
};

export interface ScheduleInput {
  week: AcademyWeek;
  /** Only these courses (a teacher's); every course when null. */
  courseIds: string[] | null;
  now: Date;
  graceSeconds: number;
}

const pairKey = (examId: string, groupId: string) => `${examId}:${groupId}`;

/** Where an assignment stands at `now` (see ScheduleState). */
function stateOf(row: { starts_at: string; ends_at: string; result_published: number; is_practice: number }, unmarked: number, now: number): ScheduleState {
  if (Number(row.result_published) === 1) return 'published';
  if (now < toMs(row.starts_at)) return 'upcoming';
  if (now < toMs(row.ends_at)) return 'running';
  if (unmarked > 0) return 'awaitingMarking';
  return Number(row.is_practice) === 1 ? 'published' : 'readyToPublish';
}

export async function staffSchedule(db: Kysely<Database>, input: ScheduleInput): Promise<StaffSchedule> {
  const { week, courseIds, now, graceSeconds } = input;
  const schedule = { weekOf: week.weekOf, startsAt: week.startsAt, endsAt: week.endsAt, now: now.toISOString() };
  if (courseIds?.length === 0) return { ...schedule, assignments: [] };
  let query = db
    .selectFrom('exam_assignments as ea')
    .innerJoin('exams as e', 'e.id', 'ea.exam_id')
    .innerJoin('groups as g', 'g.id', 'ea.group_id')
    .leftJoin('courses as c', 'c.id', 'e.course_id')
    .select(['ea.id', 'ea.exam_id', 'ea.group_id', 'ea.starts_at', 'ea.ends_at', 'ea.result_published', 'ea.published_at', 'e.title', 'e.is_practice', 'e.course_id', 'c.name as course_name', 'g.name as group_name'])
    .where('ea.removed_at', 'is', null)
    .where('ea.starts_at', '<', week.endsAt)
    .where('ea.ends_at', '>', week.startsAt);
  if (courseIds) query = query.where('e.course_id', 'in', courseIds);
  const rows = await query.orderBy('ea.starts_at').orderBy('e.title').orderBy('ea.id').execute();
  if (rows.length === 0) return { ...schedule, assignments: [] };

  const examIds = [...new Set(rows.map((r) => r.exam_id))];
  const [attempts, unmarkedRows, challenges] = await Promise.all([
    db
      .selectFrom('attempts as a')
      .select((eb) => [
        'a.exam_id',
        'a.group_id',
        eb.fn.count<number | string>('a.student_id').distinct().as('started'),
        eb.fn.count<number | string>(eb.case().when(eb.and([eb('a.superseded_at', 'is', null), eb('a.submitted_at', 'is not', null)])).then(eb.ref('a.student_id')).end()).distinct().as('submitted'),
      ])
      .where('a.exam_id', 'in', examIds)
      .groupBy(['a.exam_id', 'a.group_id'])
      .execute(),
    // Results still pending review hold every unmarked written answer (src/domain/scoring.ts); an
    // answer counts as the marking desk counts it (text or a file), hence isAnswered below.
    db
      .selectFrom('results as r')
      .innerJoin('attempts as a', 'a.id', 'r.attempt_id')
      .innerJoin('answers as an', 'an.attempt_id', 'r.attempt_id')
      .innerJoin('questions as q', 'q.id', 'an.question_id')
      .select(['r.exam_id', 'r.group_id', 'q.type', 'an.answer', 'an.extra'])
      .where('r.exam_id', 'in', examIds)
      .where('r.pending_review', '=', 1)
      .where('a.superseded_at', 'is', null)
      .where('an.review_marks', 'is', null)
      .where('q.type', 'in', WRITTEN)
      .execute(),
    challengeCounts(db, examIds),
  ]);
  const counted = new Map(attempts.map((r) => [pairKey(r.exam_id, r.group_id), { started: Number(r.started), submitted: Number(r.submitted) }]));
  const unmarked = new Map<string, number>();
  for (const row of unmarkedRows) {
    if (!isAnswered(row.type, 0, readJson<AnswerValue>(row.answer, []), readJson<unknown[]>(row.extra, []).length)) continue;
    const key = pairKey(row.exam_id, row.group_id);
    unmarked.set(key, (unmarked.get(key) ?? 0) + 1);
  }
  const nowMs = now.getTime();
  const assignments = rows.map((row): ScheduleEntry => {
    const key = pairKey(row.exam_id, row.group_id);
    const unmarkedAnswers = unmarked.get(key) ?? 0;
    return {
      ...assignmentHead(row, graceSeconds),
      state: stateOf(row, unmarkedAnswers, nowMs),
      started: counted.get(key)?.started ?? 0,
      submitted: counted.get(key)?.submitted ?? 0,
      unmarkedAnswers,
      challenges: challenges.get(key) ?? 0,
    };
  });
  return { ...schedule, assignments };
}

/** The week asked for (this week by default) of the staff member's courses, or of one course they teach. */
export async function weekOfDesk(app: FastifyInstance, staff: FastifyRequest['staff'], query: { weekOf?: string; courseId?: string }) {
  const { weekOf, courseId } = query;
  const week = weekOf === undefined ? weekOfTime(app.clock.now()) : weekOfDate(weekOf);
  if (!week) throw scheduleErrors.notADate();
  let courseIds = await coursesOf(app.db, staff);
  if (courseId) {
    if (!(await app.db.selectFrom('courses').select('id').where('id', '=', courseId).executeTakeFirst())) throw scheduleErrors.courseNotFound();
    courseIds = [courseId];
  }
  return staffSchedule(app.db, { week, courseIds, now: app.clock.now(), graceSeconds: app.config.examGraceSeconds });
}

export async function scheduleRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...staffScheduleContract.schedule, handler: async (request) => {
    return { data: await weekOfDesk(app, request.staff, request.query) };
  } });
}
