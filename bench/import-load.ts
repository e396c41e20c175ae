// Import benchmark: a 10,000-student sheet and a 200-question exam sheet checked and imported through
// the desk's import route (each upload a job, followed to its end) while a batch sits a live exam
// against the same server process.
//
//   npm run bench:import -- [--students 10000] [--questions 200] [--sitting 300] [--db sqlite:/tmp/x.sqlite | postgres://...]
//
// Starts server/main.ts over a fresh database (a temporary SQLite file by default) holding one course,
// a batch of --sitting students in a live exam and an administrator. The students open the exam and
// save an answer every 3 s each; meanwhile the administrator sends, one after the other, each sheet
// for a dry run, then to be imported, then once more (a no-op). Prints each step's time (budget 30 s)
// and the saves' latencies before and during the imports (budget p99 100 ms).
import os from 'node:os';
import { connect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { importAcademy } from '../server/import/index.js';
import { createSession } from '../server/account/sessions.js';
import { examWorkbook, studentRows, workbook } from '../server/import/sheets.js';
import { API_PREFIX, examsPaths, pathTo, staffPaths } from '../src/contracts/paths.js';
import type { ImportJob, ImportResult } from '../src/contracts/import.js';
import { newStats, percentile, positive, prepareDatabase, report, timed, type PhaseStats } from './bench-server.js';
import { agent, request, sleep, startServerProcess, type ServerProcess } from './server-process.js';

const STUDENTS = Math.floor(positive('students', 10_000));
const QUESTIONS = Math.floor(positive('questions', 200));
const SITTING = Math.floor(positive('sitting', 300));
const SAVE_EVERY_MS = 3_000;
const STEP_BUDGET_MS = 30_000;
const SAVE_BUDGET_MS = 100;

const COURSE = 'c0c0000000000000000000c1';
const GROUP = '90c0000000000000000000c1';
const NEW_GROUP = '90c0000000000000000000c2';
const EXAM = 'e0c0000000000000000000c1';
const ADMIN = '5f0c000000000000000000c1';
const sittingId = (i: number) => `5c${i.toString(16).padStart(22, '0')}`;
const liveQuestion = (i: number) => `e2c${i.toString(16).padStart(21, '0')}`;

function baseBundle() {
  return {
    staff: [{ id: ADMIN, name: 'Bench Office', username: 'bench-admin', role: 'admin', password: 'bench-admin-pass' }],
    courses: [{ id: COURSE, name: 'Import Bench Course', subjects: [{ id: 'b0c0000000000000000000c1', name: 'Physiology' }] }],
    groups: [
      { id: GROUP, name: 'Sitting Batch', courseId: COURSE, items: 'all' },
      { id: NEW_GROUP, name: 'New Batch', courseId: COURSE, items: 'all' },
    ],
    students: Array.from({ length: SITTING }, (_, i) => ({ id: sittingId(i), name: `Sitting ${i + 1}`, sid: `S-${i + 1}`, phone: `016${String(i).padStart(8, '0')}`, groups: [GROUP] })),
    exams: [{
      id: EXAM, title: 'Live exam under way', courseId: COURSE, passMark: 40,
      questions: Array.from({ length: 40 }, (_, i) => ({ id: liveQuestion(i), type: 'MCQ', title: `Question ${i + 1}`, point: 1, options: ['A', 'B', 'C', 'D'], answer: [i % 4] })),
      assignments: [{ groupId: GROUP, startsAt: 'now-5m', endsAt: 'now+3h', duration: 120 }],
    }],
  };
}

/** A batch's students as the staff would write them: Bengali and English names, sessions, branches. */
async function studentSheet(): Promise<Buffer> {
  const names = ['Nusrat Jahan', 'তানভীর হাসান', 'Farhana Akter', 'সাদিয়া ইসলাম', 'Rakib Hossain'];
  return workbook([['Students', studentRows(Array.from({ length: STUDENTS }, (_, i) => ({
    name: `${names[i % names.length]} ${i + 1}`, sid: `N-${i + 1}`, phone: `017${String(i).padStart(8, '0')}`, session: '2026-27',
    branch: { name: 'Farmgate', division: 'Dhaka' }, groups: [NEW_GROUP],
  })))]]);
}

/** Next week's exam: every question type, options A to E, explanations. */
async function examSheet(): Promise<Buffer> {
  const start = new Date(Date.now() + 7 * 86_400_000);
  const questions = Array.from({ length: QUESTIONS }, (_, i) => {
    const base = { id: '', title: `প্রশ্ন ${i + 1}: which of these is true?`, point: 1, explanation: `Explanation ${i + 1}` };
    switch (i % 5) {
      case 0: return { ...base, type: 'MCQ' as const, options: ['A', 'B', 'C', 'D', 'E'], answer: [i % 5] };
      case 1: return { ...base, type: 'checkbox' as const, options: ['A', 'B', 'C', 'D'], answer: [0, 2] };
      case 2: return { ...base, type: 'MCA' as const, options: ['a', 'b', 'c', 'd', 'e'], answer: ['true', 'false', 'true', 'false', 'true'] };
      case 3: return { ...base, type: 'shortAns' as const, answer: ['model answer'] };
      default: return { ...base, type: 'paragraph' as const };
    }
  });
  return examWorkbook([{
    id: '', title: 'Next week: grand test', courseId: COURSE, passMark: 40, negativeMark: 0.25, questions,
    assignments: [{ groupId: GROUP, startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3 * 3_600_000).toISOString(), duration: 120 }],
  }]);
}

