// Kysely queries of the exam area: a student's assignments, the exam context of one request, questions
// as served to one student, attempts, saved answers and segmented selections.
import { PostgresAdapter, sql, type Kysely, type Selectable } from 'kysely';
import type { AnswersTable, AttemptsTable, Database, Flag, ExamAssignmentsTable, ExamsTable, QuestionsTable, SegmentedSelectionsTable } from '../db/schema.js';
import { readJson, writeJson } from '../db/json.js';
import { pipelinedStatementStarts, preparedQuery } from '../db/engine/prepared.js';
import { perDatabase } from '../db/per-database.js';
import { newerAnswerWins } from '../db/newer-answer.js';
import { rememberBounded } from '../bounded-memory.js';
import type { AnswerValue, Attachment, PublicQuestion, SavedAnswer, SegmentedExamDetails, SegmentedSelection } from '../../src/contracts/exams.js';
import type { ScorableQuestion } from '../../src/domain/scoring.js';
import { SUBJECT_GROUPS } from '../../src/domain/segmentedSelection.js';

export type Exam = Selectable<ExamsTable>;
export type Assignment = Selectable<ExamAssignmentsTable>;
export type Attempt = Selectable<AttemptsTable>;
export type QuestionRow = Selectable<QuestionsTable>;

/** Everything one exam request needs to decide: the assignment, the exam, membership and attempt. */
export interface ExamContext {
  exam: Exam;
  assignment: Assignment;
  isMember: boolean;
  /** The student's current attempt (newest round, not superseded), if any. */
  attempt: Attempt | null;
  /** The saved answers of that attempt, when read with the context (the paper). */
  savedAnswers?: { attemptId: string; answers: SavedAnswer[] };
}

/** The assignment (prefixed a_ where names clash) and its exam, as both look-ups below read them. */
const ASSIGNMENT_WITH_EXAM = [
      'ea.id as a_id', 'ea.exam_id as a_exam_id', 'ea.group_id as a_group_id', 'ea.starts_at', 'ea.ends_at', 'ea.duration', 'ea.cut_marks',
      'ea.multiple_times_submission', 'ea.result_published', 'ea.published_at', 'ea.removed_at', 'ea.challenge_closes_at',
      'e.id', 'e.title', 'e.course_id', 'e.subject_id', 'e.is_practice', 'e.is_segmented', 'e.instruction', 'e.total_marks', 'e.pass_mark',
      'e.negative_mark', 'e.segmented_details', 'e.gpa_factor', 'e.created_at', 'e.challenge_hours',
] as const;

type AssignmentWithExamRow = { a_id: string; a_exam_id: string; a_group_id: string } & Omit<Selectable<ExamAssignmentsTable>, 'id' | 'exam_id' | 'group_id'> & Selectable<ExamsTable>;

/** Splits a row read with ASSIGNMENT_WITH_EXAM back into the assignment and the exam. */
function splitAssignmentRow(row: AssignmentWithExamRow) {
  return {
    assignment: {
      id: row.a_id, exam_id: row.a_exam_id, group_id: row.a_group_id, starts_at: row.starts_at, ends_at: row.ends_at, duration: row.duration,
      cut_marks: row.cut_marks, multiple_times_submission: row.multiple_times_submission, result_published: row.result_published,
      published_at: row.published_at, removed_at: row.removed_at, challenge_closes_at: row.challenge_closes_at,
    },
    exam: {
      id: row.id, title: row.title, course_id: row.course_id, subject_id: row.subject_id, is_practice: row.is_practice, is_segmented: row.is_segmented,
      instruction: row.instruction, total_marks: row.total_marks, pass_mark: row.pass_mark, negative_mark: row.negative_mark,
      segmented_details: row.segmented_details, gpa_factor: row.gpa_factor, created_at: row.created_at, challenge_hours: row.challenge_hours,
    },
  };
}

