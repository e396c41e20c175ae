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
import { connect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { createSession } from '../server/account/sessions.js';
import { API_PREFIX, challengePaths, examsPaths, pathTo } from '../src/contracts/paths.js';
import { newStats, positive, report, request, runBenchmark, timed } from './bench-server.js';
import { ADMIN, ASSIGNMENT, LIVE_EXAM, LIVE_GROUP, QUESTIONS, questionId, saverId, seedRegradeExam } from './regrade-seed.js';

const ATTEMPTS = Math.floor(positive('attempts', 10_000));
const SAVERS = Math.floor(positive('savers', 100));
const BUDGET_MS = 10_000;
const SAVE_EVERY_MS = 500;

runBenchmark('regrade-bench', async (database, serve) => {
  console.log(`Regrade benchmark: a key change over ${ATTEMPTS} submitted attempts (${QUESTIONS} MCQ each) while ${SAVERS} students save answers every ${SAVE_EVERY_MS} ms in another live exam`);
  console.log(`Database: ${database.describe}; machine: ${os.cpus().length} cores, Node ${process.version} (shared with other work while measured)`);
  const { db, dialect } = await connect(database.url);
  await migrate(db, dialect);
  const setupStart = performance.now();
  await seedRegradeExam(db, dialect, ATTEMPTS, SAVERS);
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
