// The explanation under a challenged question, corrected with the decision on its key: after a key
// change the old explanation argued for the old key, and every student's result reads the question's
// explanation as it now stands (server/results/projections.ts). Written once the decision is recorded,
// so a refused decision (a batch still sitting the exam, a bad reply) changes no explanation.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Gives the question of the assignment's exam its corrected explanation; blank text removes it. */
export async function correctExplanation(db: Kysely<Database>, assignmentId: string, questionId: string, text: string): Promise<void> {
  const assignment = await db.selectFrom('exam_assignments').select('exam_id').where('id', '=', assignmentId).executeTakeFirstOrThrow();
  const explanation = text.trim();
  await db.updateTable('questions').set({ explanation: explanation || null }).where('id', '=', questionId).where('exam_id', '=', assignment.exam_id).execute();
}