// The queries of every exam request (the opening storm, answer saves, submits) are compiled once: server/db/engine/prepared.ts.
/** The attempt's columns, prefixed t_, as the context look-up reads them beside the assignment. */
const ATTEMPT_COLUMNS = [
  't.id as t_id', 't.started_at as t_started_at', 't.deadline_at as t_deadline_at', 't.submitted_at as t_submitted_at', 't.set_code as t_set_code',
  't.candidate_category as t_candidate_category', 't.faculty as t_faculty', 't.subject_name as t_subject_name', 't.round as t_round',
  't.superseded_at as t_superseded_at', 't.live as t_live',
] as const;

// One statement for the whole context: the assignment, its exam, the membership and the current attempt
// (newest round, not superseded), and for the paper the attempt's saved answers too. On PostgreSQL each
// statement is a round trip of the server's thread. The attempt is joined by equalities on its
// (exam, batch, student) index, so every plan looks it up there: joined on `t.id = (the newest round's
// id)`, a plan PostgreSQL made while the table was nearly empty read the whole table at every opening,
// and a connection keeps its plan (docs/performance.md, "PostgreSQL per process").
const contextQuery = (withAnswers: boolean) =>
  preparedQuery((db: Kysely<Database>, { studentId, examId, groupId }: { studentId: string; examId: string; groupId: string }) =>
    db
      .selectFrom('exam_assignments as ea')
      .innerJoin('exams as e', 'e.id', 'ea.exam_id')
      .leftJoin('group_members as gm', (join) => join.onRef('gm.group_id', '=', 'ea.group_id').on('gm.student_id', '=', studentId))
      .leftJoin('attempts as t', (join) =>
        join
          .onRef('t.exam_id', '=', 'ea.exam_id')
          .onRef('t.group_id', '=', 'ea.group_id')
          .on('t.student_id', '=', studentId)
          .on('t.superseded_at', 'is', null)
          .on((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('attempts as c')
                  .select('c.id')
                  .whereRef('c.exam_id', '=', 't.exam_id')
                  .whereRef('c.group_id', '=', 't.group_id')
                  .whereRef('c.student_id', '=', 't.student_id')
                  .where('c.superseded_at', 'is', null)
                  .whereRef('c.round', '>', 't.round'),
              ),
            ),
          ),
      )
      .select([...ASSIGNMENT_WITH_EXAM, 'gm.student_id as member', ...ATTEMPT_COLUMNS])
      .select(withAnswers ? answersOfContextAttempt(db).as('t_answers') : sql<null>`null`.as('t_answers'))
      .where('ea.exam_id', '=', examId)
      .where('ea.group_id', '=', groupId),
  );
const contextOf = { plain: contextQuery(false), withAnswers: contextQuery(true) };

/** The saved answers of the context's attempt as one JSON array of [question, answer, extra, index, timestamp]. */
function answersOfContextAttempt(db: Kysely<Database>) {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<unknown>`(select coalesce(json_agg(json_build_array(s.question_id, s.answer, s.extra, s.answer_index, s.client_timestamp)), '[]') from answers s where s.attempt_id = t.id)`
    : sql<unknown>`(select json_group_array(json_array(s.question_id, s.answer, s.extra, s.answer_index, s.client_timestamp)) from answers s where s.attempt_id = t.id)`;
}

function savedAnswersFromJson(value: unknown): SavedAnswer[] {
  const rows = (typeof value === 'string' ? JSON.parse(value) : value) as [string, string, string, number | null, number][];
  return rows.map(([questionId, answer, extra, answerIndex, timestamp]) => ({
    questionId,
    answer: readJson<AnswerValue>(answer, []),
    extra: readJson<Attachment[]>(extra, []),
    answerIndex,
    timestamp: Number(timestamp),
  }));
}

