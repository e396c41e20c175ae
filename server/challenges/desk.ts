// The teacher desk's view of an assignment's answer-key challenges: grouped by question (how many
// students, what they propose, their reasons and attachments), the question's item statistics in the
// batch (server/results/itemAnalysis.ts), any decision, and the exam's regrades.
import { readJson } from '../db/json.js';
import type { ExamDeps } from '../exams/attempts.js';
import { questionsOfExam, scorableQuestion } from '../exams/queries.js';
import { staffAssignment } from '../results/marking.js';
import { itemAnalysisOf } from '../results/itemAnalysis.js';
import { challengeErrors } from './student.js';
import { decisionView } from './regrade.js';
import { regradesOf } from '../results/regradeHistory.js';
import type { ChallengeDesk, DeskChallenge, DeskQuestion } from '../../src/contracts/challenges.js';
import type { ForumMedia } from '../../src/contracts/forum.js';
import { acceptedOptions, challengeWindowOpen } from '../../src/domain/challenges.js';
import { plainTitle } from '../../src/domain/itemAnalysis.js';

export async function challengeDesk(deps: ExamDeps, assignmentId: string): Promise<ChallengeDesk> {
  const { db } = deps;
  const assignment = await staffAssignment(db, assignmentId, deps.graceSeconds);
  if (assignment.exam.isPracticeExam) throw challengeErrors.practice();
  if (!assignment.resultPublished) throw challengeErrors.notPublished();
  const examId = assignment.exam._id;
  const closes = await db.selectFrom('exam_assignments').select('challenge_closes_at').where('id', '=', assignmentId).executeTakeFirstOrThrow();

  const challenges = await db
    .selectFrom('answer_challenges as c')
    .innerJoin('students as s', 's.id', 'c.student_id')
    .innerJoin('groups as g', 'g.id', 'c.group_id')
    .select(['c.id', 'c.question_id', 'c.options', 'c.flawed', 'c.reason', 'c.media', 'c.status', 'c.created_at', 'c.updated_at', 's.id as student_id', 's.name', 's.sid', 'g.name as group_name'])
    .where('c.exam_id', '=', examId)
    .where('c.group_id', '=', assignment.groupId)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  const decisions = await db
    .selectFrom('key_decisions as d')
    .leftJoin('staff as st', 'st.id', 'd.decided_by')
    .select(['d.id', 'd.question_id', 'd.kind', 'd.options', 'd.reply', 'd.decided_at', 'st.name as staff_name'])
    .where('d.exam_id', '=', examId)
    .orderBy('d.decided_at')
    .orderBy('d.id')
    .execute();
  const latestDecision = new Map(decisions.map((d) => [d.question_id, d]));
  const byQuestion = new Map<string, DeskChallenge[]>();
  for (const c of challenges) {
    const list = byQuestion.get(c.question_id) ?? [];
    list.push({
      _id: c.id, student: { _id: c.student_id, name: c.name, sid: c.sid }, groupName: c.group_name, options: readJson<number[]>(c.options, []), flawed: Number(c.flawed) === 1,
      reason: c.reason, media: readJson<ForumMedia[]>(c.media, []), status: c.status, createdAt: c.created_at, updatedAt: c.updated_at,
    });
    byQuestion.set(c.question_id, list);
  }

  const analysis = await itemAnalysisOf(deps, assignmentId);
  const stats = new Map(analysis.questions.map((q) => [q.questionId, q]));
  const questions: DeskQuestion[] = [];
  for (const [index, row] of (await questionsOfExam(db, examId)).entries()) {
    const list = byQuestion.get(row.id) ?? [];
    const decision = latestDecision.get(row.id);
    if (list.length === 0 && !decision) continue;
    const key = scorableQuestion(row);
    const proposals = new Map<string, { options: number[]; flawed: boolean; count: number }>();
    for (const c of list) {
      const id = c.flawed ? 'flawed' : c.options.join(',');
      const known = proposals.get(id) ?? { options: c.options, flawed: c.flawed, count: 0 };
      known.count += 1;
      proposals.set(id, known);
    }
    questions.push({
      questionId: row.id,
      number: index + 1,
      title: plainTitle(row.title),
      type: row.type,
      point: Number(row.point),
      options: readJson<string[]>(row.options, []),
      explanation: row.explanation,
      keyOptions: acceptedOptions(row.type, key.optionCount, { answer: key.answer, accepted: key.accepted ?? null, dropped: Boolean(key.dropped) }),
      dropped: Boolean(key.dropped),
      challengers: list.length,
      open: list.filter((c) => c.status === 'open').length,
      proposals: [...proposals.values()].sort((a, b) => b.count - a.count),
      challenges: list,
      stats: stats.get(row.id) ?? null,
      decision: decision ? decisionView(decision, decision.staff_name) : null,
    });
  }
  const submitted = await db
    .selectFrom('results as r')
    .innerJoin('attempts as a', 'a.id', 'r.attempt_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('r.exam_id', '=', examId)
    .where('a.submitted_at', 'is not', null)
    .where('a.superseded_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    assignment,
    window: { closesAt: closes.challenge_closes_at, open: challengeWindowOpen(closes.challenge_closes_at, deps.now.getTime()) },
    questions,
    regrades: await regradesOf(db, examId),
    examResults: Number(submitted.n),
  };
}