/**
 * Sends a sheet as the desk does: the upload answers 202 with its import job at once, and the job is
 * asked for every 200 ms until it ends; resolves with its outcome.
 */
async function importThroughJob(port: number, admin: string, name: string, data: Buffer, apply: boolean, what: string): Promise<ImportResult> {
  const sent = await request(port, 'POST', `${API_PREFIX}${staffPaths.import}?name=${name}${apply ? '&apply=true' : ''}`, admin, data, 120_000);
  if (sent.status !== 202) throw new Error(`${what} answered ${sent.status}: ${sent.body.slice(0, 500)}`);
  const { id } = (JSON.parse(sent.body) as { data: ImportJob }).data;
  for (;;) {
    await sleep(200);
    const reply = await request(port, 'GET', `${API_PREFIX}${pathTo(staffPaths.importJob, { jobId: id })}`, admin);
    if (reply.status !== 200) throw new Error(`${what}: its job answered ${reply.status}: ${reply.body.slice(0, 500)}`);
    const job = (JSON.parse(reply.body) as { data: ImportJob }).data;
    if (job.state === 'done') return job.outcome!;
    if (job.state === 'failed' || job.state === 'cancelled') throw new Error(`${what}: the job ended ${job.state}${job.failure ? `: ${job.failure}` : ''}`);
  }
}

