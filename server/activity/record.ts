// The one writer of the activity log. Every staff action that changes the academy calls it with the
// transaction of the action itself, so the entry and the change commit together or not at all.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { ActivityKind } from '../../src/contracts/activityKinds.js';
import { newId } from '../ids.js';
import { courseNameOf, insertActivity } from './queries.js';

export interface ActivityEntryInput {
  at: Date;
  /** The staff member who acted; null for the command line at the server. */
  staff: { id: string; name: string } | null;
  kind: ActivityKind;
  /** What happened, in people's words: "Published Weekly Test 3 for MBBS Morning". */
  summary: string;
  /** The course it happened on, when it has one; its name is read in the same transaction. */
  courseId?: string | null;
  /** What the entry is about (an exam assignment, a student, a question, a staff account). */
  subjectId?: string | null;
}

/** The name the log gives the command line, for actions taken at the server rather than the desk. */
export const COMMAND_LINE = 'Command line';

export async function recordActivity(trx: Kysely<Database>, entry: ActivityEntryInput): Promise<void> {
  const courseId = entry.courseId ?? null;
  await insertActivity(trx, {
    id: newId(),
    at: entry.at.toISOString(),
    staff_id: entry.staff?.id ?? null,
    staff_name: entry.staff?.name ?? COMMAND_LINE,
    kind: entry.kind,
    summary: entry.summary,
    course_id: courseId,
    course_name: courseId ? await courseNameOf(trx, courseId) : null,
    subject_id: entry.subjectId ?? null,
  });
}
