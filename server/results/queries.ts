// Kysely queries of the results area. Ranks are computed by the database with window functions
// (RANK(): ties share a rank and the next rank skips, 1, 2, 2, 4), over the results students may
// see: every result of a practice exam, and a live exam's results once its batch's are published.
import { sql, type ExpressionBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { Database, ResultPlaces } from '../db/schema.js';
import type { OffThreadReads } from '../db/engine/read-off-thread.js';

/** The results students may see, joined with their attempt, assignment and exam (aliases r, a, ea, e). */
function visibleResults(db: Kysely<Database>) {
  return db
    .selectFrom('results as r')
    .innerJoin('attempts as a', 'a.id', 'r.attempt_id')
    .innerJoin('exam_assignments as ea', (join) => join.onRef('ea.exam_id', '=', 'r.exam_id').onRef('ea.group_id', '=', 'r.group_id'))
    .innerJoin('exams as e', 'e.id', 'r.exam_id')
    .where('a.superseded_at', 'is', null)
    .where('ea.removed_at', 'is', null)
    .where((eb) => eb.or([eb('e.is_practice', '=', 1), eb('ea.result_published', '=', 1)]));
}

/** What the merit list ranks by: the stored overall marks, or new ones a regrade staged beside them (`nf`, see stagedPlaces). */
const STORED_OVERALL = sql<number>`r.overall_marks`;
const STAGED_OVERALL = sql<number>`coalesce(nf.overall_marks, r.overall_marks)`;
/** RANK() over one exam's visible results by overall marks: the merit position. */
const meritRank = (overall = STORED_OVERALL) => sql<number>`rank() over (partition by r.exam_id order by ${overall} desc)`;
/** The same rank among the results that share a value of `column` (none for results without one). */
const positionWithin = (column: 'a.faculty' | 'a.subject_name' | 'a.candidate_category', overall: RawBuilder<number>) =>
  sql<number | null>`case when ${sql.ref(column)} is null then null else rank() over (partition by r.exam_id, ${sql.ref(column)} order by ${overall} desc) end`;

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

export interface MeritRowRecord {
  position: number;
  rank: number;
  student_id: string;
  name: string;
  subject_name: string | null;
  faculty: string | null;
  candidate_category: string | null;
  marks_obtained: number;
  negative_marks: number;
  incorrect: number;
  gpa_marks: number;
  overall_marks: number;
  faculty_position: number | null;
  subject_position: number | null;
  category_position: number | null;
  started_at: string;
  submitted_at: string;
}

/** A merit-list row with its places as numbers (PostgreSQL's counts arrive as bigint). */
function meritRecord<R extends { position: unknown; rank: unknown; faculty_position: unknown; subject_position: unknown; category_position: unknown }>(row: R) {
  return {
    ...row,
    position: Number(row.position),
    rank: Number(row.rank),
    faculty_position: numberOrNull(row.faculty_position),
    subject_position: numberOrNull(row.subject_position),
    category_position: numberOrNull(row.category_position),
  };
}

/**
 * Every visible result of the exams ranked by the window functions, with what a merit-list row shows;
 * with `stagedBy` (a regrade job's id), ranked by the overall marks the job staged where a result has
 * some (server/exams/regrading.ts).
 */
function rankedResults(db: Kysely<Database>, examIds: string[], stagedBy?: string) {
  const overall = stagedBy ? STAGED_OVERALL : STORED_OVERALL;
  return visibleResults(db)
    .innerJoin('students as s', 's.id', 'r.student_id')
    .$if(stagedBy !== undefined, (q) =>
      q.leftJoin(
        db.selectFrom('regrade_staged').select(['result_id as id', 'overall_marks']).where('job_id', '=', stagedBy!).where('figures', '=', 1).as('nf'),
        (join) => join.onRef('nf.id', '=', 'r.id'),
      ),
    )
    .where('r.exam_id', 'in', examIds)
    .select([
      'r.id',
      sql<number>`row_number() over (partition by r.exam_id order by ${overall} desc, s.name, r.id)`.as('position'),
      meritRank(overall).as('rank'),
      sql<number>`count(*) over (partition by r.exam_id)`.as('total'),
      'r.student_id',
      's.name',
      'a.subject_name',
      'a.faculty',
      'a.candidate_category',
      'r.marks_obtained',
      'r.negative_marks',
      'r.incorrect',
      'r.gpa_marks',
      'r.overall_marks',
      positionWithin('a.faculty', overall).as('faculty_position'),
      positionWithin('a.subject_name', overall).as('subject_position'),
      positionWithin('a.candidate_category', overall).as('category_position'),
      'a.started_at',
      sql<string>`a.submitted_at`.as('submitted_at'),
    ]);
}

/** Where a result's places are stored, and their column in the ranking. */
const PLACES = [
  ['merit_position', 'position'], ['merit_rank', 'rank'], ['faculty_position', 'faculty_position'], ['subject_position', 'subject_position'], ['category_position', 'category_position'],
] as const;
const PLACES_MOVED = sql.raw(PLACES.map(([column, place]) => `results.${column} is distinct from m.${place}`).join(' or '));

/**
 * Fixes a live exam's merit list when results are published: one statement ranks every published result
 * of the exam with the window functions and stores each place and rank on its result where they moved,
 * so reading the list is an index range, however many sit the exam, and a result whose places stay is
 * not written. Returns the results whose places moved, with their new rank.
 */
export async function fixMeritList(db: Kysely<Database>, examId: string): Promise<{ id: string; rank: number | null }[]> {
  const returned = await sql<{ id: string; merit_rank: number | null }>`update results set ${sql.raw(PLACES.map(([column, place]) => `${column} = m.${place}`).join(', '))}
      from ${rankedResults(db, [examId]).as('m')}
      where results.id = m.id and (${PLACES_MOVED})
      returning results.id, results.merit_rank`.execute(db);
  return returned.rows.map((row) => ({ id: row.id, rank: row.merit_rank === null ? null : Number(row.merit_rank) }));
}

/**
 * The places of every result in a live exam's merit list as the figures a regrade job staged make them
 * (the same ranking fixMeritList stores), read without writing (through `reads`, off the server's thread on
 * SQLite): the job writes them with its figures.
 */
export async function stagedPlaces(reads: OffThreadReads, db: Kysely<Database>, examId: string, jobId: string): Promise<Map<string, ResultPlaces>> {
  const rows = await reads.rows(db.selectFrom(rankedResults(db, [examId], jobId).as('m')).select(['m.id', 'm.position', 'm.rank', 'm.faculty_position', 'm.subject_position', 'm.category_position']));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        merit_position: numberOrNull(row.position),
        merit_rank: numberOrNull(row.rank),
        faculty_position: numberOrNull(row.faculty_position),
        subject_position: numberOrNull(row.subject_position),
        category_position: numberOrNull(row.category_position),
      },
    ]),
  );
}

