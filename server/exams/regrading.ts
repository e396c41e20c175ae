// An exam's submitted attempts scored again after a key decision, with
// the shared scoring module (src/domain/scoring.ts) as a submit or a mark scores them.
//
// One question's key moved, so only that question's line of each result can move: each attempt's answer
// to it is scored under the old and the new key (scoreQuestion), and where the two lines differ the
// result's figures become old − old line + new line (replaceQuestionScore) and its stored detail has the
// old line replaced by the new one. That is the whole-paper scoring exactly, because a stored result
// always holds the scoring of the exam's current questions (a submit, a mark and every regrade write it
// so, and a question or marking rule cannot change once students have started: server/import), and
// because the sums are exact when the points and the negative mark are multiples of 0.0001
// (sumsExactly). An exam whose points or negative mark have finer decimals is scored whole, as is any
// result whose detail does not hold the line the old key gives, or whose line waits for a teacher.
//
// Reads: the results with the one answer each (one query, off the server's thread on SQLite:
// server/db/engine/read-off-thread.ts), not every answer of the exam; planRegrade
// reads and scores without writing. Writes (docs/decisions.md, "The regrade in short writes"): a job row
// holds the exam (openRegradeJob); the new figures of the results that change are staged in
// `regrade_staged` (the detail as its old and new line, spliced by the database itself, so the details
// never travel), the merit list is ranked by them (stagedPlaces), the places, history lines and
// notifications are staged beside them, all in short transactions nobody else reads; the decision's
// transaction commits the regrade (markRegradeApplying), and applyRegradeJob writes each result's figures
// and places with its history line and notification, a few hundred results a transaction, so the
// single SQLite writer and the server's thread are never held long. A crash before the decision's commit
// leaves nothing seen (finishRegradeJobs clears the job); after it, the restart writes the rest.
import { sql, type Kysely } from 'kysely';
import type { Database, ResultPlaces } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import { nextTurn, SliceSizer, withRows, type BulkColumn } from '../db/bulk.js';
import type { OffThreadReads } from '../db/engine/read-off-thread.js';
import { serviceUnavailable } from '../errors.js';
import { newId } from '../ids.js';
import { readJson } from '../db/json.js';
import { replaceQuestionScore, roundMarks, scoreQuestion, sumsExactly, type QuestionScore, type ScorableQuestion } from '../../src/domain/scoring.js';
import type { AnswerValue } from '../../src/contracts/exams.js';
import { scoreColumns, scoreStored, type StoredAnswer } from './grading.js';
import { type Exam, type QuestionRow, questionsOfExam, selectionOfRow, servedQuestions } from './queries.js';

/** A result before and after a regrade of its exam. */
export interface RegradedResult {
  id: string;
  studentId: string;
  groupId: string;
  oldMarks: number;
  newMarks: number;
}

export interface Regraded {
  /** Submitted results read. */
  results: number;
  /** Those whose stored figures or detail changed. */
  changed: RegradedResult[];
}

/** Attempts scored whole between two turns of the event loop. */
const YIELD_EVERY = 200;


type Figures = Omit<ReturnType<typeof scoreColumns>, 'detail' | 'gpa_marks'>;
type WholeRow = Figures & { id: string; detail: string };

const FIGURES = ['marks_obtained', 'negative_marks', 'total_marks', 'correct', 'incorrect', 'skipped', 'overall_marks'] as const;
const FLAGS = ['passed', 'pending_review'] as const;
const FIGURE_COLUMNS: BulkColumn[] = [
  { name: 'id', type: 'text' },
  ...FIGURES.map((name): BulkColumn => ({ name, type: 'float8' })),
  ...FLAGS.map((name): BulkColumn => ({ name, type: 'int' })),
];
const figuresOf = (row: Figures & { id: string }) => [row.id, ...FIGURES.map((c) => row[c]), ...FLAGS.map((c) => row[c])];
/** The figures of `results` set from the rows `v`. */
const SET_FIGURES = [...FIGURES, ...FLAGS].map((c) => `${c} = v.${c}`).join(', ');

/** Writes whole scored results. */
async function writeWhole(db: Kysely<Database>, dialect: Dialect, rows: WholeRow[]): Promise<void> {
  await withRows(db, dialect, [...FIGURE_COLUMNS, { name: 'detail', type: 'text' }], rows.map((row) => [...figuresOf(row), row.detail]), () =>
    `update results set ${SET_FIGURES}, detail = v.detail from v where results.id = v.id`,
  );
}

