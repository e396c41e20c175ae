// An exam's submitted attempts scored again after a key decision, in the caller's transaction, with
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
// Reads: the results with the one answer each (one query), not every answer of the exam; planRegrade
// reads and scores without writing. Writes: only the results that change, staged in a temporary table
// (stageRegrade, server/db/bulk.ts; SQLite: 500 rows a statement) that the merit list's ranking reads, so
// one UPDATE writes each result's figures and places together, the detail spliced by the database
// itself, so the details never travel.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import { BULK_SQL_TYPES, withRows, type BulkColumn } from '../db/bulk.js';
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

/**
 * Lets the event loop take a turn. better-sqlite3 answers at once, so a chain of statements would
 * otherwise hold the server's thread to its end: between a regrade's reads other requests are served.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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
 * this file), else whole. GPA marks stay as taken. stageRegrade and fixMeritList write the plan.
 */
export async function planRegrade(
  db: Kysely<Database>, dialect: Dialect, exam: Exam, questions: QuestionRow[], before: ScorableQuestion, after: ScorableQuestion,
): Promise<RegradePlan> {
  const negativeMark = Number(exam.negative_mark);
  if (!sumsExactly(questions.map((q) => Number(q.point)), negativeMark)) {
    const whole = await scoreExamResults(db, exam, questions);
    return { results: whole.results, changed: whole.changed, rows: whole.rows.map(wholeRow) };
  }

  const rows = await db
    .selectFrom('results as r')
    .innerJoin('attempts as a', 'a.id', 'r.attempt_id')
    .leftJoin('answers as an', (join) => join.onRef('an.attempt_id', '=', 'r.attempt_id').on('an.question_id', '=', after.id))
    .select([
      'r.id', 'r.student_id', 'r.group_id', 'r.gpa_marks', 'r.marks_obtained', 'r.negative_marks', 'r.total_marks', 'r.correct', 'r.incorrect', 'r.skipped',
      'an.answer', 'an.extra', 'an.review_marks',
    ])
    .where('r.exam_id', '=', exam.id)
    .where('a.submitted_at', 'is not', null)
    .where('a.superseded_at', 'is', null)
    .execute();
  await nextTurn();
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
  const lacking = await withRows<{ id: string }, Database>(db, dialect, [{ name: 'id', type: 'text' }, { name: 'old_line', type: 'text' }], spliced.map((row) => [row.id, row.oldLine]), () =>
    `select v.id from v join results r on r.id = v.id where ${find} = 0`,
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

/** The table a regrade's new figures wait in, in its transaction, for the merit list to rank them before they are written. */
const STAGED = 'regrade_figures';
const STAGED_COLUMNS: BulkColumn[] = [...FIGURE_COLUMNS, { name: 'detail', type: 'text' }, { name: 'old_line', type: 'text' }, { name: 'new_line', type: 'text' }];
/** A staged result's figures and detail (alias nf), as fixMeritList sets them; a result not staged keeps its own. */
const SET_STAGED = sql.raw(
  [
    ...[...FIGURES, ...FLAGS].map((c) => `${c} = case when nf.id is null then results.${c} else nf.${c} end`),
    'detail = case when nf.id is null then results.detail when nf.detail is not null then nf.detail else replace(results.detail, nf.old_line, nf.new_line) end',
  ].join(', '),
);

/**
 * Stages a regrade's plan in the caller's transaction, for the merit list to rank the new figures and
 * write each result once, its figures and its places together (fixMeritList's `staged`, in
 * server/results/queries.ts); `done` drops the table after that.
 */
export async function stageRegrade(db: Kysely<Database>, dialect: Dialect, plan: RegradePlan): Promise<{ table: string; set: RawBuilder<unknown>; done: () => Promise<void> }> {
  const columns = STAGED_COLUMNS.map((c) => `${c.name} ${BULK_SQL_TYPES[c.type]}${c.name === 'id' ? ' primary key' : ''}`).join(', ');
  await sql.raw(`create temp table ${STAGED} (${columns})`).execute(db);
  const names = STAGED_COLUMNS.map((c) => c.name).join(', ');
  await withRows(db, dialect, STAGED_COLUMNS, plan.rows.map((row) => [...figuresOf(row), row.detail, row.oldLine, row.newLine]), () =>
    `insert into ${STAGED} (${names}) select ${names} from v`,
  );
  return {
    table: STAGED,
    set: SET_STAGED,
    done: async () => {
      await sql.raw(`drop table ${STAGED}`).execute(db);
    },
  };
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