/** A live exam's merit list as fixed at publication (aliases r, a, s), with what a merit-list row shows. */
function fixedMeritRows(db: Kysely<Database>, examId: string) {
  return db
    .selectFrom('results as r')
    .innerJoin('attempts as a', 'a.id', 'r.attempt_id')
    .innerJoin('students as s', 's.id', 'r.student_id')
    .select([
      'r.merit_position as position', 'r.merit_rank as rank', 'r.student_id', 's.name', 'a.subject_name', 'a.faculty', 'a.candidate_category', 'r.marks_obtained',
      'r.negative_marks', 'r.incorrect', 'r.gpa_marks', 'r.overall_marks', 'r.faculty_position', 'r.subject_position', 'r.category_position', 'a.started_at',
      sql<string>`a.submitted_at`.as('submitted_at'),
    ])
    .where('r.exam_id', '=', examId)
    .where('r.merit_position', 'is not', null);
}

export interface BatchMeritRecord extends MeritRowRecord {
  sid: string;
  group_name: string;
  passed: boolean;
  total_marks: number;
  written_marks: number | null;
}

/**
 * The merit-list rows of one batch's students, by place, with their places in the whole exam's list
 * exactly as the students' merit list reads them (a live exam's as fixed at publication, a practice
 * exam's ranked now), plus roll, batch, pass or fail and the teacher's marks of written answers. One
 * statement, however many sat the exam; `total` is every ranked result of the exam.
 */