async function main(): Promise<void> {
  const database = await prepareDatabase('import-bench');
  let server: ServerProcess | null = null;
  try {
    console.log(`Import benchmark: a ${STUDENTS}-student sheet and a ${QUESTIONS}-question exam sheet through the desk, while ${SITTING} students save an answer every ${SAVE_EVERY_MS / 1000} s`);
    console.log(`Database: ${database.describe}; machine: ${os.cpus().length} cores, Node ${process.version}`);
    const { db, dialect } = await connect(database.url);
    await migrate(db, dialect);
    await importAcademy(db, baseBundle(), { now: new Date(), scryptCost: 1024 });
    const admin = await createSession(db, { id: ADMIN, kind: 'staff' }, new Date(), 1);
    const sessions: string[] = [];
    for (let i = 0; i < SITTING; i += 1) sessions.push(await createSession(db, { id: sittingId(i), kind: 'student' }, new Date(), 1));
    await db.destroy();
    const sheets: [string, string, Buffer][] = [['students', 'students.xlsx', await studentSheet()], ['exam', 'exam.xlsx', await examSheet()]];
    for (const [what, , data] of sheets) console.log(`The ${what} sheet: ${(data.length / 1024).toFixed(0)} KB`);

    server = await startServerProcess(database.url, { LOG_LEVEL: 'silent' });
    const port = server.port;
    for (const session of sessions) {
      const started = await request(port, 'PATCH', `${API_PREFIX}${pathTo(examsPaths.start, { examId: EXAM, groupId: GROUP })}`, session);
      if (started.status !== 200) throw new Error(`start answered ${started.status}: ${started.body}`);
    }

    // Each student saves an answer every 3 s, at their own phase, until the imports are done.
    let phase = newStats('answer saves before the imports');
    const before = phase;
    // The saves of each import step too: a dry run reads and checks as the import does, without writing.
    let stepSaves: PhaseStats | null = null;
    let stop = false;
    const saving = Promise.all(sessions.map(async (session, s) => {
      await new Promise((r) => setTimeout(r, (s / SITTING) * SAVE_EVERY_MS));
      for (let round = 0; !stop; round += 1) {
        const next = performance.now() + SAVE_EVERY_MS;
        const q = (s + round) % 40;
        const counted = stepSaves;
        const t0 = performance.now();
        await timed(phase, () => request(port, 'PATCH', `${API_PREFIX}${pathTo(examsPaths.addAnswer, { examId: EXAM, groupId: GROUP })}?isLive=true`, session, { questionId: liveQuestion(q), answer: [round % 4], timestamp: Date.now() }));
        if (counted && counted === stepSaves) counted.latencies.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
      }
    }));
    await new Promise((r) => setTimeout(r, 10_000));
    before.endedAt = performance.now();
    const during = newStats('answer saves during the imports');
    phase = during;

    const steps: { name: string; ms: number; summary: string; saves: PhaseStats }[] = [];
    for (const [what, name, data] of sheets) {
      for (const [step, apply] of [['dry run', false], ['import', true], ['import again', true]] as const) {
        const t0 = performance.now();
        const saves = newStats(`${what} sheet, ${step}`);
        stepSaves = saves;
        const result = await importThroughJob(port, admin, name, data, apply, `${what} ${step}`);
        const ms = performance.now() - t0;
        if (result.problems.length) throw new Error(`${what} ${step}: ${result.problems.length} problems, the first: ${result.problems[0]!.message}`);
        const summary = result.kinds.filter((k) => k.added + k.updated + k.removed > 0).map((k) => `${k.added} ${k.kind} added`).join(', ') || 'nothing changed';
        stepSaves = null;
        steps.push({ name: `${what} sheet, ${step}`, ms, summary, saves });
      }
    }
    during.endedAt = performance.now();
    stop = true;
    await saving;

    console.log('');
    for (const step of steps) {
      const sorted = [...step.saves.latencies].sort((a, b) => a - b);
      const saves = `saves meanwhile p50 ${percentile(sorted, 50).toFixed(1)} / p99 ${percentile(sorted, 99).toFixed(1)} / max ${(sorted.at(-1) ?? 0).toFixed(1)} ms (${sorted.length})`;
      console.log(`${step.name.padEnd(34)} ${(step.ms / 1000).toFixed(1).padStart(6)} s  ${saves}  ${step.summary}`);
    }
    console.log('');
    report(before);
    report(during);
    const p99 = percentile([...during.latencies].sort((a, b) => a - b), 99);
    const slow = steps.filter((s) => s.ms >= STEP_BUDGET_MS);
    console.log('');
    console.log(slow.length === 0 ? `Every step within ${STEP_BUDGET_MS / 1000} s.` : `Over ${STEP_BUDGET_MS / 1000} s: ${slow.map((s) => s.name).join('; ')}`);
    console.log(p99 < SAVE_BUDGET_MS && during.errors === 0 ? `Saves during the imports: p99 ${p99.toFixed(1)} ms, within ${SAVE_BUDGET_MS} ms.` : `Saves during the imports: p99 ${p99.toFixed(1)} ms, ${during.errors} errors: over the budget of ${SAVE_BUDGET_MS} ms.`);
    if (slow.length || p99 >= SAVE_BUDGET_MS || during.errors) process.exitCode = 1;
  } finally {
    await server?.stop();
    agent.destroy();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
