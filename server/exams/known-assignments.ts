// The assignments (with their exams) this process has read lately, so a start in the opening storm can
// skip reading the exam context again: its insert carries what it decided from the remembered
// assignment as a guard (server/exams/queries.ts, StartGuard) and happens only if the database still
// agrees, the student being in the batch included. A remembered assignment that has changed since
// (moved, removed, made practice) or a student who left the batch only costs the start its slow path,
// which reads the context and remembers it afresh: nothing is forgotten across processes because
// nothing is trusted without the database's word in the same statement.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { perDatabase } from '../db/per-database.js';
import { rememberBounded } from '../bounded-memory.js';
import type { ExamContext } from './queries.js';

export type KnownAssignment = Pick<ExamContext, 'assignment' | 'exam'>;

/** At most this many (exam, batch) pairs are kept; the first remembered goes first. */
const MAX_ASSIGNMENTS = 2000;

const memoryOf = perDatabase(() => new Map<string, KnownAssignment>());

const keyOf = (examId: string, groupId: string) => `${examId} ${groupId}`;

/** Remembers the assignment and exam of a context this process has just read. */
export function rememberAssignment(db: Kysely<Database>, { assignment, exam }: KnownAssignment): void {
  rememberBounded(memoryOf(db), keyOf(assignment.exam_id, assignment.group_id), { assignment, exam }, MAX_ASSIGNMENTS);
}

/** The assignment of (exam, batch) as this process last read it, if it has. */
export function knownAssignment(db: Kysely<Database>, examId: string, groupId: string): KnownAssignment | undefined {
  return memoryOf(db).get(keyOf(examId, groupId));
}
