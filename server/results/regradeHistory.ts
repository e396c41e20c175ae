// What results say of regrades: when their exam was last regraded and the student's own lines of the
// regrade history (old and new marks and rank), read in two queries for a result or a scoreboard page.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { RegradeInfo, RegradeSummary } from '../../src/contracts/challenges.js';

/** For each of the results (of the given exams) whose exam was regraded: the regrade info. */
export async function regradeInfoOf(db: Kysely<Database>, results: { id: string; examId: string }[]): Promise<Map<string, RegradeInfo>> {
  const info = new Map<string, RegradeInfo>();
  if (results.length === 0) return info;
  const examIds = [...new Set(results.map((r) => r.examId))];
  const latest = await db.selectFrom('regrades').select(['exam_id', (eb) => eb.fn.max('regraded_at').as('at')]).where('exam_id', 'in', examIds).groupBy('exam_id').execute();
  if (latest.length === 0) return info;
  const latestOf = new Map(latest.map((r) => [r.exam_id, String(r.at)]));
  const lines = await db
    .selectFrom('regrade_changes as c')
    .innerJoin('regrades as g', 'g.id', 'c.regrade_id')
    .select(['c.result_id', 'g.regraded_at', 'g.question_number', 'g.kind', 'c.old_marks', 'c.new_marks', 'c.old_rank', 'c.new_rank'])
    .where('c.result_id', 'in', results.map((r) => r.id))
    .orderBy('g.regraded_at', 'desc')
    .orderBy('g.id', 'desc')
    .execute();
  for (const result of results) {
    const at = latestOf.get(result.examId);
    if (at) info.set(result.id, { regradedAt: at, history: [] });
  }
  for (const line of lines) {
    info.get(line.result_id)?.history.push({
      regradedAt: line.regraded_at,
      questionNumber: Number(line.question_number),
      kind: line.kind,
      oldMarks: Number(line.old_marks),
      newMarks: Number(line.new_marks),
      oldRank: line.old_rank === null ? null : Number(line.old_rank),
      newRank: line.new_rank === null ? null : Number(line.new_rank),
    });
  }
  return info;
}

/** The exam's regrades, newest first. */
export async function regradesOf(db: Kysely<Database>, examId: string): Promise<RegradeSummary[]> {
  const rows = await db.selectFrom('regrades').selectAll().where('exam_id', '=', examId).orderBy('regraded_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({ _id: r.id, questionId: r.question_id, questionNumber: Number(r.question_number), kind: r.kind, regradedAt: r.regraded_at, results: Number(r.results), changed: Number(r.changed) }));
}
