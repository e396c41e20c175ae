// An exam's paper prepared once per exam, not once per student. Questions, subject, course and batch
// names are written only by an import, and an import that changes an exam or its questions gives the
// exam row a new created_at (server/import/index.ts), so a prepared paper stays true for as long as
// its stamp does: the entry is keyed by the exam's id and checked against the row's created_at. The rows served to one student (a segmented exam's chosen subjects) are still picked per
// student from the prepared list, and figure addresses are still signed per student.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { perDatabase } from '../db/per-database.js';
import { rememberBounded } from '../bounded-memory.js';
import type { PublicQuestion } from '../../src/contracts/exams.js';
import { courseName, groupName, publicQuestion, questionsOfExam, subjectNames, type Exam, type QuestionRow } from './queries.js';

export interface PreparedPaper {
  questions: QuestionRow[];
  /** The questions as a student may see them, by question id. */
  publicQuestions: Map<string, PublicQuestion>;
  /** The names of the exam's subjects and its questions' subjects. */
  subjectNames: Map<string, string>;
  courseName: string | null;
  /** Batch names, by group id, filled as batches read the paper. */
  groupNames: Map<string, string | null>;
}

interface Entry {
  stamp: string;
  paper: Promise<PreparedPaper>;
}

/** At most this many exams are kept; the least recently prepared goes first. */
const MAX_EXAMS = 500;

const cacheOf = perDatabase(() => new Map<string, Entry>());

async function prepare(db: Kysely<Database>, exam: Exam): Promise<PreparedPaper> {
  const questions = await questionsOfExam(db, exam.id);
  const names = await subjectNames(db, [...questions.map((q) => q.subject_id ?? ''), exam.subject_id ?? ''].filter(Boolean));
  return {
    questions,
    publicQuestions: new Map(questions.map((q) => [q.id, publicQuestion(q, names)])),
    subjectNames: names,
    courseName: await courseName(db, exam.course_id),
    groupNames: new Map(),
  };
}

/** The exam's prepared paper: read from the database the first time, then from memory. */
export async function preparedPaper(db: Kysely<Database>, exam: Exam): Promise<PreparedPaper> {
  const cache = cacheOf(db);
  const known = cache.get(exam.id);
  if (known && known.stamp === exam.created_at) return known.paper;
  const entry: Entry = { stamp: exam.created_at, paper: prepare(db, exam) };
  rememberBounded(cache, exam.id, entry, MAX_EXAMS);
  // A failed preparation (the database away) is not kept: the next request tries again.
  entry.paper.catch(() => {
    if (cache.get(exam.id) === entry) cache.delete(exam.id);
  });
  return entry.paper;
}

/** A batch's name as the paper shows it, read once per exam and batch. */
export async function batchName(db: Kysely<Database>, paper: PreparedPaper, groupId: string): Promise<string | null> {
  if (!paper.groupNames.has(groupId)) paper.groupNames.set(groupId, await groupName(db, groupId));
  return paper.groupNames.get(groupId) ?? null;
}