/** A result's new figures with its new detail: whole, or the old line to replace by the new one. */
type PlannedRow = Figures & { id: string; detail: string | null; oldLine: string | null; newLine: string | null };

/** What a regrade will write, read and scored before anything is written (planRegrade). */
export interface RegradePlan {
  /** Submitted results read. */
  results: number;
  /** Those whose stored figures or detail change. */
  changed: RegradedResult[];
  /** The new figures and detail of each of them. */
  rows: PlannedRow[];
}

/**
 * Reads and scores a regrade without writing: every submitted attempt of the exam after the key of one
 * question moved from `before` to `after` (`questions`: the exam's questions with `after`'s key; `exam`:
 * with the full marks that key gives), by the one question's line where that is exact (see the top of
 * this file), else whole; the long read through `reads` (off the server's thread on SQLite). GPA marks
 * stay as taken. stageFigures and applyRegradeJob write the plan.
 */
export async function planRegrade(
  db: Kysely<Database>, dialect: Dialect, reads: OffThreadReads, exam: Exam, questions: QuestionRow[], before: ScorableQuestion, after: ScorableQuestion,
): Promise<RegradePlan> {
  const negativeMark = Number(exam.negative_mark);
  if (!sumsExactly(questions.map((q) => Number(q.point)), negativeMark)) {
    const whole = await scoreExamResults(db, exam, questions);
    return { results: whole.results, changed: whole.changed, rows: whole.rows.map(wholeRow) };
  }

  const rows = await reads.rows(
    db
      .selectFrom('results as r')
      .innerJoin('attempts as a', 'a.id', 'r.attempt_id')
      .leftJoin('answers as an', (join) => join.onRef('an.attempt_id', '=', 'r.attempt_id').on('an.question_id', '=', after.id))
      .select([
        'r.id', 'r.student_id', 'r.group_id', 'r.gpa_marks', 'r.marks_obtained', 'r.negative_marks', 'r.total_marks', 'r.correct', 'r.incorrect', 'r.skipped',
        'an.answer', 'an.extra', 'an.review_marks',
      ])
      .where('r.exam_id', '=', exam.id)
      .where('a.submitted_at', 'is not', null)
      .where('a.superseded_at', 'is', null),
  );
  const served = await servedTo(db, exam, questions, after.id);

  // The old and new line of each distinct answer (an MCQ has a handful), scored once.
  const lines = new Map<string, { old: QuestionScore; next: QuestionScore; oldLine: string; newLine: string } | null>();
  const linesOf = (answer: string | null, extra: string | null, review: number | null) => {
    const key = `${review}\u0000${extra}\u0000${answer}`;
    let known = lines.get(key);
    if (known === undefined) {
      const value = answer === null ? undefined : readJson<AnswerValue>(answer, []);
      const attachments = extra === null ? 0 : readJson<unknown[]>(extra, []).length;
      const old = scoreQuestion(before, value, negativeMark, attachments, review);
      const next = scoreQuestion(after, value, negativeMark, attachments, review);
      const oldLine = JSON.stringify(old);
      const newLine = JSON.stringify(next);
      known = oldLine === newLine ? null : { old, next, oldLine, newLine };
      lines.set(key, known);
    }
    return known;
  };

  const spliced: PlannedRow[] = [];
  const whole = new Set<string>();
  const changed = new Map<string, RegradedResult>();
  for (const row of rows) {
    if (served && !served(row.student_id)) continue;
    const moved = linesOf(row.answer, row.extra, row.review_marks === null ? null : Number(row.review_marks));
    if (!moved) continue;
    const { old, next } = moved;
    if (old.pendingReview || next.pendingReview) {
      whole.add(row.id);
      continue;
    }
    const totals = { marksObtained: Number(row.marks_obtained), negativeMarks: Number(row.negative_marks), totalMarks: Number(row.total_marks), correct: Number(row.correct), incorrect: Number(row.incorrect), skipped: Number(row.skipped) };
    const now = replaceQuestionScore(totals, old, next, exam.pass_mark);
    spliced.push({
      id: row.id,
      marks_obtained: now.marksObtained,
      negative_marks: now.negativeMarks,
      total_marks: now.totalMarks,
      correct: now.correct,
      incorrect: now.incorrect,
      skipped: now.skipped,
      passed: now.passed ? 1 : 0,
      pending_review: 0,
      overall_marks: roundMarks(now.marksObtained + Number(row.gpa_marks)),
      detail: null,
      oldLine: moved.oldLine,
      newLine: moved.newLine,
    });
    changed.set(row.id, { id: row.id, studentId: row.student_id, groupId: row.group_id, oldMarks: totals.marksObtained, newMarks: now.marksObtained });
  }

  // A result whose detail does not hold the line the old key gives is scored whole.
  await nextTurn();
  const find = dialect === 'sqlite' ? 'instr(r.detail, v.old_line)' : 'strpos(r.detail, v.old_line)';
  // A read over every changed result's detail: off the server's thread on SQLite, like the plan's.
  const lacking = await withRows<{ id: string }, Database>(
    db, dialect, [{ name: 'id', type: 'text' }, { name: 'old_line', type: 'text' }], spliced.map((row) => [row.id, row.oldLine]),
    () => `select v.id from v join results r on r.id = v.id where ${find} = 0`,
    reads,
  );
  for (const { id } of lacking) {
    changed.delete(id);
    whole.add(id);
  }
  const planned = spliced.filter((row) => !whole.has(row.id));
  if (whole.size > 0) {
    const scored = await scoreExamResults(db, exam, questions, whole);
    for (const result of scored.changed) changed.set(result.id, result);
    planned.push(...scored.rows.map(wholeRow));
  }
  return { results: rows.length, changed: [...changed.values()], rows: planned };
}

