// The demo academy: the bundle of server/db/seed/demo through the importer, then what a bundle does not
// carry. "Live Test: Respiratory Physiology" ended three hours before the seed and its results are
// imported as published at its end, which opens its answer-key challenge window then, as the desk's
// Publish opens one (the exam's hours, else CHALLENGE_WINDOW_HOURS); here three students of the batch
// have already challenged its third question (whose key says carbaminohaemoglobin), so the
// result screen offers "Challenge this answer" and the desk's Challenges page has a question to decide.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { writeJson } from '../json.js';
import { importAcademy, readBundle } from './import.js';
import { resolveTime } from './times.js';

export const demoBundlePath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo');

/** The demo's exam with an open challenge window (server/db/seed/demo/30-exams.json). */
export const DEMO_CHALLENGE_EXAM = {
  examId: 'e1000000000000000000000a',
  assignmentId: 'e30000000000000000000011',
  groupId: '900000000000000000000001',
  title: 'Live Test: Respiratory Physiology',
  /** Question 3: the key says carbaminohaemoglobin (option B); the challenges say bicarbonate (C). */
  challengedQuestion: 'e2000a000000000000000003',
} as const;

/** The challenges students of the batch sent after publication (times relative to the seed). */
export const DEMO_CHALLENGES = [
  {
    id: 'ac0000000000000000000001',
    studentId: '570000000000000000000003',
    options: [2],
    reason: 'Guyton and Hall (Table 41-1): about 70% of the carbon dioxide in venous blood is carried as bicarbonate, only 20 to 30% as carbaminohaemoglobin. The answer should be C.',
    createdAt: 'now-2h40m',
  },
  {
    id: 'ac0000000000000000000002',
    studentId: '570000000000000000000004',
    options: [2],
    reason: 'গাইটনের বইয়ে লেখা আছে রক্তে কার্বন ডাই-অক্সাইডের প্রায় ৭০% বাইকার্বনেট হিসেবে পরিবাহিত হয়। তাই সঠিক উত্তর C হওয়া উচিত।',
    createdAt: 'now-2h5m',
  },
  {
    id: 'ac0000000000000000000003',
    studentId: '570000000000000000000005',
    options: [2],
    reason: 'Carbonic anhydrase in the red cells turns most CO2 into bicarbonate (the chloride shift). Carbaminohaemoglobin is the smaller part.',
    createdAt: 'now-1h20m',
  },
] as const;

export interface DemoSeedOptions {
  now: Date;
  scryptCost?: number;
  /** The academy's default challenge window (CHALLENGE_WINDOW_HOURS). */
  challengeWindowHours: number;
}

/** Seeds the demo academy into an empty database: the bundle, then the challenges sent in its open challenge window. */
export async function seedDemoAcademy(db: Kysely<Database>, options: DemoSeedOptions): Promise<void> {
  await importAcademy(db, readBundle(demoBundlePath), { now: options.now, scryptCost: options.scryptCost, challengeWindowHours: options.challengeWindowHours });
  await sendDemoChallenges(db, options);
}

async function sendDemoChallenges(db: Kysely<Database>, { now }: DemoSeedOptions): Promise<void> {
  const { examId, assignmentId, groupId, challengedQuestion } = DEMO_CHALLENGE_EXAM;
  const assignment = await db.selectFrom('exam_assignments').select('challenge_closes_at').where('id', '=', assignmentId).executeTakeFirstOrThrow();
  if (assignment.challenge_closes_at === null) throw new Error(`The demo's ${DEMO_CHALLENGE_EXAM.title} must be imported with its results published`);
  await db.transaction().execute(async (trx) => {
    for (const c of DEMO_CHALLENGES) {
      const attempt = await trx
        .selectFrom('attempts')
        .select('id')
        .where('exam_id', '=', examId)
        .where('group_id', '=', groupId)
        .where('student_id', '=', c.studentId)
        .where('superseded_at', 'is', null)
        .executeTakeFirstOrThrow();
      const at = resolveTime(c.createdAt, now);
      await trx
        .insertInto('answer_challenges')
        .values({
          id: c.id, attempt_id: attempt.id, question_id: challengedQuestion, exam_id: examId, group_id: groupId, student_id: c.studentId,
          options: writeJson([...c.options]), flawed: 0, reason: c.reason, media: writeJson([]), status: 'open', reply: null,
          created_at: at, updated_at: at, decided_at: null,
        })
        .onConflict((oc) => oc.columns(['attempt_id', 'question_id']).doNothing())
        .execute();
    }
  });
}