/** The exam context; `withAnswers` reads the attempt's saved answers in the same statement (the paper shows them). */
export async function loadExamContext(db: Kysely<Database>, studentId: string, examId: string, groupId: string, withAnswers = false): Promise<ExamContext | null> {
  const row = await (withAnswers ? contextOf.withAnswers : contextOf.plain).first(db, { studentId, examId, groupId });
  if (!row) return null;
  const isMember = row.member !== null && row.member !== undefined;
  const attempt: Attempt | null =
    isMember && row.t_id !== null
      ? {
          id: row.t_id, exam_id: examId, group_id: groupId, student_id: studentId, started_at: row.t_started_at!, deadline_at: row.t_deadline_at!,
          submitted_at: row.t_submitted_at, set_code: row.t_set_code, candidate_category: row.t_candidate_category, faculty: row.t_faculty,
          subject_name: row.t_subject_name, round: row.t_round!, superseded_at: row.t_superseded_at, live: row.t_live!,
        }
      : null;
  const context: ExamContext = { ...splitAssignmentRow(row), isMember, attempt };
  if (attempt && withAnswers) context.savedAnswers = { attemptId: attempt.id, answers: savedAnswersFromJson(row.t_answers) };
  return context;
}

const currentAttemptRow = preparedQuery(
  (db: Kysely<Database>, { examId, groupId, studentId }: { examId: string; groupId: string; studentId: string }) =>
    db
      .selectFrom('attempts')
      .selectAll()
      .where('exam_id', '=', examId)
      .where('group_id', '=', groupId)
      .where('student_id', '=', studentId)
      .where('superseded_at', 'is', null)
      .orderBy('round', 'desc'),
);

export async function currentAttempt(db: Kysely<Database>, examId: string, groupId: string, studentId: string): Promise<Attempt | null> {
  return (await currentAttemptRow.first(db, { examId, groupId, studentId })) ?? null;
}

/** The groups of a student that an exam is assigned to (removed assignments included), newest first. */
export async function assignmentsOfExamForStudent(db: Kysely<Database>, studentId: string, examId: string, courseId?: string): Promise<Assignment[]> {
  let query = db
    .selectFrom('exam_assignments as ea')
    .innerJoin('group_members as gm', 'gm.group_id', 'ea.group_id')
    .innerJoin('groups as g', 'g.id', 'ea.group_id')
    .selectAll('ea')
    .where('ea.exam_id', '=', examId)
    .where('gm.student_id', '=', studentId);
  if (courseId) query = query.where('g.course_id', '=', courseId);
  return query.orderBy('ea.starts_at', 'desc').execute();
}

export interface AssignmentListRow {
  assignment: Assignment;
  exam: Exam;
  groupName: string;
  attempt: Pick<Attempt, 'started_at' | 'submitted_at' | 'deadline_at' | 'superseded_at'> | null;
  questionCount: number;
}

// The assignments with the student's current attempts of them, in one statement (a row per attempt).
const courseAssignments = preparedQuery((db: Kysely<Database>, { studentId, courseId }: { studentId: string; courseId: string }) =>
  db
    .selectFrom('exam_assignments as ea')
    .innerJoin('group_members as gm', 'gm.group_id', 'ea.group_id')
    .innerJoin('groups as g', 'g.id', 'ea.group_id')
    .innerJoin('exams as e', 'e.id', 'ea.exam_id')
    .leftJoin('attempts as t', (join) =>
      join
        .onRef('t.exam_id', '=', 'ea.exam_id')
        .onRef('t.group_id', '=', 'ea.group_id')
        .onRef('t.student_id', '=', 'gm.student_id')
        .on('t.superseded_at', 'is', null),
    )
    .select([...ASSIGNMENT_WITH_EXAM, 'g.name as group_name', 't.started_at as t_started_at', 't.submitted_at as t_submitted_at', 't.deadline_at as t_deadline_at', 't.round as t_round'])
    .where('gm.student_id', '=', studentId)
    .where('g.course_id', '=', courseId)
    .where('ea.removed_at', 'is', null),
);

const questionCountOf = preparedQuery((db: Kysely<Database>, { examId }: { examId: string }) =>
  db.selectFrom('questions').select((eb) => eb.fn.countAll<number>().as('n')).where('exam_id', '=', examId),
);