export async function batchMeritRows(db: Kysely<Database>, exam: { id: string; is_practice: number }, groupId: string): Promise<{ rows: BatchMeritRecord[]; total: number }> {
  const written = (eb: ExpressionBuilder<Database & { rr: Database['results'] }, 'rr'>) =>
    eb.selectFrom('answers as an').select((inner) => inner.fn.sum<number | null>('an.review_marks').as('n')).whereRef('an.attempt_id', '=', 'rr.attempt_id').as('written_marks');
  const extras = ['ss.sid', 'g.name as group_name', 'rr.passed', 'rr.total_marks'] as const;
  let rows;
  let total: number;
  if (exam.is_practice === 1) {
    // Ranked now by the window functions over the whole exam, then the batch's rows kept.
    rows = await db
      .selectFrom(rankedResults(db, [exam.id]).as('m'))
      .innerJoin('results as rr', 'rr.id', 'm.id')
      .innerJoin('students as ss', 'ss.id', 'm.student_id')
      .innerJoin('groups as g', 'g.id', 'rr.group_id')
      .selectAll('m')
      .select([...extras, written])
      .where('rr.group_id', '=', groupId)
      .orderBy('m.position')
      .execute();
    total = rows.length ? Number(rows[0]!.total) : await meritListSize(db, exam.id);
  } else {
    // Fixed at publication: the batch's rows are an index range, and the exam's count another.
    rows = await fixedMeritRows(db, exam.id)
      .innerJoin('results as rr', 'rr.id', 'r.id')
      .innerJoin('students as ss', 'ss.id', 'r.student_id')
      .innerJoin('groups as g', 'g.id', 'r.group_id')
      .select([...extras, written])
      .where('r.group_id', '=', groupId)
      .orderBy('r.merit_position')
      .execute();
    total = await fixedMeritTotal(db, exam.id);
  }
  return {
    rows: rows.map((row) => ({
      ...meritRecord(row),
      passed: Number(row.passed) === 1,
      total_marks: Number(row.total_marks),
      written_marks: numberOrNull(row.written_marks),
    })),
    total,
  };
}

/**
 * One page of an exam's merit list (places after `after`, up to `limit`) and the row of `studentId`
 * wherever it falls. A live exam's list was fixed at publication and is read by place; a practice
 * exam's is ranked now by the window functions, the outer query keeping the page. Rows of a shared
 * rank are listed by name, then by result id.
 */
export async function meritListPage(db: Kysely<Database>, exam: { id: string; is_practice: number }, studentId: string, after: number, limit: number): Promise<{ rows: MeritRowRecord[]; total: number }> {
  if (exam.is_practice === 1) {
    const rows = await db
      .selectFrom(rankedResults(db, [exam.id]).as('m'))
      .selectAll()
      .where((eb) => eb.or([eb.and([eb('m.position', '>', after), eb('m.position', '<=', after + limit)]), eb('m.student_id', '=', studentId)]))
      .orderBy('m.position')
      .execute();
    return { rows: rows.map(meritRecord), total: rows.length ? Number(rows[0]!.total) : await meritListSize(db, exam.id) };
  }
  const rows = await fixedMeritRows(db, exam.id)
    .where((eb) => eb.or([eb.and([eb('r.merit_position', '>', after), eb('r.merit_position', '<=', after + limit)]), eb('r.student_id', '=', studentId)]))
    .orderBy('r.merit_position')
    .execute();
  return { rows: rows.map(meritRecord), total: await fixedMeritTotal(db, exam.id) };
}

