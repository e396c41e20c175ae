// The regrade's exam, shared by the regrade benchmark (bench/regrade-load.ts) and the fault suite
// (tests/faults/regrade-killed.test.ts): one finished live exam of two batches with 40 MCQ questions and
// N attempts with every answer stored, scored by the server's own bulk scoring and its merit list fixed
// (as publishing does); the batches published with an open challenge window; another live exam running
// now for `savers` students.
import type { Insertable, Kysely } from 'kysely';
import type { Dialect } from '../server/db/connect.js';
import type { Database } from '../server/db/schema.js';
import { importAcademy } from '../server/import/index.js';
import { examById } from '../server/exams/queries.js';
import { regradeExamResults } from '../server/exams/regrading.js';
import { fixMeritList } from '../server/results/queries.js';
import { insertChunked } from './bench-server.js';

export const QUESTIONS = 40;
export const COURSE = 'c0d0000000000000000000d1';
export const GROUPS = ['90d0000000000000000000d1', '90d0000000000000000000d2'];
export const LIVE_GROUP = '90d0000000000000000000d3';
export const EXAM = 'e0d0000000000000000000d1';
export const LIVE_EXAM = 'e0d0000000000000000000d2';
export const ADMIN = 'ad0000000000000000000d01';
export const ASSIGNMENT = 'fad00000000000000000d001';
export const studentId = (i: number) => `5d${i.toString(16).padStart(22, '0')}`;
export const saverId = (i: number) => `5e${i.toString(16).padStart(22, '0')}`;
export const questionId = (exam: number, i: number) => `e2d${exam.toString(16).padStart(3, '0')}${i.toString(16).padStart(18, '0')}`;
const rowId = (kind: string, i: number) => `${kind}${i.toString(16).padStart(24 - kind.length, '0')}`;
const spread = (i: number, salt: number) => ((i * 7919 + salt * 104_729) % 10_007) / 10_007;

function regradeBundle(savers: number) {
  return {
    courses: [{ id: COURSE, name: 'Benchmark Course', subjects: [] }],
    groups: [...GROUPS, LIVE_GROUP].map((id, i) => ({ id, name: `Benchmark Batch ${i + 1}`, courseId: COURSE, items: 'all' })),
    staff: [{ id: ADMIN, name: 'Bench Admin', username: 'bench.admin@academy.test', role: 'admin', password: 'bench-admin-pass-2026' }],
    students: Array.from({ length: savers }, (_, i) => ({ id: saverId(i), name: `Saver ${i + 1}`, sid: `SV-${i + 1}`, phone: `0173${String(i).padStart(7, '0')}`, groups: [LIVE_GROUP] })),
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

/** Imports the academy and seeds the finished exam's `attempts` scored attempts, with `savers` students in the live exam. */
export async function seedRegradeExam(db: Kysely<Database>, dialect: Dialect, attempts: number, savers: number): Promise<void> {
  await importAcademy(db, regradeBundle(savers), { now: new Date(), scryptCost: 1024 });
  await seedAttempts(db, dialect, attempts);
}

/** The students of the finished exam, their attempts, every answer and a placeholder result (scored below). */
async function seedAttempts(db: Kysely<Database>, dialect: Dialect, attempts: number): Promise<void> {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const students: Insertable<Database['students']>[] = [];
  const members: Insertable<Database['group_members']>[] = [];
  const attemptRows: Insertable<Database['attempts']>[] = [];
  const answers: Insertable<Database['answers']>[] = [];
  const results: Insertable<Database['results']>[] = [];
  for (let i = 0; i < attempts; i += 1) {
    const group = GROUPS[i % 2]!;
    students.push({ id: studentId(i), name: `Student ${i + 1}`, sid: `BR-${i + 1}`, username: `88015${String(i).padStart(8, '0')}`, created_at: iso(now) });
    members.push({ group_id: group, student_id: studentId(i) });
    const started = now - 86_400_000 + Math.floor(spread(i, 3) * 600_000);
    attemptRows.push({
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
    await insertChunked(trx, 'attempts', attemptRows);
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