// An exam's questions are written only by an import, which adds a new exam row (server/exams/paper-cache.ts):
// its count is read once per exam row, checked against the row's created_at, for at most this many exams.
const QUESTION_COUNTS_KEPT = 5_000;
const questionCountsOf = perDatabase(() => new Map<string, { stamp: string; count: Promise<number> }>());

async function questionCount(db: Kysely<Database>, exam: Pick<Exam, 'id' | 'created_at'>): Promise<number> {
  const counts = questionCountsOf(db);
  const known = counts.get(exam.id);
  if (known && known.stamp === exam.created_at) return known.count;
  const entry = { stamp: exam.created_at, count: questionCountOf.first(db, { examId: exam.id }).then((row) => Number(row?.n ?? 0)) };
  rememberBounded(counts, exam.id, entry, QUESTION_COUNTS_KEPT);
  entry.count.catch(() => {
    if (counts.get(exam.id) === entry) counts.delete(exam.id);
  });
  return entry.count;
}

/** Every exam assigned (and not removed) to the student's batches of one course, with the student's current attempt of each. */
export async function assignmentsForCourse(db: Kysely<Database>, studentId: string, courseId: string): Promise<AssignmentListRow[]> {
  const rows = await courseAssignments.all(db, { studentId, courseId });
  if (rows.length === 0) return [];
  // One row per assignment, with its newest current attempt.
  const newest = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const known = newest.get(row.a_id);
    if (!known || (row.t_round !== null && (known.t_round === null || known.t_round < row.t_round))) newest.set(row.a_id, row);
  }
  const countOf = new Map<string, number>();
  for (const row of newest.values()) if (!countOf.has(row.id)) countOf.set(row.id, await questionCount(db, row));
  return [...newest.values()].map((row) => ({
    ...splitAssignmentRow(row),
    groupName: row.group_name,
    attempt:
      row.t_started_at !== null
        ? { started_at: row.t_started_at, submitted_at: row.t_submitted_at, deadline_at: row.t_deadline_at!, superseded_at: null }
        : null,
    questionCount: countOf.get(row.id) ?? 0,
  }));
}

export async function subjectNames(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('subjects').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.name ?? '']));
}

export async function courseName(db: Kysely<Database>, courseId: string): Promise<string | null> {
  const row = await db.selectFrom('courses').select('name').where('id', '=', courseId).executeTakeFirst();
  return row?.name ?? null;
}

export async function questionsOfExam(db: Kysely<Database>, examId: string): Promise<QuestionRow[]> {
  return db.selectFrom('questions').selectAll().where('exam_id', '=', examId).orderBy('position').execute();
}

export function segmentedDetailsOf(exam: Exam): SegmentedExamDetails | null {
  return exam.is_segmented ? readJson<SegmentedExamDetails | null>(exam.segmented_details, null) : null;
}

export async function segmentedSelectionOf(db: Kysely<Database>, examId: string, studentId: string): Promise<SegmentedSelection | null> {
  const row = await db.selectFrom('segmented_selections').selectAll().where('exam_id', '=', examId).where('student_id', '=', studentId).executeTakeFirst();
  return row ? selectionOfRow(row) : null;
}

/** A stored segmented selection as the exam rules read it. */
export function selectionOfRow(row: Selectable<SegmentedSelectionsTable>): SegmentedSelection {
  return {
    mandatorySubjects: readJson(row.mandatory_subjects, []),
    compulsoryOptionalSubjects: readJson(row.compulsory_optional_subjects, []),
    optionalSubjects: readJson(row.optional_subjects, []),
  };
}

/**
 * The questions one student gets: every question of a plain exam; for a segmented exam, the first
 * `count` questions (by position) of each selected subject, in selection order — none before a
 * selection is made.
 */
export function servedQuestions<Q extends Pick<QuestionRow, 'subject_id' | 'position'>>(exam: Exam, questions: Q[], selection: SegmentedSelection | null): Q[] {
  if (!exam.is_segmented) return questions;
  if (!selection) return [];
  const served: Q[] = [];
  for (const group of SUBJECT_GROUPS) {
    for (const chosen of selection[group]) {
      served.push(...questions.filter((q) => q.subject_id === chosen.subjectId).sort((a, b) => a.position - b.position).slice(0, chosen.count));
    }
  }
  return served;
}