const wholeRow = (row: WholeRow): PlannedRow => ({ ...row, oldLine: null, newLine: null });

/** Besides its figures (stageFigures), what a regrade writes of a result it moves: new places (or none), its history line and its notification. */
export interface StagedResult {
  id: string;
  studentId: string;
  places: ResultPlaces | null;
  history: { oldMarks: number; newMarks: number; oldRank: number | null; newRank: number | null } | null;
  notice: { id: string; message: string; info: string } | null;
}

const PLACE_NAMES = ['merit_position', 'merit_rank', 'faculty_position', 'subject_position', 'category_position'] as const;
const STAGED_FIGURES: BulkColumn[] = [
  { name: 'result_id', type: 'text' }, { name: 'student_id', type: 'text' },
  ...FIGURE_COLUMNS.slice(1), { name: 'detail', type: 'text' }, { name: 'old_line', type: 'text' }, { name: 'new_line', type: 'text' },
];
const STAGED_REST: BulkColumn[] = [
  { name: 'result_id', type: 'text' }, { name: 'student_id', type: 'text' }, { name: 'places', type: 'int' }, ...PLACE_NAMES.map((name): BulkColumn => ({ name, type: 'int' })),
  { name: 'history', type: 'int' }, { name: 'old_marks', type: 'float8' }, { name: 'new_marks', type: 'float8' }, { name: 'old_rank', type: 'int' }, { name: 'new_rank', type: 'int' },
  { name: 'notice_id', type: 'text' }, { name: 'message', type: 'text' }, { name: 'info', type: 'text' },
];
const names = (columns: BulkColumn[]) => columns.map((c) => c.name).join(', ');

/**
 * Results staged, and written, a transaction: each slice is its own short write with a turn of the event
 * loop after it. SQLite's slices are sized by their time (SliceSizer: a few milliseconds each), since its
 * one writer and the server's thread are held while each runs, and a save waits for the slice before
 * it; PostgreSQL's hold neither, and each slice costs round trips.
 */
const sliceSizer = (dialect: Dialect, kind: 'stage' | 'apply') =>
  dialect === 'sqlite' ? new SliceSizer(kind === 'stage' ? 100 : 25, SQLITE_SLICE_MS, 5, 500) : fixed(kind === 'stage' ? 5000 : 2500);
const fixed = (rows: number) => new SliceSizer(rows, 1, rows, rows);
/** What one slice of a SQLite regrade may hold the server's thread and the writer for. */
const SQLITE_SLICE_MS = 4;

/**
 * Takes the exam for a regrade: a job row that marks, publications and other decisions of the exam see
 * and wait for (503) until the regrade is written. PostgreSQL: taken under the assignments' rows, as a
 * mark holds them, so a mark either committed before or sees the job. A job already there answers 503.
 */
export async function openRegradeJob(db: Kysely<Database>, dialect: Dialect, examId: string, at: string): Promise<string> {
  const id = newId();
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await trx.selectFrom('exam_assignments').select('id').where('exam_id', '=', examId).orderBy('id').forUpdate().execute();
    await assertNoRegradeJob(trx, examId);
    await trx.insertInto('regrade_jobs').values({ id, exam_id: examId, state: 'planning', created_at: at }).execute();
  });
  return id;
}

