// How many answer-key challenges each batch made of an exam, for the desk's links to the challenges
// ("Challenges (3)" on the week, the results and the item analysis). Read through the exam's questions,
// so the count walks the challenges' (question, batch) index instead of the whole table.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export const challengeKey = (examId: string, groupId: string) => `${examId}:${groupId}`;

/** Challenges (any status) per exam and batch, keyed by challengeKey; absent pairs have none. */
export async function challengeCounts(db: Kysely<Database>, examIds: readonly string[]): Promise<Map<string, number>> {
  if (examIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('questions as q')
    .innerJoin('answer_challenges as c', 'c.question_id', 'q.id')
    .select((eb) => ['q.exam_id', 'c.group_id', eb.fn.countAll<number | string>().as('challenges')])
    .where('q.exam_id', 'in', [...new Set(examIds)])
    .groupBy(['q.exam_id', 'c.group_id'])
    .execute();
  return new Map(rows.map((r) => [challengeKey(r.exam_id, r.group_id), Number(r.challenges)]));
}

/** One batch's challenges of an exam. */
export const batchChallenges = async (db: Kysely<Database>, examId: string, groupId: string): Promise<number> =>
  (await challengeCounts(db, [examId])).get(challengeKey(examId, groupId)) ?? 0;
