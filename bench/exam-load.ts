// Exam load benchmark: a whole batch taking one live exam against a real server process.
//
//   npm run bench:exam -- [--students 1000] [--seconds 60] [--submit-window 30] [--open-window 10] [--db sqlite:/tmp/x.sqlite | postgres://...]
//                          [--cpu-prof <dir>]   (the server process writes a V8 CPU profile there when it stops)
//                          [--cold-connections]   (the bench's pool of 256 kept-alive connections per process, as a
//                                                balancer keeps, is opened by the storm itself, not before it)
//                          [--processes 2 --redis redis://...]   (several server processes on one database, each
//                                                student always talking to the same one, events through Redis)
//                          [--balancer]   (HAProxy, Debian's haproxy, in front of the processes, as in production:
//                                         every request goes through it, spread round robin over the processes)
//
// Starts server/main.ts on a loopback port over a fresh database (a temporary SQLite file by
// default; DATABASE_URL or --db for another; a PostgreSQL URL gets a fresh schema), creates N
// students in one batch with sessions made directly, then measures over real HTTP with keep-alive:
//   phase 0  the batch opens the exam within --open-window seconds (10 by default), each student as the
//            app does: the course's exam list, start, then the whole paper (40 questions, some with figures)
//   phase 1  every student saves an answer every 10 s for --seconds seconds
//   phase 2  every student submits within --submit-window seconds
// and finally checks that every acknowledged answer is stored with its newest value.
import os from 'node:os';
import path from 'node:path';
import { connect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { importAcademy } from '../server/import/index.js';
import { createSession } from '../server/account/sessions.js';
import { API_PREFIX, examsPaths, pathTo, serverPaths } from '../src/contracts/paths.js';
import { cpuOfProcesses, flag, newStats, positive, prepareDatabase, report, timed } from './bench-server.js';
import { sql } from 'kysely';
import { agent, answersLost, POOL_CONNECTIONS, request, type ServerProcess, startServerProcess } from './server-process.js';
import { haproxyInstalled, startHaproxy, type Balancer } from './balancer.js';

const STUDENTS = Math.floor(positive('students', 1000));
const SECONDS = positive('seconds', 60);
const SUBMIT_WINDOW = positive('submit-window', 30);
const OPEN_WINDOW = positive('open-window', 10);
const PROCESSES = Math.floor(positive('processes', 1));
const BALANCER = process.argv.includes('--balancer');
const SAVE_EVERY_MS = 10_000;
const QUESTIONS = 40;

const COURSE = 'c0b0000000000000000000b1';
const GROUP = '90b0000000000000000000b1';
const EXAM = 'e0b0000000000000000000b1';
const studentId = (i: number) => `5b${i.toString(16).padStart(22, '0')}`;
const questionId = (i: number) => `e2b${i.toString(16).padStart(21, '0')}`;
/** Every fifth question carries a figure (the demo exams' images), as a paper with figures does. */
const FIGURES = ['heart.png', 'kidney.png', 'liver.png', 'lung.png', 'ecg-strip.png'];
const figureOf = (i: number) => (i % 5 === 0 ? { image: [`/api/media/exam/${FIGURES[(i / 5) % FIGURES.length]}`] } : {});

function benchBundle() {
  const questions = Array.from({ length: QUESTIONS }, (_, i) =>
    i % 4 === 3
      ? { id: questionId(i), type: 'MCA', title: `Statements ${i + 1}`, point: 1, options: ['a', 'b', 'c', 'd', 'e'], answer: ['true', 'false', 'true', 'false', 'true'], ...figureOf(i) }
      : { id: questionId(i), type: 'MCQ', title: `Question ${i + 1}`, point: 1, options: ['A', 'B', 'C', 'D'], answer: [i % 4], ...figureOf(i) },
  );
  return {
    courses: [{ id: COURSE, name: 'Benchmark Course', subjects: [] }],
    groups: [{ id: GROUP, name: 'Benchmark Batch', courseId: COURSE, items: 'all' }],
    // One more student than measured: the warm-up student (see main).
    students: Array.from({ length: STUDENTS + 1 }, (_, i) => ({
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

async function main(): Promise<void> {
  const database = await prepareDatabase('exam-bench');
  let servers: ServerProcess[] = [];
  let balancer: Balancer | null = null;
  try {
    if (BALANCER && !haproxyInstalled()) throw new Error('--balancer needs HAProxy: apt-get install haproxy');
    console.log(`Exam load benchmark: ${STUDENTS} students opening within ${OPEN_WINDOW} s, answer saves every 10 s for ${SECONDS} s, submits within ${SUBMIT_WINDOW} s`);
    console.log(`Database: ${database.describe}; machine: ${os.cpus().length} cores, Node ${process.version}`);

    const { db, dialect } = await connect(database.url);
    await migrate(db, dialect);
    const setupStart = performance.now();
    await importAcademy(db, benchBundle(), { now: new Date(), scryptCost: 1024 });
    const sessions: string[] = [];
    let warmUp = '';
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < STUDENTS; i += 1) sessions.push(await createSession(trx, { id: studentId(i), kind: 'student' }, new Date(), 1));
      warmUp = await createSession(trx, { id: studentId(STUDENTS), kind: 'student' }, new Date(), 1);
    });
    console.log(`Setup: ${STUDENTS} students, sessions and one ${QUESTIONS}-question live exam in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);

    const profileDir = flag('cpu-prof');
    const redis = flag('redis') ?? '';
    if (PROCESSES > 1 && !redis) console.log('Several processes without --redis: events stay on each process (figures of HTTP only)');
    servers = await Promise.all(
      Array.from({ length: PROCESSES }, () =>
        startServerProcess(database.url, { LOG_LEVEL: 'silent', REDIS_URL: redis }, undefined, profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
      ),
    );
    console.log(`Server processes: ${PROCESSES}${redis ? `, Redis ${redis}` : ''}`);
    if (BALANCER) {
      // Room for the bench's pool and the balancer's own connections to the processes.
      balancer = await startHaproxy(
        servers.map((server, i) => ({ name: `p${i + 1}`, port: server.port })),
        { maxconn: 4 * POOL_CONNECTIONS * PROCESSES },
      );
      console.log(`Balancer: HAProxy on port ${balancer.port}, round robin over the ${PROCESSES} process${PROCESSES === 1 ? '' : 'es'}; every request goes through it`);
    }
    // Through the balancer, every request goes to it; without it, a student keeps to one process, as
    // behind a balancer with sticky sessions.
    const portOf = new Map(sessions.map((session, i) => [session, balancer ? balancer.port : servers[i % PROCESSES]!.port]));
    const entryPorts = balancer ? [balancer.port] : servers.map((server) => server.port);

    // A server that has run for a while has compiled its routes: one student outside the measure opens
    // the exam first, so the figures are not those of the process's first requests.
    for (const [method, url] of [
      ['GET', pathTo(examsPaths.list, { courseId: COURSE })],
      ['PATCH', pathTo(examsPaths.start, { examId: EXAM, groupId: GROUP })],
      ['GET', pathTo(examsPaths.paper, { examId: EXAM, groupId: GROUP })],
    ] as const) {
      for (const { port } of servers) {
        const reply = await request(port, method, `${API_PREFIX}${url}`, warmUp);
        if (reply.status !== 200) throw new Error(`warm-up ${method} ${url} answered ${reply.status}: ${reply.body}`);
      }
    }

    // A server behind the balancer keeps the balancer's connections open: the pool's connections are
    // opened before the measure, unless --cold-connections asks for them to be opened by the storm itself
    // (docs/performance.md has both).
    if (!process.argv.includes('--cold-connections')) {
      await Promise.all(Array.from({ length: POOL_CONNECTIONS * entryPorts.length }, (_, i) => request(entryPorts[i % entryPorts.length]!, 'GET', `${API_PREFIX}${serverPaths.health}`, null)));
    }

    // The CPU time of the phases, of the server processes and (on PostgreSQL) of the database's
    // processes serving them: on a shared machine, what an opening costs, whatever the load beside it.
    const databasePids = async (): Promise<number[]> => {
      if (!database.applicationName) return [];
      const rows = await sql<{ pid: number }>`select pid from pg_stat_activity where application_name = ${database.applicationName} and pid <> pg_backend_pid()`.execute(db);
      return rows.rows.map((row) => Number(row.pid));
    };
    const cpuNow = async () => ({ server: cpuOfProcesses(servers.map((server) => server.pid)), database: cpuOfProcesses(await databasePids()) });
    const cpuSince = async (before: Awaited<ReturnType<typeof cpuNow>>) => {
      const after = await cpuNow();
      const spent = (a: Map<number, number>, b: Map<number, number>) => [...a].reduce((sum, [pid, ms]) => sum + ms - (b.get(pid) ?? 0), 0);
      return { server: spent(after.server, before.server), database: spent(after.database, before.database) };
    };
    const cpuReport: string[] = [];
    const noteCpu = (what: string, spent: { server: number; database: number }, count: number) =>
      cpuReport.push(
        `CPU per ${what}: server ${(spent.server / count).toFixed(2)} ms` +
          (database.applicationName ? `, database ${(spent.database / count).toFixed(2)} ms, both ${((spent.server + spent.database) / count).toFixed(2)} ms` : ' (the database runs inside it)') +
          ` (${count} in ${((spent.server + spent.database) / 1000).toFixed(1)} s of CPU)`,
      );

    // Phase 0: the batch opens the exam together (spread over --open-window seconds): the exam list,
    // start, then the paper, one after the other for each student, as the app does.
    const lists = newStats('exam list');
    const starts = newStats('start');
    const papers = newStats('paper (40 questions)');
    const opened = newStats(`opening (all three, within ${OPEN_WINDOW} s)`);
    let wrongPapers = 0;
    const openingCpu = await cpuNow();
    await runSchedule(
      sessions.map((session, i) => ({ at: (i / STUDENTS) * OPEN_WINDOW * 1000, job: session })),
      async (session) => {
        const t0 = performance.now();
        opened.sent += 1;
        const list = await timed(lists, () => request(portOf.get(session)!, 'GET', `${API_PREFIX}${pathTo(examsPaths.list, { courseId: COURSE })}`, session));
        if (!list) return;
        const start = await timed(starts, () => request(portOf.get(session)!, 'PATCH', `${API_PREFIX}${pathTo(examsPaths.start, { examId: EXAM, groupId: GROUP })}`, session));
        if (!start) return;
        const paper = await timed(papers, () => request(portOf.get(session)!, 'GET', `${API_PREFIX}${pathTo(examsPaths.paper, { examId: EXAM, groupId: GROUP })}`, session));
        if (!paper) return;
        const questions = (JSON.parse(paper.body) as { data: { questions: { image: string[] }[] } }).data.questions;
        if (questions.length !== QUESTIONS || !questions[0]!.image[0]?.includes('signature=')) wrongPapers += 1;
        opened.latencies.push(performance.now() - t0);
        opened.ok += 1;
      },
    );
    for (const stats of [lists, starts, papers, opened]) stats.endedAt = performance.now();
    opened.errors = opened.sent - opened.ok;
    noteCpu('opening', await cpuSince(openingCpu), Math.max(1, opened.ok));

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
    const savesCpu = await cpuNow();
    await runSchedule(jobs, async ({ student, round }) => {
      const q = (student + round) % QUESTIONS;
      const answer = q % 4 === 3 ? ['true', round % 2 === 0 ? 'false' : 'true', null, 'false', 'true'] : [(student + round) % 4];
      const timestamp = Date.now();
      const reply = await timed(saves, () =>
        request(portOf.get(sessions[student]!)!, 'PATCH', `${API_PREFIX}${pathTo(examsPaths.addAnswer, { examId: EXAM, groupId: GROUP })}?isLive=true`, sessions[student]!, { questionId: questionId(q), answer, timestamp }),
      );
      if (!reply) return;
      const data = JSON.parse(reply.body).data as { applied: boolean };
      if (data.applied) acknowledged.set(`${studentId(student)}:${questionId(q)}`, { answer, timestamp });
      else appliedFalse += 1;
    });
    saves.endedAt = performance.now();
    noteCpu('answer save', await cpuSince(savesCpu), Math.max(1, saves.ok));

    // Phase 2: everybody submits within the submit window.
    const submits = newStats(`submit (all within ${SUBMIT_WINDOW} s)`);
    let submitted = 0;
    await runSchedule(
      sessions.map((session, i) => ({ at: ((i * 7919) % STUDENTS) / STUDENTS * SUBMIT_WINDOW * 1000, job: session })),
      async (session) => {
        const reply = await timed(submits, () =>
          request(portOf.get(session)!, 'PATCH', `${API_PREFIX}${pathTo(examsPaths.submit, { examId: EXAM, groupId: GROUP })}`, session, { candidateCategory: 'Govt.', facultyName: 'Medicine', subjectName: 'No Subject' }),
        );
        if (reply) submitted += 1;
      },
    );
    submits.endedAt = performance.now();

    console.log('');
    for (const stats of [lists, starts, papers, opened, saves, submits]) report(stats);
    for (const line of cpuReport) console.log(line);
    if (wrongPapers > 0) {
      console.log(`Papers without 40 questions or signed figures: ${wrongPapers}`);
      process.exitCode = 1;
    }

    // Integrity: every acknowledged answer is stored, with the value the student last had acknowledged.
    const storedCount = await db.selectFrom('answers').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
    const mismatched = await answersLost(db, EXAM, acknowledged);
    const results = await db.selectFrom('results').select((eb) => eb.fn.countAll<number>().as('n')).where('exam_id', '=', EXAM).executeTakeFirst();
    console.log('');
    console.log(`Answers acknowledged (applied): ${saves.ok - appliedFalse} saves over ${acknowledged.size} distinct (student, question) pairs; not applied (older timestamp): ${appliedFalse}`);
    console.log(`Answers stored (SELECT count(*) FROM answers): ${Number(storedCount?.n ?? 0)}; acknowledged answers missing or different in storage: ${mismatched}`);
    console.log(`Submits acknowledged: ${submitted} of ${STUDENTS}; results stored: ${Number(results?.n ?? 0)} (the warm-up student opened the exam only)`);
    await db.destroy();
    if (mismatched > 0) process.exitCode = 1;
  } finally {
    await balancer?.stop();
    await Promise.all(servers.map((server) => server.stop()));
    agent.destroy();
    await database.drop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