/** The questions a student gets: of the exam's questions (read from the database unless given), those served to them. */
export async function servedQuestionsFor(db: Kysely<Database>, exam: Exam, studentId: string, examQuestions?: QuestionRow[]): Promise<QuestionRow[]> {
  const questions = examQuestions ?? (await questionsOfExam(db, exam.id));
  const selection = exam.is_segmented ? await segmentedSelectionOf(db, exam.id, studentId) : null;
  return servedQuestions(exam, questions, selection);
}

/** A question without its key, explanation or notes: what a student may see before submitting. */
export function publicQuestion(q: QuestionRow, names: Map<string, string>): PublicQuestion {
  return {
    _id: q.id,
    type: q.type,
    title: q.title,
    point: q.point,
    options: readJson<string[]>(q.options, []),
    optionType: readJson<Record<string, 'image'>>(q.option_type, {}),
    image: readJson<string[]>(q.image, []),
    file: readJson<string[]>(q.file, []),
    subjectId: q.subject_id,
    subjectName: q.subject_id ? (names.get(q.subject_id) ?? null) : null,
  };
}

export function scorableQuestion(q: QuestionRow): ScorableQuestion {
  return {
    id: q.id,
    type: q.type,
    point: q.point,
    optionCount: readJson<unknown[]>(q.options, []).length,
    answer: readJson<AnswerValue>(q.answer, []),
    accepted: readJson<number[] | null>(q.accepted_options, null),
    dropped: Number(q.dropped) === 1,
  };
}

const answersOfAttempt = preparedQuery((db: Kysely<Database>, { attemptId }: { attemptId: string }) =>
  db.selectFrom('answers').selectAll().where('attempt_id', '=', attemptId),
);

export async function savedAnswersOf(db: Kysely<Database>, attemptId: string): Promise<SavedAnswer[]> {
  const rows = await answersOfAttempt.all(db, { attemptId });
  return rows.map((r) => ({
    questionId: r.question_id,
    answer: readJson<AnswerValue>(r.answer, []),
    extra: readJson<Attachment[]>(r.extra, []),
    answerIndex: r.answer_index,
    timestamp: Number(r.client_timestamp),
  }));
}

export async function groupName(db: Kysely<Database>, groupId: string): Promise<string | null> {
  const row = await db.selectFrom('groups').select('name').where('id', '=', groupId).executeTakeFirst();
  return row?.name ?? null;
}

type NewAttempt = Selectable<AttemptsTable>;

/**
 * What a start decided from an assignment it did not read again (server/exams/known-assignments.ts):
 * the insert then happens only while the assignment still says so, is not removed, the exam is not
 * segmented, and the student is in the batch.
 */
export interface StartGuard {
  starts_at: string;
  ends_at: string;
  duration: number;
  is_practice: Flag;
}

type StartArgs = Omit<NewAttempt, 'round'> & { [K in keyof StartGuard as `guard_${K}`]?: StartGuard[K] };

