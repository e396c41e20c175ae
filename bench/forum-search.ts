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
import { sql } from 'kysely';
import { connect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { importAcademy } from '../server/import/index.js';
import { createSession } from '../server/account/sessions.js';
import { API_PREFIX, forumPaths, staffPaths } from '../src/contracts/paths.js';
import { CHAPTERS, COURSE, RARE, STUDENTS, TEACHER, benchBundle, chapterId, seedQuestions, studentId } from './forum-seed.js';
import { newStats, positive, reportAgainstBudget, request, runBenchmark, timed, type PhaseStats } from './bench-server.js';

const QUESTIONS = Math.floor(positive('questions', 100_000));
const REQUESTS = Math.floor(positive('requests', 60));
const BUDGET_MS = 100;
const SESSIONS = 20;

runBenchmark('forum-bench', async (database, serve) => {
  console.log(`Forum search benchmark: ${QUESTIONS} questions (a third in Bengali) in ${CHAPTERS} chapters; ${REQUESTS} requests per measure, one at a time`);
  console.log(`Database: ${database.describe}; machine: ${os.cpus().length} cores, Node ${process.version}`);
  const { db, dialect } = await connect(database.url);
  await migrate(db, dialect);
  const setupStart = performance.now();
  await importAcademy(db, benchBundle(), { now: new Date(), scryptCost: 1024 });
  await seedQuestions(db, QUESTIONS);
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
