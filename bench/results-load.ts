// Results benchmark: the merit list and the scoreboard of a live exam with 10,000 results, against a
// real server process.
//
//   npm run bench:results -- [--results 10000] [--requests 60] [--db sqlite:/tmp/x.sqlite | postgres://...]
//
// Starts server/main.ts on a loopback port over a fresh database (a temporary SQLite file by default;
// DATABASE_URL or --db for another; a PostgreSQL URL gets a fresh schema) holding one finished,
// published live exam of two batches with N results (marks in quarter steps plus GPA marks, so ties
// are many; its merit list fixed as publishing does, and timed), and 20 practice results of the
// first student. Then, one request at a time over HTTP with
// keep-alive, it reads: merit list pages (100 rows, and the largest page of 1000), the whole
// scoreboard, a scoreboard page and the student's result. Each must answer within 200 ms at p99.
// Then the teacher desk's results of the first batch (half the results): its whole merit list, one
// student's result, and the list as CSV and as XLSX, each within 1,000 ms at p99.
import os from 'node:os';
import type { Insertable, Kysely } from 'kysely';
import { connect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { importAcademy } from '../server/import/index.js';
import { createSession } from '../server/account/sessions.js';
import type { Database } from '../server/db/schema.js';
import { roundMarks } from '../src/domain/scoring.js';
import { fixMeritList } from '../server/results/queries.js';
import { API_PREFIX, pathTo, resultsPaths, staffResultsPaths } from '../src/contracts/paths.js';
import { insertChunked, newStats, positive, reportAgainstBudget, request, runBenchmark, timed, type PhaseStats } from './bench-server.js';

const RESULTS = Math.floor(positive('results', 10_000));
const REQUESTS = Math.floor(positive('requests', 60));
const BUDGET_MS = 200;
const QUESTIONS = 40;
const PRACTICE_EXAMS = 20;
const SESSIONS = 50;

const COURSE = 'c0c0000000000000000000c1';
const GROUPS = ['90c0000000000000000000c1', '90c0000000000000000000c2'];
const EXAM = 'e0c0000000000000000000c1';
const ASSIGNMENTS = ['ea0000000000000000000001', 'ea0000000000000000000002'];
const ADMIN = '5fc0000000000000000000a1';
const DESK_BUDGET_MS = 1000;
const DESK_REQUESTS = 10;
const studentId = (i: number) => `5c${i.toString(16).padStart(22, '0')}`;
const questionId = (exam: number, i: number) => `e2c${exam.toString(16).padStart(3, '0')}${i.toString(16).padStart(18, '0')}`;
const practiceId = (i: number) => `e0c${(i + 2).toString(16).padStart(21, '0')}`;
const rowId = (kind: string, i: number) => `${kind}${i.toString(16).padStart(24 - kind.length, '0')}`;

const FACULTIES = ['Medicine', 'Surgery', 'Paediatrics', 'Basic Science', 'No faculty'];
const CATEGORIES = ['Govt.', 'Non-Govt.', 'AMC', 'Others'];
const SUBJECTS = ['Cardiology', 'Neurology', 'No Subject'];

/** A deterministic spread of numbers in [0, 1), so every run measures the same data. */
const spread = (i: number, salt: number) => ((i * 7919 + salt * 104_729) % 10_007) / 10_007;

function benchBundle() {
  return {
    courses: [{ id: COURSE, name: 'Benchmark Course', subjects: [] }],
    staff: [{ id: ADMIN, name: 'Benchmark Admin', username: 'bench-admin@academy.test', role: 'admin', password: 'bench-admin-pass-2026' }],
    groups: GROUPS.map((id, i) => ({ id, name: `Benchmark Batch ${i + 1}`, courseId: COURSE, items: 'all' })),
    exams: [
      {
        id: EXAM,
        title: 'Benchmark Grand Test',
        courseId: COURSE,
        passMark: 40,
        negativeMark: 0.25,
        gpaFactor: { hsc: 1, ssc: 1 },
        questions: Array.from({ length: QUESTIONS }, (_, i) => ({ id: questionId(1, i), type: 'MCQ', title: `Question ${i + 1}`, point: 1, options: ['A', 'B', 'C', 'D'], answer: [i % 4] })),
        assignments: GROUPS.map((groupId, i) => ({ id: ASSIGNMENTS[i], groupId, startsAt: 'now-1d', endsAt: 'now-22h', duration: 60, resultPublished: true })),
      },
      ...Array.from({ length: PRACTICE_EXAMS }, (_, p) => ({
        id: practiceId(p),
        title: `Benchmark Practice ${p + 1}`,
        courseId: COURSE,
        isPracticeExam: true,
        passMark: 50,
        questions: [{ id: questionId(p + 2, 0), type: 'MCQ', title: 'Practice question', point: 1, options: ['A', 'B'], answer: [0] }],
        assignments: [{ groupId: GROUPS[0]!, startsAt: 'now-30d', endsAt: 'now+30d', duration: 10 }],
      })),
    ],
  };
}

/** The students, their batches, their attempts and results, written directly (a realistic spread, fast). */
async function seedResults(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const students: Insertable<Database['students']>[] = [];
  const members: Insertable<Database['group_members']>[] = [];
  const attempts: Insertable<Database['attempts']>[] = [];
  const results: Insertable<Database['results']>[] = [];
  for (let i = 0; i < RESULTS; i += 1) {
    const hsc = roundMarks(3.5 + Math.round(spread(i, 1) * 150) / 100);
    const ssc = roundMarks(3.5 + Math.round(spread(i, 2) * 150) / 100);
    const group = GROUPS[i % 2]!;
    students.push({ id: studentId(i), name: `Student ${i + 1}`, sid: `BR-${i + 1}`, username: `88014${String(i).padStart(8, '0')}`, hsc_gpa: hsc, ssc_gpa: ssc, created_at: iso(now) });
    members.push({ group_id: group, student_id: studentId(i) });
    const started = now - 86_400_000 + Math.floor(spread(i, 3) * 600_000);
    const submitted = started + 1_200_000 + Math.floor(spread(i, 4) * 2_000_000);
    attempts.push({
      id: rowId('a0', i), exam_id: EXAM, group_id: group, student_id: studentId(i), started_at: iso(started), deadline_at: iso(started + 3_600_000),
      submitted_at: iso(submitted), candidate_category: CATEGORIES[i % 4], faculty: FACULTIES[i % 5], subject_name: SUBJECTS[i % 3], round: 1, live: 1,
    });
    const correct = Math.floor(spread(i, 5) * (QUESTIONS + 1));
    const incorrect = Math.floor(spread(i, 6) * (QUESTIONS - correct + 1));
    const negative = roundMarks(incorrect * 0.25);
    const marks = roundMarks(correct - negative);
    const gpa = roundMarks(hsc + ssc);
    results.push({
      id: rowId('r0', i), attempt_id: rowId('a0', i), exam_id: EXAM, group_id: group, student_id: studentId(i), marks_obtained: marks, negative_marks: negative,
      total_marks: QUESTIONS, correct, incorrect, skipped: QUESTIONS - correct - incorrect, passed: marks / QUESTIONS >= 0.4 ? 1 : 0, detail: '[]', pending_review: 0,
      gpa_marks: gpa, overall_marks: roundMarks(marks + gpa), created_at: iso(submitted),
    });
  }
  // The first student's practice results: the scoreboard's other rows.
  for (let p = 0; p < PRACTICE_EXAMS; p += 1) {
    const at = now - (p + 2) * 86_400_000;
    attempts.push({ id: rowId('a1', p), exam_id: practiceId(p), group_id: GROUPS[0]!, student_id: studentId(0), started_at: iso(at - 300_000), deadline_at: iso(at + 300_000), submitted_at: iso(at), round: 1, live: 0 });
    results.push({
      id: rowId('r1', p), attempt_id: rowId('a1', p), exam_id: practiceId(p), group_id: GROUPS[0]!, student_id: studentId(0), marks_obtained: p % 2, negative_marks: 0,
      total_marks: 1, correct: p % 2, incorrect: 1 - (p % 2), skipped: 0, passed: p % 2 === 1 ? 1 : 0, detail: '[]', pending_review: 0, gpa_marks: 0, overall_marks: p % 2, created_at: iso(at),
    });
  }
  await db.transaction().execute(async (trx) => {
    await insertChunked(trx, 'students', students);
    await insertChunked(trx, 'group_members', members);
    await insertChunked(trx, 'attempts', attempts);
    await insertChunked(trx, 'results', results);
  });
}

runBenchmark('results-bench', async (database, serve) => {
  console.log(`Results benchmark: one published live exam with ${RESULTS} results; ${REQUESTS} requests per measure, one at a time`);
  console.log(`Database: ${database.describe}; machine: ${os.cpus().length} cores, Node ${process.version}`);
  const { db, dialect } = await connect(database.url);
  await migrate(db, dialect);
  const setupStart = performance.now();
  await importAcademy(db, benchBundle(), { now: new Date(), scryptCost: 1024 });
  await seedResults(db);
  const fixStart = performance.now();
  await fixMeritList(db, EXAM);
  const fixMs = performance.now() - fixStart;
  const sessions: string[] = [];
  for (let i = 0; i < SESSIONS; i += 1) sessions.push(await createSession(db, { id: studentId(Math.floor((i * RESULTS) / SESSIONS)), kind: 'student' }, new Date(), 1));
  console.log(`Setup: ${RESULTS} students with results in ${((performance.now() - setupStart) / 1000).toFixed(1)} s; fixing the merit list (as publishing does): ${fixMs.toFixed(0)} ms`);

  const port = await serve();
  const api = (path: string) => `${API_PREFIX}${path}`;
  const merit = (extra: string) => api(`${resultsPaths.meritList}?examId=${EXAM}&typeOfExam=LIVE${extra}`);
  const measures: { name: string; url: (i: number) => string; session: (i: number) => string }[] = [
    { name: 'merit list, page of 100', url: (i) => merit(`&after=${(i * 997) % RESULTS}&limit=100`), session: (i) => sessions[i % SESSIONS]! },
    { name: 'merit list, page of 1000', url: (i) => merit(`&after=${((i * 997) % 10) * 1000}&limit=1000`), session: (i) => sessions[i % SESSIONS]! },
    { name: 'scoreboard, whole (21 results)', url: () => api(resultsPaths.scoreboard), session: () => sessions[0]! },
    { name: 'scoreboard, page of 20', url: () => api(`${resultsPaths.scoreboardPage}?limit=20`), session: (i) => sessions[i % SESSIONS]! },
    { name: 'own result with merit position', url: (i) => api(pathTo(resultsPaths.result, { examId: EXAM, groupId: GROUPS[(Math.floor((i % SESSIONS) * RESULTS / SESSIONS)) % 2]! })), session: (i) => sessions[i % SESSIONS]! },
  ];
  const all: PhaseStats[] = [];
  for (const measure of measures) {
    // Two warm-up requests (first query plans, first serialisation), then the measured ones.
    for (let i = 0; i < 2; i += 1) await request(port, 'GET', measure.url(i), measure.session(i));
    const stats = newStats(measure.name);
    for (let i = 0; i < REQUESTS; i += 1) await timed(stats, () => request(port, 'GET', measure.url(i), measure.session(i)));
    stats.endedAt = performance.now();
    all.push(stats);
  }
  reportAgainstBudget(all, BUDGET_MS);

  const staff = await createSession(db, { id: ADMIN, kind: 'staff' }, new Date(), 1);
  const desk = (path: typeof staffResultsPaths.meritList | typeof staffResultsPaths.sheet) => api(pathTo(path, { assignmentId: ASSIGNMENTS[0]! }));
  const deskMeasures: { name: string; url: (i: number) => string }[] = [
    { name: `desk merit list of a batch (${Math.ceil(RESULTS / 2)} rows)`, url: () => desk(staffResultsPaths.meritList) },
    { name: "desk: one student's result", url: (i) => api(pathTo(staffResultsPaths.studentResult, { assignmentId: ASSIGNMENTS[0]!, studentId: studentId(2 * i) })) },
    { name: 'desk sheet, CSV', url: () => `${desk(staffResultsPaths.sheet)}?format=csv` },
    { name: 'desk sheet, XLSX', url: () => `${desk(staffResultsPaths.sheet)}?format=xlsx` },
  ];
  const deskStats: PhaseStats[] = [];
  for (const measure of deskMeasures) {
    await request(port, 'GET', measure.url(0), staff);
    const stats = newStats(measure.name);
    for (let i = 0; i < DESK_REQUESTS; i += 1) await timed(stats, () => request(port, 'GET', measure.url(i), staff));
    stats.endedAt = performance.now();
    deskStats.push(stats);
  }
  reportAgainstBudget(deskStats, DESK_BUDGET_MS);
  await db.destroy();
});
