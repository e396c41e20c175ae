// Kysely queries of mistakes practice: the results a student may see the answers of (practice exams,
// live exams with published results, in a batch they still belong to and the exam is not removed
// from), the questions of those results, the sets with their answers, and the right-answer streaks.
import type { Kysely, Selectable } from 'kysely';
import type { Database, MistakeAnswersTable, MistakeSetsTable } from '../db/schema.js';

export type MistakeSet = Selectable<MistakeSetsTable>;
export type MistakeAnswer = Selectable<MistakeAnswersTable>;

/** A result whose answers the student may see, with what the set needs of its exam and batch. */
export interface VisibleResult {
  result_id: string;
  exam_id: string;
  group_id: string;
  detail: string;
  title: string;
  course_id: string;
  subject_id: string | null;
  is_practice: number;
  negative_mark: number;
  pass_mark: number;
  duration: number;
}

/**
 * The student's current submitted results whose answers they may see: of practice exams, or of live
 * exams whose batch's results are published; only through a batch they belong to and the exam is not
 * removed from. Of one exam and batch, or of one course, or all.
 */
export async function visibleResults(db: Kysely<Database>, studentId: string, filter: { examId?: string; groupId?: string; courseId?: string; examIds?: string[] }): Promise<VisibleResult[]> {
  if (filter.examIds && filter.examIds.length === 0) return [];
  let query = db
    .selectFrom('results as r')
    .innerJoin('attempts as a', 'a.id', 'r.attempt_id')
    .innerJoin('exam_assignments as ea', (join) => join.onRef('ea.exam_id', '=', 'r.exam_id').onRef('ea.group_id', '=', 'r.group_id'))
    .innerJoin('group_members as gm', (join) => join.onRef('gm.group_id', '=', 'ea.group_id').onRef('gm.student_id', '=', 'r.student_id'))
    .innerJoin('exams as e', 'e.id', 'r.exam_id')
    .select([
      'r.id as result_id', 'r.exam_id', 'r.group_id', 'r.detail', 'e.title', 'e.course_id', 'e.subject_id', 'e.is_practice', 'e.negative_mark', 'e.pass_mark',
      'ea.duration',
    ])
    .where('r.student_id', '=', studentId)
    .where('a.submitted_at', 'is not', null)
    .where('a.superseded_at', 'is', null)
    .where('ea.removed_at', 'is', null)
    .where((eb) => eb.or([eb('e.is_practice', '=', 1), eb('ea.result_published', '=', 1)]));
  if (filter.examId) query = query.where('r.exam_id', '=', filter.examId);
  if (filter.groupId) query = query.where('r.group_id', '=', filter.groupId);
  if (filter.courseId) query = query.where('e.course_id', '=', filter.courseId);
  if (filter.examIds) query = query.where('r.exam_id', 'in', filter.examIds);
  const rows = await query.orderBy('a.submitted_at', 'asc').orderBy('r.id', 'asc').execute();
  return rows.map((row) => ({ ...row, is_practice: Number(row.is_practice), negative_mark: Number(row.negative_mark), pass_mark: Number(row.pass_mark), duration: Number(row.duration) }));
}

export async function questionsByIds(db: Kysely<Database>, ids: string[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('questions').selectAll().where('id', 'in', ids).execute();
}

export async function questionsOfExams(db: Kysely<Database>, examIds: string[]) {
  if (examIds.length === 0) return [];
  return db.selectFrom('questions').selectAll().where('exam_id', 'in', examIds).execute();
}

/** The questions (of these) that left the student's mistakes: answered right twice in a row. */
export async function clearedQuestions(db: Kysely<Database>, studentId: string, questionIds: string[], leavesAt: number): Promise<Set<string>> {
  if (questionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('question_streaks')
    .select('question_id')
    .where('student_id', '=', studentId)
    .where('question_id', 'in', questionIds)
    .where('streak', '>=', leavesAt)
    .execute();
  return new Set(rows.map((row) => row.question_id));
}

export async function streaksOf(db: Kysely<Database>, studentId: string, questionIds: string[]): Promise<Map<string, number>> {
  if (questionIds.length === 0) return new Map();
  const rows = await db.selectFrom('question_streaks').select(['question_id', 'streak']).where('student_id', '=', studentId).where('question_id', 'in', questionIds).execute();
  return new Map(rows.map((row) => [row.question_id, Number(row.streak)]));
}

export async function storeStreak(db: Kysely<Database>, studentId: string, questionId: string, streak: number, at: string): Promise<void> {
  await db
    .insertInto('question_streaks')
    .values({ student_id: studentId, question_id: questionId, streak, updated_at: at })
    .onConflict((oc) => oc.columns(['student_id', 'question_id']).doUpdateSet({ streak, updated_at: at }))
    .execute();
}

/** The student's own set; undefined for another student's or an unknown id (both read as not found). */
export async function setOfStudent(db: Kysely<Database>, setId: string, studentId: string): Promise<MistakeSet | undefined> {
  return db.selectFrom('mistake_sets').selectAll().where('id', '=', setId).where('student_id', '=', studentId).executeTakeFirst();
}

/** The student's set still running from the same source (started before, not submitted, deadline after `after`). */
export async function runningSet(
  db: Kysely<Database>,
  studentId: string,
  source: { kind: 'exam'; examId: string; groupId: string } | { kind: 'subject'; subjectId: string },
  after: string,
): Promise<MistakeSet | undefined> {
  let query = db
    .selectFrom('mistake_sets')
    .selectAll()
    .where('student_id', '=', studentId)
    .where('kind', '=', source.kind)
    .where('submitted_at', 'is', null)
    .where('deadline_at', '>', after);
  query = source.kind === 'exam' ? query.where('exam_id', '=', source.examId).where('group_id', '=', source.groupId) : query.where('subject_id', '=', source.subjectId);
  return query.orderBy('started_at', 'desc').executeTakeFirst();
}

export async function insertSet(db: Kysely<Database>, set: MistakeSet): Promise<void> {
  await db.insertInto('mistake_sets').values(set).execute();
}

export async function answersOfSet(db: Kysely<Database>, setId: string): Promise<MistakeAnswer[]> {
  return db.selectFrom('mistake_answers').selectAll().where('set_id', '=', setId).execute();
}

/** Stores the first answer checked for a question of a set: false when one was checked already (it stands). */
export async function insertFirstMistakeAnswer(db: Kysely<Database>, answer: Omit<MistakeAnswer, 'offline'>): Promise<boolean> {
  const written = await db
    .insertInto('mistake_answers')
    .values({ ...answer, offline: 0 })
    .onConflict((oc) => oc.columns(['set_id', 'question_id']).doNothing())
    .returning('question_id')
    .executeTakeFirst();
  return written !== undefined;
}

/** The questions of a set that left the student's mistakes so far (right twice in a row in it). */
export async function storeSetCleared(db: Kysely<Database>, setId: string, cleared: string): Promise<void> {
  await db.updateTable('mistake_sets').set({ cleared }).where('id', '=', setId).execute();
}

/** Records the end of the review once: false when it ended already. */
export async function markSetSubmitted(db: Kysely<Database>, setId: string, values: Pick<MistakeSet, 'submitted_at' | 'detail'>): Promise<boolean> {
  const updated = await db.updateTable('mistake_sets').set(values).where('id', '=', setId).where('submitted_at', 'is', null).executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function subjectNamesOf(db: Kysely<Database>, ids: string[]): Promise<Map<string, string | null>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom('subjects').select(['id', 'name']).where('id', 'in', unique).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