/** How many results a live exam's fixed merit list holds. */
async function fixedMeritTotal(db: Kysely<Database>, examId: string): Promise<number> {
  const total = await db
    .selectFrom('results')
    .select((eb) => eb.fn.count<number>('merit_position').as('n'))
    .where('exam_id', '=', examId)
    .where('merit_position', 'is not', null)
    .executeTakeFirst();
  return Number(total?.n ?? 0);
}

/** How many results a practice exam's merit list holds (for a page past the end, which the page query cannot count). */
async function meritListSize(db: Kysely<Database>, examId: string): Promise<number> {
  const row = await visibleResults(db).where('r.exam_id', '=', examId).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The merit positions of practice results, each ranked now within its exam's results. */
export async function meritRanks(db: Kysely<Database>, examIds: string[], resultIds: string[]): Promise<Map<string, number>> {
  if (examIds.length === 0 || resultIds.length === 0) return new Map();
  const ranked = visibleResults(db).where('r.exam_id', 'in', [...new Set(examIds)]).select(['r.id', meritRank().as('rank')]);
  const rows = await db.selectFrom(ranked.as('m')).select(['m.id', 'm.rank']).where('m.id', 'in', resultIds).execute();
  return new Map(rows.map((row) => [row.id, Number(row.rank)]));
}

/** A student's visible results, optionally of one course. */
function studentResults(db: Kysely<Database>, studentId: string, courseId: string | undefined) {
  const query = visibleResults(db).where('r.student_id', '=', studentId);
  return courseId ? query.where('e.course_id', '=', courseId) : query;
}

/**
 * The per-question lines of the student's newest visible results (of one course when given), newest
 * submission first, with each question's subject (the question's own, else its exam's): what the
 * strength per subject is summed from. Unpublished live results are never visible, so never counted.
 */
export async function newestResultLines(db: Kysely<Database>, studentId: string, courseId: string | undefined, limit: number) {
  const results = await studentResults(db, studentId, courseId)
    .select(['r.id', 'r.exam_id', 'r.detail', 'e.subject_id'])
    .orderBy('a.submitted_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .execute();
  const examIds = [...new Set(results.map((r) => r.exam_id))];
  const questions = examIds.length
    ? await db.selectFrom('questions').select(['id', 'subject_id']).where('exam_id', 'in', examIds).execute()
    : [];
  return { results, questionSubjects: new Map(questions.map((q) => [q.id, q.subject_id])) };
}

/**
 * The student's visible results, newest first (by when each was scored, then by id: a stable order
 * in which `after` continues exactly after the row it names). `limit` null reads them all.
 */
export async function scoreboardRows(
  db: Kysely<Database>,
  studentId: string,
  options: { courseId?: string; after?: { createdAt: string; id: string } | null; limit: number | null },
) {
  let query = studentResults(db, studentId, options.courseId)
    .leftJoin('courses as c', 'c.id', 'e.course_id')
    .leftJoin('groups as g', 'g.id', 'r.group_id')
    .select([
      'r.id', 'r.exam_id', 'e.title', 'e.total_marks as exam_total_marks', 'e.pass_mark', 'e.course_id', 'c.name as course_name', 'r.group_id',
      'g.name as group_name', 'e.is_practice', 'e.gpa_factor', 'a.started_at', sql<string>`a.submitted_at`.as('submitted_at'), 'r.marks_obtained',
      'r.negative_marks', 'r.total_marks', 'r.passed', 'r.gpa_marks', 'r.overall_marks', 'r.merit_rank', 'r.created_at',
    ]);
  const after = options.after;
  if (after) {
    query = query.where((eb) => eb.or([eb('r.created_at', '<', after.createdAt), eb.and([eb('r.created_at', '=', after.createdAt), eb('r.id', '<', after.id)])]));
  }
  query = query.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc');
  if (options.limit !== null) query = query.limit(options.limit);
  return query.execute();
}
export type ScoreboardRecord = Awaited<ReturnType<typeof scoreboardRows>>[number];

/** Where a scoreboard page continues: the named result, if it is still one of the student's. */
export async function scoreboardCursor(db: Kysely<Database>, studentId: string, resultId: string): Promise<{ createdAt: string; id: string } | null> {
  const row = await db.selectFrom('results').select(['id', 'created_at']).where('id', '=', resultId).where('student_id', '=', studentId).executeTakeFirst();
  return row ? { createdAt: row.created_at, id: row.id } : null;
}

export interface ScoreboardTotals {
  exams: number;
  passed: number;
  highest: number | null;
  lowest: number | null;
  average: number | null;
  obtained: number;
  total: number;
}

/** The summary figures over the student's visible results, aggregated by the database. */
export async function scoreboardTotals(db: Kysely<Database>, studentId: string, courseId: string | undefined): Promise<ScoreboardTotals> {
  const row = await studentResults(db, studentId, courseId)
    .select((eb) => [
      eb.fn.countAll<number>().as('exams'),
      eb.fn.sum<number | null>('r.passed').as('passed'),
      eb.fn.max<number | null>('r.marks_obtained').as('highest'),
      eb.fn.min<number | null>('r.marks_obtained').as('lowest'),
      eb.fn.avg<number | null>('r.marks_obtained').as('average'),
      eb.fn.sum<number | null>('r.marks_obtained').as('obtained'),
      eb.fn.sum<number | null>('r.total_marks').as('total'),
    ])
    .executeTakeFirst();
  return {
    exams: Number(row?.exams ?? 0),
    passed: numberOrNull(row?.passed) ?? 0,
    highest: numberOrNull(row?.highest),
    lowest: numberOrNull(row?.lowest),
    average: numberOrNull(row?.average),
    obtained: numberOrNull(row?.obtained) ?? 0,
    total: numberOrNull(row?.total) ?? 0,
  };
}

/** The student's groups with their courses, for the scoreboard's heading and course filter. */
export function groupsOfStudent(db: Kysely<Database>, studentId: string) {
  return db
    .selectFrom('group_members as gm')
    .innerJoin('groups as g', 'g.id', 'gm.group_id')
    .leftJoin('courses as c', 'c.id', 'g.course_id')
    .select(['g.id', 'g.name', 'g.course_id', 'c.name as course_name'])
    .where('gm.student_id', '=', studentId)
    .orderBy('c.position')
    .orderBy('g.name')
    .execute();
}

export function resultOfAttempt(db: Kysely<Database>, attemptId: string) {
  return db.selectFrom('results').selectAll().where('attempt_id', '=', attemptId).executeTakeFirst();
}

/** The answers of an attempt with the teacher's marks and comments. */
export function answersWithReviews(db: Kysely<Database>, attemptId: string) {
  return db.selectFrom('answers').select(['question_id', 'answer', 'extra', 'review_marks', 'review_comment']).where('attempt_id', '=', attemptId).execute();
}

/**
 * Whether the student belongs to a batch the exam is given to (and not removed from), and whether
 * the results of one such batch are published.
 */
export async function examOfStudent(db: Kysely<Database>, studentId: string, examId: string): Promise<{ published: boolean } | null> {
  const rows = await db
    .selectFrom('exam_assignments as ea')
    .innerJoin('group_members as gm', 'gm.group_id', 'ea.group_id')
    .select('ea.result_published')
    .where('ea.exam_id', '=', examId)
    .where('gm.student_id', '=', studentId)
    .where('ea.removed_at', 'is', null)
    .execute();
  if (rows.length === 0) return null;
  return { published: rows.some((row) => Number(row.result_published) === 1) };
}
