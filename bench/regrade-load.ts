// Regrade benchmark: a teacher changes one question's key of a published live exam with 10,000
// submitted attempts, against a real server process, while students keep saving answers in another
// live exam.
//
//   npm run bench:regrade -- [--attempts 10000] [--savers 100] [--db sqlite:/tmp/x.sqlite | postgres://...]
//
// Setup (not timed): one finished live exam of two batches with 40 MCQ questions and N attempts with
// every answer stored, scored by the server's own bulk scoring and its merit list fixed (as publishing
// does); the batches published with an open challenge window; another live exam running now with
// `savers` students who have started it. Measured: the decision request (key of question 1 from A to
// B), which regrades every attempt, fixes the merit list and every position again, writes the history
// and queues each affected student's notification, in one transaction; the budget is 10 s. Meanwhile
// each saver saves an answer every 500 ms; their latencies are reported too.
import os from 'node:os';
import type { Insertable, Kysely } from 'kysely';
import { connect, type Dialect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { importBundle } from '../server/db/seed/import.js';
import { createSession } from '../server/account/sessions.js';
import type { Database } from '../server/db/schema.js';
import { examById } from '../server/exams/queries.js';
import { regradeExamResults } from '../server/exams/regrading.js';
import { fixMeritList } from '../server/results/queries.js';
import { API_PREFIX, challengePaths, examsPaths, pathTo } from '../src/contracts/paths.js';
import { insertChunked, newStats, positive, report, request, runBenchmark, timed } from './bench-server.js';

const ATTEMPTS = Math.floor(positive('attempts', 10_000));
const SAVERS = Math.floor(positive('savers', 100));
const BUDGET_MS = 10_000;
const QUESTIONS = 40;
const SAVE_EVERY_MS = 500;

const COURSE = 'c0d0000000000000000000d1';
const GROUPS = ['90d0000000000000000000d1', '90d0000000000000000000d2'];
const LIVE_GROUP = '90d0000000000000000000d3';
const EXAM = 'e0d0000000000000000000d1';
const LIVE_EXAM = 'e0d0000000000000000000d2';
const ADMIN = 'ad0000000000000000000d01';
const ASSIGNMENT = 'fad00000000000000000d001';
const studentId = (i: number) => `5d${i.toString(16).padStart(22, '0')}`;
const saverId = (i: number) => `5e${i.toString(16).padStart(22, '0')}`;
const questionId = (exam: number, i: number) => `e2d${exam.toString(16).padStart(3, '0')}${i.toString(16).padStart(18, '0')}`;
const rowId = (kind: string, i: number) => `${kind}${i.toString(16).padStart(24 - kind.length, '0')}`;
const spread = (i: number, salt: number) => ((i * 7919 + salt * 104_729) % 10_007) / 10_007;

function benchBundle() {
  return {
    courses: [{ id: COURSE, name: 'Benchmark Course', subjects: [] }],
    groups: [...GROUPS, LIVE_GROUP].map((id, i) => ({ id, name: `Benchmark Batch ${i + 1}`, courseId: COURSE, items: 'all' })),
    staff: [{ id: ADMIN, name: 'Bench Admin', username: 'bench.admin@academy.test', role: 'admin', password: 'bench-admin-pass-2026' }],
    students: Array.from({ length: SAVERS }, (_, i) => ({ id: saverId(i), name: `Saver ${i + 1}`, sid: `SV-${i + 1}`, phone: `0173${String(i).padStart(7, '0')}`, groups: [LIVE_GROUP] })),
    exams: [
      {
        id: EXAM,
        title: 'Benchmark Grand Test',
        courseId: COURSE,
        passMark: 40,
        negativeMark: 0.25,
        questions: Array.from({ length: QUESTIONS }, (_, i) => ({ id: questionId(1, i), type: 'MCQ', title: `Question ${i + 1}`, point: 1, options: ['A', 'B', 'C', 'D'], answer: [i % 4] })),
        assignments: GROUPS.map((groupId, i) => ({ ...(i === 0 ? { id: ASSIGNMENT } : {}), groupId, startsAt: 'now-1d', endsAt: 'now-22h', duration: 60 })),
      },
      {
        id: LIVE_EXAM,
        title: 'Benchmark Live Test',
        courseId: COURSE,
        passMark: 40,
        questions: Array.from({ length: QUESTIONS }, (_, i) => ({ id: questionId(2, i), type: 'MCQ', title: `Live question ${i + 1}`, point: 1, options: ['A', 'B', 'C', 'D'], answer: [i % 4] })),
        assignments: [{ groupId: LIVE_GROUP, startsAt: 'now-10m', endsAt: 'now+3h', duration: 180 }],
      },
    ],
  };
}

/** The students of the finished exam, their attempts, every answer and a placeholder result (scored below). */
async function seedAttempts(db: Kysely<Database>, dialect: Dialect): Promise<void> {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const students: Insertable<Database['students']>[] = [];
  const members: Insertable<Database['group_members']>[] = [];
  const attempts: Insertable<Database['attempts']>[] = [];
  const answers: Insertable<Database['answers']>[] = [];
  const results: Insertable<Database['results']>[] = [];
  for (let i = 0; i < ATTEMPTS; i += 1) {
    const group = GROUPS[i % 2]!;
    students.push({ id: studentId(i), name: `Student ${i + 1}`, sid: `BR-${i + 1}`, username: `88015${String(i).padStart(8, '0')}`, created_at: iso(now) });
    members.push({ group_id: group, student_id: studentId(i) });
    const started = now - 86_400_000 + Math.floor(spread(i, 3) * 600_000);
    attempts.push({
      id: rowId('a0', i), exam_id: EXAM, group_id: group, student_id: studentId(i), started_at: iso(started), deadline_at: iso(started + 3_600_000),
      submitted_at: iso(started + 1_800_000), candidate_category: ['Govt.', 'Non-Govt.'][i % 2], faculty: ['Medicine', 'Surgery', 'Basic Science'][i % 3], subject_name: 'No Subject', round: 1, live: 1,
    });
    const skill = spread(i, 5);
    for (let q = 0; q < QUESTIONS; q += 1) {
      if (spread(i * QUESTIONS + q, 7) > 0.9) continue;
      const choice = spread(i * QUESTIONS + q, 8) < skill ? q % 4 : (q + 1 + Math.floor(spread(i, q) * 3)) % 4;
      answers.push({ attempt_id: rowId('a0', i), question_id: questionId(1, q), answer: JSON.stringify([choice]), extra: '[]', client_timestamp: started, saved_at: iso(started), offline: 0 });
    }
    results.push({
      id: rowId('r0', i), attempt_id: rowId('a0', i), exam_id: EXAM, group_id: group, student_id: studentId(i), marks_obtained: 0, negative_marks: 0,
      total_marks: QUESTIONS, correct: 0, incorrect: 0, skipped: 0, passed: 0, detail: '[]', pending_review: 0, gpa_marks: 0, overall_marks: 0, created_at: iso(started + 1_800_000),
    });
  }
  await db.transaction().execute(async (trx) => {
    await insertChunked(trx, 'students', students);
    await insertChunked(trx, 'group_members', members);
    await insertChunked(trx, 'attempts', attempts);
    await insertChunked(trx, 'answers', answers);
    await insertChunked(trx, 'results', results);
  });
  const published = new Date(now - 3_600_000).toISOString();
  await db.updateTable('exam_assignments').set({ result_published: 1, published_at: published, challenge_closes_at: new Date(now + 47 * 3_600_000).toISOString() }).where('exam_id', '=', EXAM).execute();
  // Scored by the server's own code, and the merit list fixed as publishing does.
  await db.transaction().execute(async (trx) => {
    await regradeExamResults(trx, dialect, await examById(trx, EXAM));
    await fixMeritList(trx, EXAM);
  });
}

runBenchmark('regrade-bench', async (database, serve) => {
  console.log(`Regrade benchmark: a key change over ${ATTEMPTS} submitted attempts (${QUESTIONS} MCQ each) while ${SAVERS} students save answers every ${SAVE_EVERY_MS} ms in another live exam`);
  console.log(`Database: ${database.describe}; machine: ${os.cpus().length} cores, Node ${process.version} (shared with other work while measured)`);
  const { db, dialect } = await connect(database.url);
  await migrate(db, dialect);
  const setupStart = performance.now();
  await importBundle(db, benchBundle(), { now: new Date(), scryptCost: 1024 });
  await seedAttempts(db, dialect);
  const admin = await createSession(db, { id: ADMIN, kind: 'staff' }, new Date(), 1);
  const savers: string[] = [];
  for (let i = 0; i < SAVERS; i += 1) savers.push(await createSession(db, { id: saverId(i), kind: 'student' }, new Date(), 1));
  console.log(`Setup: ${ATTEMPTS} scored attempts with their answers in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

  const port = await serve();
  const api = (path: string) => `${API_PREFIX}${path}`;
  for (const session of savers) {
    const started = await request(port, 'PATCH', api(pathTo(examsPaths.start, { examId: LIVE_EXAM, groupId: LIVE_GROUP })), session);
    if (started.status !== 200) throw new Error(`start answered ${started.status}: ${started.body}`);
  }

  // The stream of saves, until the regrade has answered.
  const saves = newStats('answer saves, other live exam');
  let saving = true;
  const streams = savers.map(async (session, s) => {
    let round = 0;
    await new Promise((r) => setTimeout(r, (s / SAVERS) * SAVE_EVERY_MS));
    while (saving) {
      const began = performance.now();
      const q = (s + round) % QUESTIONS;
      await timed(saves, () =>
        request(port, 'PATCH', `${api(pathTo(examsPaths.addAnswer, { examId: LIVE_EXAM, groupId: LIVE_GROUP }))}?isLive=true`, session, { questionId: questionId(2, q), answer: [round % 4], timestamp: Date.now() }),
      );
      round += 1;
      await new Promise((r) => setTimeout(r, Math.max(0, SAVE_EVERY_MS - (performance.now() - began))));
    }
  });
  await new Promise((r) => setTimeout(r, 2000));

  const decision = newStats('decision: change key, regrade all');
  const answered = await request(port, 'POST', api(pathTo(challengePaths.decide, { assignmentId: ASSIGNMENT, questionId: questionId(1, 0) })), admin, { kind: 'change', options: [1], reply: 'The key of question 1 is B.' });
  const reply = await timed(decision, async () => answered);
  decision.latencies = [performance.now() - decision.startedAt];
  decision.endedAt = performance.now();
  await new Promise((r) => setTimeout(r, 1000));
  saving = false;
  await Promise.all(streams);
  saves.endedAt = performance.now();
  if (!reply) throw new Error(`the decision failed: ${answered.status} ${answered.body}`);
  const data = JSON.parse(reply.body).data as { regrade: { results: number; changed: number; notified: number } };
  const queued = await db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('message', 'like', "Question 1's key was corrected%").executeTakeFirstOrThrow();

  console.log('');
  report(decision);
  report(saves);
  console.log('');
  const ms = decision.latencies[0]!;
  console.log(`Regrade: ${data.regrade.results} results scored again, ${data.regrade.changed} with new marks or rank, ${data.regrade.notified} notified (${Number(queued.n)} notifications stored) in ${(ms / 1000).toFixed(2)} s`);
  console.log(ms < BUDGET_MS ? `Within the ${BUDGET_MS / 1000} s budget.` : `Over the ${BUDGET_MS / 1000} s budget.`);
  if (ms >= BUDGET_MS) process.exitCode = 1;
  await db.destroy();
});