/** Refuses (503) a write to the exam's results or places while a regrade of it is being written. */
export async function assertNoRegradeJob(db: Kysely<Database>, examId: string): Promise<void> {
  const job = await db.selectFrom('regrade_jobs').select('id').where('exam_id', '=', examId).executeTakeFirst();
  if (job) throw serviceUnavailable('A regrade of this exam is being written. Try again in a moment.', 'serviceUnavailable');
}

/**
 * Stages what a regrade writes, in slices of short transactions nobody reads but the regrade: first the
 * new figures (for the merit list's ranking to read, stagedPlaces), then `finish` adds the places,
 * history lines and notifications of every result that moves. Until the decision's transaction commits
 * (markRegradeApplying) nothing of it is seen.
 */
export async function stageFigures(db: Kysely<Database>, dialect: Dialect, jobId: string, plan: RegradePlan): Promise<void> {
  const studentOf = new Map(plan.changed.map((c) => [c.id, c.studentId]));
  const rows = plan.rows.map((row) => [row.id, studentOf.get(row.id)!, ...figuresOf(row).slice(1), row.detail, row.oldLine, row.newLine]);
  await inSlices(db, sliceSizer(dialect, 'stage'), rows, (trx, slice) =>
    withRows(trx, dialect, STAGED_FIGURES, slice, (param) =>
      `insert into regrade_staged (job_id, figures, places, history, ${names(STAGED_FIGURES)}) select cast(${param(jobId)} as text), 1, 0, 0, ${names(STAGED_FIGURES)} from v`,
    ),
  );
}

export async function stageRest(db: Kysely<Database>, dialect: Dialect, jobId: string, staged: StagedResult[]): Promise<void> {
  const rows = staged.map((s) => [
    s.id, s.studentId, s.places ? 1 : 0, ...PLACE_NAMES.map((c) => s.places?.[c] ?? null),
    s.history ? 1 : 0, s.history?.oldMarks ?? null, s.history?.newMarks ?? null, s.history?.oldRank ?? null, s.history?.newRank ?? null,
    s.notice?.id ?? null, s.notice?.message ?? null, s.notice?.info ?? null,
  ]);
  const rest = STAGED_REST.filter((c) => c.name !== 'result_id' && c.name !== 'student_id').map((c) => `${c.name} = excluded.${c.name}`).join(', ');
  await inSlices(db, sliceSizer(dialect, 'stage'), rows, (trx, slice) =>
    // "where true": SQLite's upsert after a select needs it to tell the conflict clause from a join.
    withRows(trx, dialect, STAGED_REST, slice, (param) =>
      `insert into regrade_staged (job_id, figures, ${names(STAGED_REST)}) select cast(${param(jobId)} as text), 0, ${names(STAGED_REST)} from v where true
        on conflict (job_id, result_id) do update set ${rest}`,
    ),
  );
}

/**
 * Writes the rows a slice a transaction, each slice sized by the time the ones before took to run (the
 * wait for the writer and the COMMIT's sync, both off the thread, left out), with a turn of the event
 * loop between them.
 */
async function inSlices(db: Kysely<Database>, sizer: SliceSizer, rows: unknown[][], write: (trx: Kysely<Database>, slice: unknown[][]) => Promise<unknown>): Promise<void> {
  for (let at = 0; at < rows.length; ) {
    if (at > 0) await nextTurn();
    const slice = rows.slice(at, at + sizer.size);
    let took = 0;
    await db.transaction().execute(async (trx) => {
      const began = performance.now();
      await write(trx, slice);
      took = performance.now() - began;
    });
    sizer.took(slice.length, took);
    at += slice.length;
  }
}

/**
 * In the decision's transaction: from here the regrade is committed and the job only writes what it
 * staged (applyRegradeJob; after a crash, finishRegradeJobs at the start). False when the job is gone
 * (a restart of another process cleared it as abandoned): the decision must not commit.
 */
export async function markRegradeApplying(trx: Kysely<Database>, jobId: string): Promise<boolean> {
  const updated = await trx.updateTable('regrade_jobs').set({ state: 'applying' }).where('id', '=', jobId).where('state', '=', 'planning').executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** A job that will not commit: its row and what it staged go. */
export async function dropRegradeJob(db: Kysely<Database>, jobId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('regrade_staged').where('job_id', '=', jobId).execute();
    await trx.deleteFrom('regrade_jobs').where('id', '=', jobId).where('state', '=', 'planning').execute();
  });
}

