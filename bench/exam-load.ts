// Exam load benchmark: a whole batch taking one live exam against a real server process.
//
//   npm run bench:exam -- [--students 1000] [--seconds 60] [--submit-window 30] [--db sqlite:/tmp/x.sqlite | postgres://...]
//
// Starts server/main.ts on a loopback port over a fresh database (a temporary SQLite file by
// default; DATABASE_URL or --db for another; a PostgreSQL URL gets a fresh schema), creates N
// students in one batch with sessions made directly, then measures over real HTTP with keep-alive:
//   phase 0  every student starts the exam (the batch opening the exam in the same minute)
//   phase 1  every student saves an answer every 10 s for --seconds seconds
//   phase 2  every student submits within --submit-window seconds
// and finally checks that every acknowledged answer is stored with its newest value.
import os from 'node:os';
import { connect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { importBundle } from '../server/db/seed/import.js';
import { createSession } from '../server/account/sessions.js';
import { API_PREFIX, examsPaths, pathTo } from '../src/contracts/paths.js';
import { newStats, positive, report, request, runBenchmark, timed } from './bench-server.js';

const STUDENTS = Math.floor(positive('students', 1000));
const SECONDS = positive('seconds', 60);
const SUBMIT_WINDOW = positive('submit-window', 30);
const SAVE_EVERY_MS = 10_000;
const QUESTIONS = 40;

const COURSE = 'c0b0000000000000000000b1';
const GROUP = '90b0000000000000000000b1';
const EXAM = 'e0b0000000000000000000b1';
const studentId = (i: number) => `5b${i.toString(16).padStart(22, '0')}`;
const questionId = (i: number) => `e2b${i.toString(16).padStart(21, '0')}`;

function benchBundle() {
  const questions = Array.from({ length: QUESTIONS }, (_, i) =>
    i % 4 === 3
      ? { id: questionId(i), type: 'MCA', title: `Statements ${i + 1}`, point: 1, options: ['a', 'b', 'c', 'd', 'e'], answer: ['true', 'false', 'true', 'false', 'true'] }
      : { id: questionId(i), type: 'MCQ', title: `Question ${i + 1}`, point: 1, options: ['A', 'B', 'C', 'D'], answer: [i % 4] },
  );
  return {
    courses: [{ id: COURSE, name: 'Benchmark Course', subjects: [] }],
    groups: [{ id: GROUP, name: 'Benchmark Batch', courseId: COURSE, items: 'all' }],
    students: Array.from({ length: STUDENTS }, (_, i) => ({
      id: studentId(i),
      name: `Student ${i + 1}`,
      sid: `B-${i + 1}`,
      phone: `013${String(i).padStart(8, '0')}`,
      groups: [GROUP],
    })),
    exams: [
      {
        id: EXAM,
        title: 'Benchmark Live Exam',
        courseId: COURSE,
        passMark: 40,
        negativeMark: 0.25,
        questions,
        assignments: [{ groupId: GROUP, startsAt: 'now-1m', endsAt: 'now+3h', duration: 120, multipleTimesSubmission: true }],
      },
    ],
  };
}

/** Runs `jobs` at their offsets (ms from now) without waiting for earlier ones: an open-loop load. */
async function runSchedule<T>(jobs: { at: number; job: T }[], fire: (job: T) => Promise<unknown>): Promise<void> {
  jobs.sort((a, b) => a.at - b.at);
  const begin = performance.now();
  const pending: Promise<unknown>[] = [];
  let next = 0;
  while (next < jobs.length) {
    const elapsed = performance.now() - begin;
    while (next < jobs.length && jobs[next]!.at <= elapsed) pending.push(fire(jobs[next++]!.job));
    if (next < jobs.length) await new Promise((r) => setTimeout(r, Math.max(1, Math.min(10, jobs[next]!.at - elapsed))));
  }
  await Promise.all(pending);
}

runBenchmark('exam-bench', async (database, serve) => {
  console.log(`Exam load benchmark: ${STUDENTS} students, answer saves every 10 s for ${SECONDS} s, submits within ${SUBMIT_WINDOW} s`);
  console.log(`Database: ${database.describe}; machine: ${os.cpus().length} cores, Node ${process.version}`);

  const { db, dialect } = await connect(database.url);
  await migrate(db, dialect);
  const setupStart = performance.now();
  await importBundle(db, benchBundle(), { now: new Date(), scryptCost: 1024 });
  const sessions: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < STUDENTS; i += 1) sessions.push(await createSession(trx, { id: studentId(i), kind: 'student' }, new Date(), 1));
  });
  console.log(`Setup: ${STUDENTS} students, sessions and one ${QUESTIONS}-question live exam in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

  const port = await serve();

  // Phase 0: the batch opens the exam together (spread over 10 s).
  const starts = newStats('start (whole batch within 10 s)');
  await runSchedule(
    sessions.map((session, i) => ({ at: (i / STUDENTS) * 10_000, job: session })),
    (session) => timed(starts, () => request(port, 'PATCH', `${API_PREFIX}${pathTo(examsPaths.start, { examId: EXAM, groupId: GROUP })}`, session)),
  );
  starts.endedAt = performance.now();

  // Phase 1: each student saves an answer every 10 s, at their own phase within the period.
  const saves = newStats(`answer saves (1 per student / 10 s)`);
  const rounds = Math.max(1, Math.floor((SECONDS * 1000) / SAVE_EVERY_MS));
  const acknowledged = new Map<string, { answer: unknown[]; timestamp: number }>();
  let appliedFalse = 0;
  const jobs: { at: number; job: { student: number; round: number } }[] = [];
  for (let s = 0; s < STUDENTS; s += 1) {
    const phase = (s / STUDENTS) * SAVE_EVERY_MS;
    for (let r = 0; r < rounds; r += 1) jobs.push({ at: phase + r * SAVE_EVERY_MS, job: { student: s, round: r } });
  }
  await runSchedule(jobs, async ({ student, round }) => {
    const q = (student + round) % QUESTIONS;
    const answer = q % 4 === 3 ? ['true', round % 2 === 0 ? 'false' : 'true', null, 'false', 'true'] : [(student + round) % 4];
    const timestamp = Date.now();
    const reply = await timed(saves, () =>
      request(port, 'PATCH', `${API_PREFIX}${pathTo(examsPaths.addAnswer, { examId: EXAM, groupId: GROUP })}?isLive=true`, sessions[student]!, { questionId: questionId(q), answer, timestamp }),
    );
    if (!reply) return;
    const data = JSON.parse(reply.body).data as { applied: boolean };
    if (data.applied) acknowledged.set(`${studentId(student)}:${questionId(q)}`, { answer, timestamp });
    else appliedFalse += 1;
  });
  saves.endedAt = performance.now();

  // Phase 2: everybody submits within the submit window.
  const submits = newStats(`submit (all within ${SUBMIT_WINDOW} s)`);
  let submitted = 0;
  await runSchedule(
    sessions.map((session, i) => ({ at: ((i * 7919) % STUDENTS) / STUDENTS * SUBMIT_WINDOW * 1000, job: session })),
    async (session) => {
      const reply = await timed(submits, () =>
        request(port, 'PATCH', `${API_PREFIX}${pathTo(examsPaths.submit, { examId: EXAM, groupId: GROUP })}`, session, { candidateCategory: 'Govt.', facultyName: 'Medicine', subjectName: 'No Subject' }),
      );
      if (reply) submitted += 1;
    },
  );
  submits.endedAt = performance.now();

  console.log('');
  for (const stats of [starts, saves, submits]) report(stats);

  // Integrity: every acknowledged answer is stored, with the value the student last had acknowledged.
  const stored = await db
    .selectFrom('answers')
    .innerJoin('attempts', 'attempts.id', 'answers.attempt_id')
    .select(['attempts.student_id', 'answers.question_id', 'answers.answer', 'answers.client_timestamp'])
    .where('attempts.exam_id', '=', EXAM)
    .execute();
  const storedCount = await db.selectFrom('answers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  let mismatched = 0;
  const storedByKey = new Map(stored.map((r) => [`${r.student_id}:${r.question_id}`, r]));
  for (const [key, expected] of acknowledged) {
    const row = storedByKey.get(key);
    if (!row || row.answer !== JSON.stringify(expected.answer) || Number(row.client_timestamp) !== expected.timestamp) mismatched += 1;
  }
  const results = await db.selectFrom('results').select((eb) => eb.fn.countAll<number>().as('n')).where('exam_id', '=', EXAM).executeTakeFirst();
  console.log('');
  console.log(`Answers acknowledged (applied): ${saves.ok - appliedFalse} saves over ${acknowledged.size} distinct (student, question) pairs; not applied (older timestamp): ${appliedFalse}`);
  console.log(`Answers stored (SELECT count(*) FROM answers): ${Number(storedCount?.n ?? 0)}; acknowledged answers missing or different in storage: ${mismatched}`);
  console.log(`Submits acknowledged: ${submitted} of ${STUDENTS}; results stored: ${Number(results?.n ?? 0)}`);
  await db.destroy();
  if (mismatched > 0) process.exitCode = 1;
});
