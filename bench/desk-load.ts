// Teacher desk benchmark: the forum queue and the week's schedule with 100,000 forum questions and
// 1,000 exams in the database, through a real server process.
//
//   npm run bench:desk -- [--questions 100000] [--exams 1000] [--requests 40] [--db sqlite:/tmp/x.sqlite | postgres://...]
//
// Starts server/main.ts on a loopback port over a fresh database (a temporary SQLite file by default;
// DATABASE_URL or --db for another; a PostgreSQL URL gets a fresh schema) holding the forum benchmark's
// course (bench/forum-seed.ts: 40 chapters, 2,000 students, N questions) and E exams of the course,
// one assignment each, starting every 3 hours from about 9 weeks ago to 9 weeks ahead (some 56 a week).
// Every exam that has started has 20 attempts with an MCQ and a written answer: the older ones marked
// and published, those of the last three days awaiting marks, the running ones partly submitted.
// Then, one request at a time over HTTP with keep-alive, a teacher of the course and an administrator
// open the forum queue (the first page of 100, unanswered first; one chapter's open questions; a
// search) and the schedule (this week, a past week). Prints p50 and p95 of each; each must answer
// within 1 s at p95.
import os from 'node:os';
import { sql, type Insertable, type Kysely } from 'kysely';
import { connect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { importAcademy } from '../server/import/index.js';
import { createSession } from '../server/account/sessions.js';
import type { Database } from '../server/db/schema.js';
import { API_PREFIX, staffPaths } from '../src/contracts/paths.js';
import { weekAfter, weekOfTime } from '../src/domain/academyWeek.js';
import { COURSE, GROUP, STUDENTS, TEACHER, benchBundle, chapterId, hex, seedQuestions } from './forum-seed.js';
import { insertChunked, newStats, percentile, positive, request, runBenchmark, timed, type PhaseStats } from './bench-server.js';

const QUESTIONS = Math.floor(positive('questions', 100_000));
const EXAMS = Math.floor(positive('exams', 1_000));
const REQUESTS = Math.floor(positive('requests', 40));
const BUDGET_MS = 1_000;
const ATTEMPTS_PER_EXAM = 20;
const HOUR = 3_600_000;
const ADMIN = 'af0000000000000000000002';

const examId = (i: number) => hex('e0d', i);
const questionId = (i: number, k: number) => hex('e2d', i * 2 + k);

/** The exams, their assignments, questions, attempts, answers and results, written directly. */
async function seedExams(db: Kysely<Database>): Promise<{ attempts: number }> {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const exams: Insertable<Database['exams']>[] = [];
  const assignments: Insertable<Database['exam_assignments']>[] = [];
  const questions: Insertable<Database['questions']>[] = [];
  const attempts: Insertable<Database['attempts']>[] = [];
  const answers: Insertable<Database['answers']>[] = [];
  const results: Insertable<Database['results']>[] = [];
  for (let i = 0; i < EXAMS; i += 1) {
    const startsAt = now + (i - EXAMS / 2) * 3 * HOUR;
    const endsAt = startsAt + 2 * HOUR;
    const published = endsAt < now - 3 * 24 * HOUR;
    exams.push({
      id: examId(i), title: `Desk Benchmark Test ${i + 1}`, course_id: COURSE, subject_id: null, is_practice: 0, is_segmented: 0, instruction: null,
      total_marks: 3, pass_mark: 50, negative_mark: 0, segmented_details: null, gpa_factor: null, created_at: iso(startsAt - 7 * 24 * HOUR),
    });
    assignments.push({
      id: hex('ead', i), exam_id: examId(i), group_id: GROUP, starts_at: iso(startsAt), ends_at: iso(endsAt), duration: 60, cut_marks: null,
      multiple_times_submission: 0, result_published: published ? 1 : 0, published_at: published ? iso(endsAt + 24 * HOUR) : null, removed_at: null,
    });
    const base = { exam_id: examId(i), subject_id: null, option_type: '{}', image: '[]', file: '[]', explanation: null, explanation_ext: '[]', notes: null };
    questions.push({ ...base, id: questionId(i, 0), position: 0, type: 'MCQ', title: 'Pick A', point: 1, options: '["A","B","C","D"]', answer: '[0]' });
    questions.push({ ...base, id: questionId(i, 1), position: 1, type: 'shortAns', title: 'Name it', point: 2, options: '[]', answer: '[]' });
    if (startsAt > now) continue;
    const running = endsAt > now;
    for (let k = 0; k < ATTEMPTS_PER_EXAM; k += 1) {
      const n = attempts.length;
      const student = hex('5f', (i * ATTEMPTS_PER_EXAM + k) % STUDENTS);
      const started = startsAt + k * 60_000;
      if (running && started > now) break;
      const submitted = running && k % 2 === 0 ? null : started + 40 * 60_000;
      attempts.push({ id: hex('a0d', n), exam_id: examId(i), group_id: GROUP, student_id: student, started_at: iso(started), deadline_at: iso(started + HOUR), submitted_at: submitted === null ? null : iso(submitted), round: 1, live: 1 });
      const marked = published;
      for (const [q, answer] of [[0, '[0]'], [1, '["Mitral valve"]']] as const) {
        answers.push({
          attempt_id: hex('a0d', n), question_id: questionId(i, q), answer, extra: '[]', answer_index: null, client_timestamp: started + 60_000, saved_at: iso(started + 60_000), offline: 0,
          review_marks: q === 1 && marked ? 1 : null, review_comment: null, reviewed_by: q === 1 && marked ? TEACHER : null, reviewed_at: q === 1 && marked ? iso(endsAt + HOUR) : null,
        });
      }
      if (submitted === null) continue;
      results.push({
        id: hex('r0d', n), attempt_id: hex('a0d', n), exam_id: examId(i), group_id: GROUP, student_id: student, marks_obtained: marked ? 2 : 1, negative_marks: 0, total_marks: 3,
        correct: marked ? 1.5 : 1, incorrect: marked ? 0.5 : 0, skipped: 0, passed: marked ? 1 : 0, detail: '[]', pending_review: marked ? 0 : 1, gpa_marks: 0, overall_marks: marked ? 2 : 1, created_at: iso(submitted),
      });
    }
  }
  await db.transaction().execute(async (trx) => {
    await insertChunked(trx, 'exams', exams);
    await insertChunked(trx, 'exam_assignments', assignments);
    await insertChunked(trx, 'questions', questions);
    await insertChunked(trx, 'attempts', attempts);
    await insertChunked(trx, 'answers', answers);
    await insertChunked(trx, 'results', results);
  });
  return { attempts: attempts.length };
}

runBenchmark('desk-bench', async (database, serve) => {
  console.log(`Teacher desk benchmark: ${QUESTIONS} forum questions, ${EXAMS} exams; ${REQUESTS} requests per measure, one at a time`);
  console.log(`Database: ${database.describe}; machine: ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')}`);
  const { db, dialect } = await connect(database.url);
  await migrate(db, dialect);
  const setupStart = performance.now();
  const bundle = benchBundle();
  await importAcademy(db, { ...bundle, staff: [...bundle.staff, { id: ADMIN, name: 'Bench Admin', username: 'bench-admin', role: 'admin', password: 'bench-admin-pass' }] }, { now: new Date(), scryptCost: 1024 });
  await seedQuestions(db, QUESTIONS);
  const { attempts } = await seedExams(db);
  await sql`analyze`.execute(db);
  const teacher = await createSession(db, { id: TEACHER, kind: 'staff' }, new Date(), 1);
  const admin = await createSession(db, { id: ADMIN, kind: 'staff' }, new Date(), 1);
  console.log(`Setup: ${QUESTIONS} questions, ${EXAMS} exams with ${attempts} attempts in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

  const port = await serve();
  const thisWeek = weekOfTime(Date.now()).weekOf;
  const get = (session: string, path: string) => () => request(port, 'GET', `${API_PREFIX}${path}`, session);
  const queue = (query: string) => `${staffPaths.forumQuestions}?limit=100${query}`;
  const measures: { name: string; run: (i: number) => ReturnType<typeof request> }[] = [
    { name: 'forum queue, first page, unanswered first', run: get(teacher, queue('')) },
    { name: 'forum queue, one chapter, open', run: (i) => get(teacher, queue(`&status=open&chapterId=${chapterId(i % 40)}`))() },
    { name: 'forum queue, search "heart"', run: get(teacher, queue('&search=heart')) },
    { name: 'forum queue (admin), first page', run: get(admin, queue('')) },
    { name: 'schedule, this week', run: get(teacher, `${staffPaths.schedule}?weekOf=${thisWeek}`) },
    { name: 'schedule, a past week', run: get(teacher, `${staffPaths.schedule}?weekOf=${weekAfter(thisWeek, -4)}`) },
    { name: 'schedule (admin), this week', run: get(admin, `${staffPaths.schedule}?weekOf=${thisWeek}`) },
  ];
  const all: PhaseStats[] = [];
  for (const measure of measures) {
    for (let i = 0; i < 2; i += 1) await measure.run(i);
    const stats = newStats(measure.name);
    let size = '';
    for (let i = 0; i < REQUESTS; i += 1) {
      const reply = await timed(stats, () => measure.run(i));
      if (reply && i === 0) {
        const data = JSON.parse(reply.body).data;
        size = 'assignments' in data ? `${data.assignments.length} exams` : `${data.totalRecords}${data.totalCapped ? '+' : ''} matches`;
      }
    }
    stats.endedAt = performance.now();
    stats.name = `${measure.name} (${size})`;
    all.push(stats);
  }
  console.log('');
  for (const stats of all) {
    const sorted = [...stats.latencies].sort((a, b) => a - b);
    console.log(`${stats.name.padEnd(58)} p50 ${percentile(sorted, 50).toFixed(1).padStart(7)} ms  p95 ${percentile(sorted, 95).toFixed(1).padStart(7)} ms  max ${(sorted.at(-1) ?? 0).toFixed(1).padStart(7)} ms  errors ${stats.errors}`);
  }
  const over = all.filter((stats) => stats.errors > 0 || percentile([...stats.latencies].sort((a, b) => a - b), 95) >= BUDGET_MS);
  console.log('');
  console.log(over.length === 0 ? `Every measure answered within ${BUDGET_MS} ms at p95.` : `Over ${BUDGET_MS} ms at p95 or failing: ${over.map((s) => s.name).join('; ')}`);
  if (over.length > 0) process.exitCode = 1;
  await db.destroy();
});