const attemptStartQuery = (guarded: boolean) => preparedQuery((db: Kysely<Database>, a: StartArgs) =>
  db
    .insertInto('attempts')
    .columns([
      'id', 'exam_id', 'group_id', 'student_id', 'started_at', 'deadline_at', 'submitted_at', 'set_code', 'candidate_category', 'faculty',
      'subject_name', 'round', 'superseded_at', 'live',
    ])
    .expression(
      db
        .selectNoFrom((s) => [
          s.val(a.id).as('id'), s.val(a.exam_id).as('exam_id'), s.val(a.group_id).as('group_id'), s.val(a.student_id).as('student_id'),
          s.val(a.started_at).as('started_at'), s.val(a.deadline_at).as('deadline_at'), s.val(a.submitted_at).as('submitted_at'),
          s.val(a.set_code).as('set_code'), s.val(a.candidate_category).as('candidate_category'), s.val(a.faculty).as('faculty'),
          s.val(a.subject_name).as('subject_name'),
          s
            .selectFrom('attempts as r')
            .select((r) => r(r.fn.coalesce(r.fn.max('r.round'), r.lit(0)), '+', r.lit(1)).as('next'))
            .where('r.exam_id', '=', a.exam_id)
            .where('r.group_id', '=', a.group_id)
            .where('r.student_id', '=', a.student_id)
            .as('round'),
          s.val(a.superseded_at).as('superseded_at'), s.val(a.live).as('live'),
        ])
        .where((w) => {
          const free = w.not(
            w.exists(
              w
                .selectFrom('attempts as c')
                .select('c.id')
                .where('c.exam_id', '=', a.exam_id)
                .where('c.group_id', '=', a.group_id)
                .where('c.student_id', '=', a.student_id)
                .where('c.superseded_at', 'is', null),
            ),
          );
          if (!guarded) return free;
          const member = w.exists(w.selectFrom('group_members as gm').select('gm.student_id').where('gm.group_id', '=', a.group_id).where('gm.student_id', '=', a.student_id));
          const assignment = w.exists(
            w
              .selectFrom('exam_assignments as ea')
              .innerJoin('exams as e', 'e.id', 'ea.exam_id')
              .select('ea.id')
              .where('ea.exam_id', '=', a.exam_id)
              .where('ea.group_id', '=', a.group_id)
              .where('ea.removed_at', 'is', null)
              .where('ea.starts_at', '=', a.guard_starts_at!)
              .where('ea.ends_at', '=', a.guard_ends_at!)
              .where('ea.duration', '=', a.guard_duration!)
              .where('e.is_practice', '=', a.guard_is_practice!)
              .where('e.is_segmented', '=', 0),
          );
          return w.and([free, member, assignment]);
        }),
    )
    .onConflict((oc) => oc.doNothing())
    .returningAll(),
);
const attemptStart = { plain: attemptStartQuery(false), guarded: attemptStartQuery(true) };

/**
 * Starts an attempt in one statement: inserted with the next round unless the student has a current
 * attempt of the exam in the group, or a unique key stops it (the same round, or for a live exam the
 * student's live attempt through another batch). The attempt written, or undefined when none was.
 * With a guard, also only while the assignment and the membership hold as the guard says.
 */
export async function startNewAttempt(db: Kysely<Database>, attempt: Omit<NewAttempt, 'round'>, guard?: StartGuard): Promise<Attempt | undefined> {
  if (!guard) return attemptStart.plain.first(db, attempt);
  return attemptStart.guarded.first(db, {
    ...attempt, guard_starts_at: guard.starts_at, guard_ends_at: guard.ends_at, guard_duration: guard.duration, guard_is_practice: guard.is_practice,
  });
}

/** Whether the student has an attempt of this live exam, through any batch. */
export async function hasLiveAttempt(db: Kysely<Database>, examId: string, studentId: string): Promise<boolean> {
  const row = await db.selectFrom('attempts').select('id').where('exam_id', '=', examId).where('student_id', '=', studentId).where('live', '=', 1).executeTakeFirst();
  return row !== undefined;
}

/** Records the submit once (a repeated submit changes nothing) and returns the attempt as stored. */
export async function markSubmitted(
  db: Kysely<Database>,
  attemptId: string,
  submit: Pick<Attempt, 'submitted_at' | 'candidate_category' | 'faculty' | 'subject_name'>,
): Promise<Attempt> {
  // One statement for the first submit; a repeated one reads the attempt as the first left it.
  const marked = await db.updateTable('attempts').set(submit).where('id', '=', attemptId).where('submitted_at', 'is', null).returningAll().executeTakeFirst();
  return marked ?? db.selectFrom('attempts').selectAll().where('id', '=', attemptId).executeTakeFirstOrThrow();
}

