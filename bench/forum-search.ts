// Forum search benchmark: 100,000 questions in English and Bengali, searched and listed through a
// real server process.
//
//   npm run bench:forum -- [--questions 100000] [--requests 60] [--db sqlite:/tmp/x.sqlite | postgres://...]
//
// Starts server/main.ts on a loopback port over a fresh database (a temporary SQLite file by default;
// DATABASE_URL or --db for another; a PostgreSQL URL gets a fresh schema) holding one course of 40
// chapters, 2,000 students in one batch and N questions (each a sentence of medical words in English
// or in Bengali, with likes and replies counted), written directly. Then, one request at a time over
// HTTP with keep-alive, it asks /qa/search-questions (first page of 10 with the total) for a common
// and a rare English word, a Bengali word, two words, a list in each sort order, and the keyword
// suggestions. Each must answer within 100 ms at p99. A text search counts up to 1,000 matches
// ("1000+ matches": FORUM_SEARCH_COUNT_CAP). A teacher has replied to a sixth of the questions; the
// teacher desk's queue (/staff/qa/questions: unanswered first, with a count per status) is measured
// too, whole, by status, by chapter and with a search.
import os from 'node:os';
import { sql, type Insertable, type Kysely } from 'kysely';
import { connect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { importBundle } from '../server/db/seed/import.js';
import { createSession } from '../server/account/sessions.js';
import type { Database } from '../server/db/schema.js';
import { API_PREFIX, forumPaths, staffPaths } from '../src/contracts/paths.js';
import { insertChunked, newStats, positive, reportAgainstBudget, request, runBenchmark, timed, type PhaseStats } from './bench-server.js';

const QUESTIONS = Math.floor(positive('questions', 100_000));
const REQUESTS = Math.floor(positive('requests', 60));
const BUDGET_MS = 100;
const STUDENTS = 2_000;
const CHAPTERS = 40;
const SESSIONS = 20;

const COURSE = 'c0f0000000000000000000f1';
const SUBJECTS = ['50f0000000000000000000f1', '50f0000000000000000000f2'];
const GROUP = '90f0000000000000000000f1';
const hex = (prefix: string, i: number) => `${prefix}${i.toString(16).padStart(24 - prefix.length, '0')}`;
const chapterId = (i: number) => hex('caf', i);
const studentId = (i: number) => hex('5f', i);
const TEACHER = 'af0000000000000000000001';

const ENGLISH = [
  'heart', 'failure', 'kidney', 'renin', 'nerve', 'lesion', 'enzyme', 'insulin', 'glucose', 'thyroid', 'murmur', 'valve',
  'artery', 'vein', 'pressure', 'oxygen', 'lung', 'liver', 'bile', 'fever', 'infection', 'antibiotic', 'dose', 'muscle',
  'bone', 'fracture', 'anaemia', 'platelet', 'clotting', 'hormone', 'receptor', 'channel', 'sodium', 'potassium', 'calcium', 'reflex',
];
const BENGALI = [
  'হৃদপিণ্ড', 'রক্ত', 'কিডনি', 'স্নায়ু', 'এনজাইম', 'ইনসুলিন', 'গ্লুকোজ', 'চাপ', 'ফুসফুস', 'যকৃত', 'জ্বর', 'সংক্রমণ',
  'ওষুধ', 'মাত্রা', 'পেশি', 'হাড়', 'রক্তাল্পতা', 'হরমোন', 'লবণ', 'ব্যাখ্যা', 'কেন', 'কিভাবে', 'পার্থক্য', 'লক্ষণ',
];
/** A word that occurs in about one question of 2,000: the rare search. */
const RARE = 'pheochromocytoma';

/** A deterministic spread of numbers in [0, 1), so every run measures the same data. */
const spread = (i: number, salt: number) => ((i * 7919 + salt * 104_729) % 10_007) / 10_007;

function sentence(i: number): string {
  const bengali = i % 3 === 0;
  const pool = bengali ? BENGALI : ENGLISH;
  const words = Array.from({ length: 8 + (i % 7) }, (_, w) => pool[Math.floor(spread(i, w + 11) * pool.length)]!);
  if (i % 2_000 === 7) words.splice(3, 0, RARE);
  return bengali ? `${words.join(' ')} ব্যাখ্যা করুন। (${i})` : `Why does ${words.join(' ')} matter here? (${i})`;
}

function benchBundle() {
  return {
    courses: [
      {
        id: COURSE,
        name: 'Forum Benchmark Course',
        subjects: SUBJECTS.map((id, s) => ({
          id,
          name: `Subject ${s + 1}`,
          chapters: Array.from({ length: CHAPTERS / 2 }, (_, c) => ({ id: chapterId(s * (CHAPTERS / 2) + c), name: `Topic ${s * (CHAPTERS / 2) + c + 1}` })),
        })),
      },
    ],
    groups: [{ id: GROUP, name: 'Forum Benchmark Batch', courseId: COURSE, items: 'all' }],
    staff: [{ id: TEACHER, name: 'Bench Teacher', username: 'bench-teacher', role: 'teacher', password: 'bench-teacher-pass', courseIds: [COURSE] }],
  };
}

async function seedQuestions(db: Kysely<Database>): Promise<void> {
  const now = Date.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const students: Insertable<Database['students']>[] = [];
  const members: Insertable<Database['group_members']>[] = [];
  for (let i = 0; i < STUDENTS; i += 1) {
    students.push({ id: studentId(i), name: `Student ${i + 1}`, sid: `FB-${i + 1}`, username: `88015${String(i).padStart(8, '0')}`, created_at: iso(now) });
    members.push({ group_id: GROUP, student_id: studentId(i) });
  }
  const questions: Insertable<Database['forum_questions']>[] = [];
  const replies: Insertable<Database['forum_comments']>[] = [];
  for (let i = 0; i < QUESTIONS; i += 1) {
    const chapter = i % CHAPTERS;
    const created = iso(now - (QUESTIONS - i) * 60_000);
    const answers = Math.floor(spread(i, 1) * 4);
    questions.push({
      id: hex('fb', i), student_id: studentId(i % STUDENTS), course_id: COURSE, subject_id: SUBJECTS[chapter < CHAPTERS / 2 ? 0 : 1]!, chapter_id: chapterId(chapter),
      question_description: sentence(i), media: '[]', status: 'OPEN', created_at: created, updated_at: created,
      likes: Math.floor(spread(i, 2) * 30), answers, teacher_replied: answers && i % 3 === 1 ? 1 : 0, last_activity_at: answers ? iso(now - (QUESTIONS - i) * 60_000 + 3_600_000) : created,
    });
    // The last reply of a third of the answered questions is a teacher's.
    if (answers && i % 3 === 1) {
      const at = iso(now - (QUESTIONS - i) * 60_000 + 3_600_000);
      replies.push({ id: hex('fc', i), question_id: hex('fb', i), user_id: TEACHER, user_type: 'Admin', reply: 'See the chapter notes.', media: '[]', created_at: at, updated_at: at });
    }
  }
  await db.transaction().execute(async (trx) => {
    await insertChunked(trx, 'students', students);
    await insertChunked(trx, 'group_members', members);
    await insertChunked(trx, 'forum_questions', questions);
    await insertChunked(trx, 'forum_comments', replies);
  });
}

runBenchmark('forum-bench', async (database, serve) => {
  console.log(`Forum search benchmark: ${QUESTIONS} questions (a third in Bengali) in ${CHAPTERS} chapters; ${REQUESTS} requests per measure, one at a time`);
  console.log(`Database: ${database.describe}; machine: ${os.cpus().length} cores, Node ${process.version}`);
  const { db, dialect } = await connect(database.url);
  await migrate(db, dialect);
  const setupStart = performance.now();
  await importBundle(db, benchBundle(), { now: new Date(), scryptCost: 1024 });
  await seedQuestions(db);
  await sql`analyze`.execute(db);
  const sessions: { id: string; session: string }[] = [];
  for (let i = 0; i < SESSIONS; i += 1) {
    const id = studentId(Math.floor((i * STUDENTS) / SESSIONS));
    sessions.push({ id, session: await createSession(db, { id, kind: 'student' }, new Date(), 1) });
  }
  const teacher = await createSession(db, { id: TEACHER, kind: 'staff' }, new Date(), 1);
  console.log(`Setup: ${QUESTIONS} questions in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

  const port = await serve();
  const search = (body: Record<string, unknown>) => (i: number) => {
    const who = sessions[i % SESSIONS]!;
    return request(port, 'POST', `${API_PREFIX}${forumPaths.search}`, who.session, { studentId: who.id, page: 1, limit: 10, ...body });
  };
  const keyword = (searchString: string) => (i: number) =>
    request(port, 'POST', `${API_PREFIX}${forumPaths.keyword}`, sessions[i % SESSIONS]!.session, { searchString, courseId: COURSE, limit: 5 });
  const desk = (query: string) => () => request(port, 'GET', `${API_PREFIX}${staffPaths.forumQuestions}?limit=100${query ? `&${query}` : ''}`, teacher);
  const measures: { name: string; run: (i: number) => ReturnType<typeof request> }[] = [
    { name: 'list, newest first', run: search({ filter: 'None' }) },
    { name: 'list by popularity', run: search({ filter: 'Popularity' }) },
    { name: 'list by latest activity', run: search({ filter: 'Date' }) },
    { name: 'list, one chapter, page 50', run: (i) => search({ chapterId: chapterId(i % CHAPTERS), page: 50 })(i) },
    { name: 'my questions', run: search({ filter: 'My Questions' }) },
    { name: 'search common word "heart"', run: search({ searchString: 'heart' }) },
    { name: `search rare word "${RARE}"`, run: search({ searchString: RARE }) },
    { name: 'search Bengali "রক্তাল্পতা"', run: search({ searchString: 'রক্তাল্পতা' }) },
    { name: 'search two words, by popularity', run: search({ searchString: 'kidney renin', filter: 'Popularity' }) },
    { name: 'suggestions "insul"', run: keyword('insul') },
    { name: 'suggestions Bengali "হরমোন"', run: keyword('হরমোন') },
    { name: 'desk queue, unanswered first', run: desk('') },
    { name: 'desk queue, answered', run: desk('status=answered') },
    { name: 'desk queue, one chapter', run: (i) => desk(`chapterId=${chapterId(i % CHAPTERS)}`)() },
    { name: 'desk queue, search "heart"', run: desk('search=heart') },
    { name: `desk queue, search "${RARE}"`, run: desk(`search=${RARE}`) },
  ];
  const all: PhaseStats[] = [];
  for (const measure of measures) {
    for (let i = 0; i < 2; i += 1) await measure.run(i);
    const stats = newStats(measure.name);
    let total = '';
    for (let i = 0; i < REQUESTS; i += 1) {
      const reply = await timed(stats, () => measure.run(i));
      if (reply && i === 0) {
        const data = JSON.parse(reply.body).data;
        total = Array.isArray(data) ? `${data.length} suggestions` : `${data.totalRecords}${data.totalCapped ? '+' : ''} matches`;
      }
    }
    stats.endedAt = performance.now();
    stats.name = `${measure.name} (${total})`;
    all.push(stats);
  }
  reportAgainstBudget(all, BUDGET_MS);
  await db.destroy();
});