/** A staged result's figures, detail and places, set on its result (alias s); what was not staged stays. */
const APPLY_SET = [
  ...[...FIGURES, ...FLAGS].map((c) => `${c} = case when s.figures = 1 then s.${c} else results.${c} end`),
  'detail = case when s.figures = 0 then results.detail when s.detail is not null then s.detail else replace(results.detail, s.old_line, s.new_line) end',
  ...PLACE_NAMES.map((c) => `${c} = case when s.places = 1 then s.${c} else results.${c} end`),
].join(', ');

/**
 * Writes what a committed regrade staged, APPLY_SLICE results a transaction (each result's figures,
 * places, history line and notification together), the event loop taking a turn between them, and
 * ends the job with its last slice. Several may run at once (a restart's and a request's, or two
 * processes'): each slice takes its rows as it deletes them (PostgreSQL: skipping rows another holds).
 */
export async function applyRegradeJob(db: Kysely<Database>, dialect: Dialect, jobId: string): Promise<void> {
  // In the order of the results' ids, each slice after the last: the index is read from there, not over
  // the rows already deleted (PostgreSQL keeps them in the index until a vacuum).
  let after = '';
  const sizer = sliceSizer(dialect, 'apply');
  for (let more = true; more; ) {
    let written = 0;
    let took = 0;
    more = await db.transaction().execute(async (trx) => {
      const began = performance.now();
      let next = trx.selectFrom('regrade_staged').select('result_id').where('job_id', '=', jobId).where('result_id', '>', after).orderBy('result_id').limit(sizer.size);
      if (dialect === 'postgres') next = next.forUpdate().skipLocked();
      const ids = (await next.execute()).map((r) => r.result_id);
      if (ids.length === 0 && after !== '') {
        after = '';
        return true;
      }
      if (ids.length === 0) {
        await trx.deleteFrom('regrade_jobs').where('id', '=', jobId).where('state', '=', 'applying').where(({ not, exists, selectFrom }) => not(exists(selectFrom('regrade_staged').select('result_id').where('job_id', '=', jobId)))).execute();
        return false;
      }
      // The range lets the index find the slice's rows; the list leaves out rows another writer holds in it.
      const these = sql`s.job_id = ${jobId} and s.result_id between ${ids[0]} and ${ids[ids.length - 1]} and s.result_id in (${sql.join(ids)})`;
      after = ids[ids.length - 1]!;
      await sql`update results set ${sql.raw(APPLY_SET)} from regrade_staged s where ${these} and results.id = s.result_id`.execute(trx);
      await sql`insert into regrade_changes (regrade_id, result_id, student_id, old_marks, new_marks, old_rank, new_rank)
        select s.job_id, s.result_id, s.student_id, s.old_marks, s.new_marks, s.old_rank, s.new_rank from regrade_staged s where ${these} and s.history = 1`.execute(trx);
      await sql`insert into notifications (id, type, message, info, created_at)
        select s.notice_id, 'notification', s.message, s.info, g.regraded_at from regrade_staged s join regrades g on g.id = s.job_id where ${these} and s.notice_id is not null`.execute(trx);
      await sql`insert into student_notifications (notification_id, student_id, is_seen, deleted_at)
        select s.notice_id, s.student_id, 0, null from regrade_staged s where ${these} and s.notice_id is not null`.execute(trx);
      await sql`delete from regrade_staged as s where ${these}`.execute(trx);
      // Up to here the slice held the thread (SQLite); its COMMIT's sync is waited for off it.
      written = ids.length;
      took = performance.now() - began;
      return true;
    });
    sizer.took(written, took);
    if (more) await nextTurn();
  }
}

/**
 * At the start of a process: a regrade committed before a crash is written to its end, and a job that
 * crashed before its decision committed is cleared with what it staged (nothing of it was seen).
 */
export async function finishRegradeJobs(db: Kysely<Database>, dialect: Dialect): Promise<number> {
  const jobs = await db.selectFrom('regrade_jobs').select(['id', 'state']).execute();
  for (const job of jobs) {
    if (job.state === 'applying') await applyRegradeJob(db, dialect, job.id);
    else await dropRegradeJob(db, job.id);
  }
  await db.deleteFrom('regrade_staged').where(({ not, exists, selectFrom }) => not(exists(selectFrom('regrade_jobs').select('id').whereRef('regrade_jobs.id', '=', 'regrade_staged.job_id')))).execute();
  return jobs.filter((job) => job.state === 'applying').length;
}