const expiredQuery = (filter: 'exam' | 'student' | 'both') =>
  // Only the values this variant binds are read (a value read and not bound is refused).
  preparedQuery((db: Kysely<Database>, args: { cutoff: string; examId?: string; studentId?: string }) => {
    let query = db.selectFrom('attempts').selectAll().where('submitted_at', 'is', null).where('superseded_at', 'is', null).where('deadline_at', '<', args.cutoff);
    if (filter !== 'student') query = query.where('exam_id', '=', args.examId!);
    if (filter !== 'exam') query = query.where('student_id', '=', args.studentId!);
    return query;
  });
const expiredOf = { exam: expiredQuery('exam'), student: expiredQuery('student'), both: expiredQuery('both') };

/** Unsubmitted, current attempts whose deadline is before the cutoff, of an exam and/or a student. */
export async function expiredAttempts(db: Kysely<Database>, cutoff: string, filter: { examId?: string; studentId?: string }): Promise<Attempt[]> {
  const { examId, studentId } = filter;
  if (examId && studentId) return expiredOf.both.all(db, { cutoff, examId, studentId });
  if (examId) return expiredOf.exam.all(db, { cutoff, examId });
  if (studentId) return expiredOf.student.all(db, { cutoff, studentId });
  return db.selectFrom('attempts').selectAll().where('submitted_at', 'is', null).where('superseded_at', 'is', null).where('deadline_at', '<', cutoff).execute();
}

/** Records an expired attempt as submitted at its deadline; false when a submit got there first. */
export async function submitAtDeadline(db: Kysely<Database>, attempt: Attempt): Promise<boolean> {
  const updated = await db
    .updateTable('attempts')
    .set({ submitted_at: attempt.deadline_at })
    .where('id', '=', attempt.id)
    .where('submitted_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export const examById = (db: Kysely<Database>, examId: string): Promise<Exam> =>
  db.selectFrom('exams').selectAll().where('id', '=', examId).executeTakeFirstOrThrow();

/**
 * A practice retake: every attempt of the student on the exam in the group goes, with its answers,
 * the teacher's marks on them and its result, so nothing of the old attempt remains. Run it in a
 * transaction.
 */
export async function deleteAttempts(db: Kysely<Database>, examId: string, groupId: string, studentId: string): Promise<number> {
  const ids = (
    await db.selectFrom('attempts').select('id').where('exam_id', '=', examId).where('group_id', '=', groupId).where('student_id', '=', studentId).execute()
  ).map((row) => row.id);
  return deleteAttemptsById(db, ids);
}

/** Deletes these attempts with their answers and results. */
export async function deleteAttemptsById(db: Kysely<Database>, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  await db.deleteFrom('results').where('attempt_id', 'in', ids).execute();
  await db.deleteFrom('answers').where('attempt_id', 'in', ids).execute();
  await db.deleteFrom('attempts').where('id', 'in', ids).execute();
  return ids.length;
}

/** A student's attempts of an exam in one group, each with its marks when graded (null otherwise). */
export function attemptsWithMarks(db: Kysely<Database>, examId: string, groupId: string, studentId: string) {
  return db
    .selectFrom('attempts as a')
    .leftJoin('results as r', 'r.attempt_id', 'a.id')
    .select(['a.id', 'a.superseded_at', 'r.marks_obtained'])
    .where('a.exam_id', '=', examId)
    .where('a.group_id', '=', groupId)
    .where('a.student_id', '=', studentId)
    .execute();
}

/** Sets (a date) or clears (null) the superseded mark of an attempt. */
export async function markSuperseded(db: Kysely<Database>, attemptId: string, supersededAt: string | null): Promise<void> {
  await db.updateTable('attempts').set({ superseded_at: supersededAt }).where('id', '=', attemptId).execute();
}

/** Whether the student has a current (not superseded) attempt of the exam in any group. */
export async function hasCurrentAttempt(db: Kysely<Database>, examId: string, studentId: string): Promise<boolean> {
  const row = await db
    .selectFrom('attempts')
    .select('id')
    .where('exam_id', '=', examId)
    .where('student_id', '=', studentId)
    .where('superseded_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function storeSegmentedSelection(db: Kysely<Database>, examId: string, studentId: string, selection: SegmentedSelection, at: string): Promise<void> {
  const values = {
    mandatory_subjects: writeJson(selection.mandatorySubjects),
    compulsory_optional_subjects: writeJson(selection.compulsoryOptionalSubjects),
    optional_subjects: writeJson(selection.optionalSubjects),
    updated_at: at,
  };
  await db
    .insertInto('segmented_selections')
    .values({ exam_id: examId, student_id: studentId, ...values })
    .onConflict((oc) => oc.columns(['exam_id', 'student_id']).doUpdateSet(values))
    .execute();
}

export async function clearSegmentedSelection(db: Kysely<Database>, examId: string, studentId: string): Promise<void> {
  await db.deleteFrom('segmented_selections').where('exam_id', '=', examId).where('student_id', '=', studentId).execute();
}

const answerOfQuestion = preparedQuery((db: Kysely<Database>, { attemptId, questionId }: { attemptId: string; questionId: string }) =>
  db.selectFrom('answers').select(['answer', 'saved_at']).where('attempt_id', '=', attemptId).where('question_id', '=', questionId),
);

/** The answer stored for a question of an attempt, if any. */
export async function storedAnswer(db: Kysely<Database>, attemptId: string, questionId: string): Promise<{ answer: AnswerValue; savedAt: string } | null> {
  const row = await answerOfQuestion.first(db, { attemptId, questionId });
  return row ? { answer: readJson<AnswerValue>(row.answer, []), savedAt: row.saved_at } : null;
}

export type NewAnswer = Pick<Selectable<AnswersTable>, 'attempt_id' | 'question_id' | 'answer' | 'extra' | 'answer_index' | 'client_timestamp' | 'saved_at' | 'offline'>;

// Outside a transaction only the answer saves insert answers: on PostgreSQL their batch of each turn
// goes on the pipelined connections (server/db/engine/pg-driver.ts), committed at its own Sync.
pipelinedStatementStarts.push('insert into "answers" (');

/** The insert of answers that overwrites a stored one only when its client timestamp is newer; returns the keys written. */
function newerAnswersInsert(db: Kysely<Database>, rows: NewAnswer[]) {
  return db
    .insertInto('answers')
    .values(
      rows.map((a) => ({
        attempt_id: a.attempt_id, question_id: a.question_id, answer: a.answer, extra: a.extra, answer_index: a.answer_index,
        client_timestamp: a.client_timestamp, saved_at: a.saved_at, offline: a.offline,
      })),
    )
    .onConflict(newerAnswerWins('answers'))
    .returning(['attempt_id', 'question_id']);
}

const newerAnswerUpsert = preparedQuery((db: Kysely<Database>, a: NewAnswer) => newerAnswersInsert(db, [a]));

/**
 * Stores an answer unless the stored one has a newer (or the same) client timestamp, in one
 * statement, so retries and out-of-order deliveries can never replace a newer answer. True when written.
 * (The saves of the exam requests go through server/exams/answer-batch.ts.)
 */
export async function upsertNewerAnswer(db: Kysely<Database>, answer: NewAnswer): Promise<boolean> {
  return (await newerAnswerUpsert.first(db, answer)) !== undefined;
}

/** Several answers (each key at most once) in one statement: the keys (attempt, question) written. */
export async function upsertNewerAnswers(db: Kysely<Database>, answers: NewAnswer[]): Promise<Set<string>> {
  const written = await newerAnswersInsert(db, answers).execute();
  return new Set(written.map((row) => answerKey(row)));
}

export const answerKey = (row: Pick<NewAnswer, 'attempt_id' | 'question_id'>) => `${row.attempt_id}\u0000${row.question_id}`;

/** The course of an exam. */
export async function examCourse(db: Kysely<Database>, examId: string): Promise<string | undefined> {
  const row = await db.selectFrom('exams').select('course_id').where('id', '=', examId).executeTakeFirst();
  return row?.course_id;
}