/** For a segmented exam, whether a student was served the question (by their chosen subjects); null when every student was. */
async function servedTo(db: Kysely<Database>, exam: Exam, questions: QuestionRow[], questionId: string): Promise<((studentId: string) => boolean) | null> {
  if (!exam.is_segmented) return null;
  const rows = await db.selectFrom('segmented_selections').selectAll().where('exam_id', '=', exam.id).execute();
  const students = new Set(rows.filter((row) => servedQuestions(exam, questions, selectionOfRow(row)).some((q) => q.id === questionId)).map((row) => row.student_id));
  return (studentId) => students.has(studentId);
}

/**
 * Scores every submitted attempt of the exam (or those of the given results) again, whole, from its
 * stored answers and teachers' marks with the exam's questions as they are now, and updates the results
 * that change; GPA marks stay as taken. The same scoring as a submit or a mark (scoreStored), read in
 * bulk: the results, the answers and the segmented selections in three queries.
 */
export async function regradeExamResults(db: Kysely<Database>, dialect: Dialect, exam: Exam, only?: ReadonlySet<string>): Promise<Regraded> {
  const { results, changed, rows } = await scoreExamResults(db, exam, await questionsOfExam(db, exam.id), only);
  await writeWhole(db, dialect, rows);
  return { results, changed };
}

/** Scores the exam's submitted attempts (or those of the given results) whole with `questions`, without writing: the results that change. */
async function scoreExamResults(db: Kysely<Database>, exam: Exam, questions: QuestionRow[], only?: ReadonlySet<string>): Promise<Regraded & { rows: WholeRow[] }> {
  const results = (
    await db
      .selectFrom('results as r')
      .innerJoin('attempts as a', 'a.id', 'r.attempt_id')
      .select([
        'r.id', 'r.attempt_id', 'r.student_id', 'r.group_id', 'r.gpa_marks', 'r.marks_obtained', 'r.negative_marks', 'r.total_marks', 'r.correct',
        'r.incorrect', 'r.skipped', 'r.passed', 'r.detail', 'r.pending_review', 'r.overall_marks',
      ])
      .where('r.exam_id', '=', exam.id)
      .where('a.submitted_at', 'is not', null)
      .where('a.superseded_at', 'is', null)
      .execute()
  ).filter((r) => !only || only.has(r.id));
  const answerRows = await db
    .selectFrom('answers as an')
    .innerJoin('results as r', 'r.attempt_id', 'an.attempt_id')
    .select(['an.attempt_id', 'an.question_id', 'an.answer', 'an.extra', 'an.review_marks'])
    .where('r.exam_id', '=', exam.id)
    .$if(only !== undefined && only.size <= 500, (q) => q.where('r.id', 'in', [...only!]))
    .execute();
  const answersOf = new Map<string, StoredAnswer[]>();
  for (const row of answerRows) {
    let list = answersOf.get(row.attempt_id);
    if (!list) answersOf.set(row.attempt_id, (list = []));
    list.push(row);
  }
  const selections = exam.is_segmented
    ? new Map((await db.selectFrom('segmented_selections').selectAll().where('exam_id', '=', exam.id).execute()).map((row) => [row.student_id, selectionOfRow(row)]))
    : null;

  const changed: RegradedResult[] = [];
  const updates: WholeRow[] = [];
  for (const [index, result] of results.entries()) {
    // Scoring thousands of attempts whole takes seconds of the thread: other requests are served between slices.
    if (index > 0 && index % YIELD_EVERY === 0) await nextTurn();
    const served = selections ? servedQuestions(exam, questions, selections.get(result.student_id) ?? null) : questions;
    const { gpa_marks: _gpa, ...columns } = scoreColumns(scoreStored(exam, served, answersOf.get(result.attempt_id) ?? []), Number(result.gpa_marks));
    const same =
      Number(result.marks_obtained) === columns.marks_obtained && Number(result.negative_marks) === columns.negative_marks && Number(result.total_marks) === columns.total_marks &&
      Number(result.correct) === columns.correct && Number(result.incorrect) === columns.incorrect && Number(result.skipped) === columns.skipped &&
      Number(result.passed) === columns.passed && Number(result.pending_review) === columns.pending_review && Number(result.overall_marks) === columns.overall_marks &&
      result.detail === columns.detail;
    if (same) continue;
    updates.push({ id: result.id, ...columns });
    changed.push({ id: result.id, studentId: result.student_id, groupId: result.group_id, oldMarks: Number(result.marks_obtained), newMarks: columns.marks_obtained });
  }
  return { results: results.length, changed, rows: updates };
}
