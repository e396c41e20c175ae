// The rig of the fault suite (tests/faults), beside the real server processes of bench/server-process.ts
// that a case may kill -9 and restart: a redis-server it owns, a live exam with students and sessions, and
// students saving answers the way the app's outbox does (again after a failure), keeping every
// answer the server acknowledged so the case can prove none was lost.
import net from 'node:net';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import type { Kysely } from 'kysely';
import { connect } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { importAcademy } from '../../server/import/index.js';
import { createSession } from '../../server/account/sessions.js';
import type { Database } from '../../server/db/schema.js';
import { API_PREFIX, accountPaths, examsPaths, pathTo, serverPaths } from '../../src/contracts/paths.js';
import { createDatabase, type TestDatabase } from './databases.js';
import type { Health } from '../../src/contracts/common.js';
import { answersLost, freePort, request, sleep, until, type Acknowledged, type Reply } from '../../bench/server-process.js';

export { request, startServerProcess, until, type ServerProcess } from '../../bench/server-process.js';

export interface HealthReply {
  status: 'ok' | 'degraded';
  database: 'ok' | 'unavailable';
  redis: 'notConfigured' | 'connected' | 'unavailable';
}

/** The health answer reduced to what the fault cases check: the status, the database and Redis. */
export async function health(port: number): Promise<HealthReply> {
  const reply = await request(port, 'GET', `${API_PREFIX}${serverPaths.health}`, null, undefined, 5000);
  if (reply.status !== 200) throw new Error(`health answered ${reply.status}`);
  const { status, parts } = (JSON.parse(reply.body) as { data: Health }).data;
  const redis = parts.redis.status === 'failing' ? 'unavailable' : parts.redis.message.startsWith('connected') ? 'connected' : 'notConfigured';
  return { status, database: parts.database.status === 'ok' ? 'ok' : 'unavailable', redis };
}

// ---------------------------------------------------------------------------------------------------
// A redis-server of the case's own, on its own port, killed and started again at will.

export const redisServerInstalled = spawnSync('redis-server', ['--version']).status === 0;

export interface RedisProcess {
  url: string;
  start(): Promise<void>;
  kill9(): Promise<void>;
}

export async function redisProcess(): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  return {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      await until('redis-server answers', () => new Promise<boolean>((resolve) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      }), 10_000);
    },
    async kill9() {
      const running = child;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
      child = null;
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// The exam: one live exam, one batch, students with sessions made directly.

export const COURSE = 'c0f000000000000000000001';
export const GROUP = '90f000000000000000000001';
export const EXAM = 'e0f000000000000000000001';
export const QUESTIONS = 20;
export const studentId = (i: number) => `5f${i.toString(16).padStart(22, '0')}`;
export const questionId = (i: number) => `e2f${i.toString(16).padStart(21, '0')}`;

export interface ExamRig {
  database: TestDatabase;
  /** The suite's own connection, to read back what the server stored. */
  db: Kysely<Database>;
  sessions: string[];
  close(): Promise<void>;
}

export async function examRig(kind: 'sqlite' | 'postgres', students: number): Promise<ExamRig> {
  const database = await createDatabase(kind);
  const { db, dialect } = await connect(database.url);
  await migrate(db, dialect);
  await importAcademy(
    db,
    {
      courses: [{ id: COURSE, name: 'Fault Course', subjects: [] }],
      groups: [{ id: GROUP, name: 'Fault Batch', courseId: COURSE, items: 'all' }],
      students: Array.from({ length: students }, (_, i) => ({ id: studentId(i), name: `Student ${i + 1}`, sid: `F-${i + 1}`, phone: `014${String(i).padStart(8, '0')}`, groups: [GROUP] })),
      exams: [
        {
          id: EXAM,
          title: 'Fault Live Exam',
          courseId: COURSE,
          passMark: 40,
          negativeMark: 0,
          questions: Array.from({ length: QUESTIONS }, (_, i) => ({ id: questionId(i), type: 'MCQ', title: `Question ${i + 1}`, point: 1, options: ['A', 'B', 'C', 'D'], answer: [0] })),
          assignments: [{ groupId: GROUP, startsAt: 'now-1m', endsAt: 'now+3h', duration: 120, multipleTimesSubmission: true }],
        },
      ],
    },
    { now: new Date(), scryptCost: 1024 },
  );
  const sessions: string[] = [];
  for (let i = 0; i < students; i += 1) sessions.push(await createSession(db, { id: studentId(i), kind: 'student' }, new Date(), 1));
  return {
    database,
    db,
    sessions,
    async close() {
      await db.destroy();
      await database.drop();
    },
  };
}

export const startPath = `${API_PREFIX}${pathTo(examsPaths.start, { examId: EXAM, groupId: GROUP })}`;
export const answerPath = `${API_PREFIX}${pathTo(examsPaths.addAnswer, { examId: EXAM, groupId: GROUP })}?isLive=true`;
export const logoutPath = `${API_PREFIX}${accountPaths.logout}`;

/** What the students' saves came to: acknowledged answers, refusals the app would retry, failures. */
export class AnswerLedger {
  /** The newest acknowledged answer of each (student, question). */
  readonly acknowledged: Acknowledged = new Map();
  saves = 0;
  acknowledgedSaves = 0;
  /** 503 answers (the app retries them). */
  unavailable = 0;
  /** No answer at all (connection refused or reset: the app retries them). */
  networkErrors = 0;
  /** Any other status: a bug, each case expects none. */
  readonly unexpected: string[] = [];
  readonly latencies: number[] = [];
  private lastTimestamp = 0;

  /** Saves one answer once, as a phone's outbox does one try; true when the server acknowledged it. */
  async save(port: number, session: string, student: number, question: number, choice: number): Promise<boolean> {
    // Timestamps are strictly increasing, so each acknowledged save is the newest of its pair.
    const timestamp = Math.max(Date.now(), this.lastTimestamp + 1);
    this.lastTimestamp = timestamp;
    const answer = [choice];
    this.saves += 1;
    const began = performance.now();
    let reply: Reply;
    try {
      reply = await request(port, 'PATCH', answerPath, session, { questionId: questionId(question), answer, timestamp });
    } catch {
      this.networkErrors += 1;
      return false;
    }
    this.latencies.push(performance.now() - began);
    if (reply.status === 503) {
      this.unavailable += 1;
      return false;
    }
    if (reply.status !== 200) {
      this.unexpected.push(`${reply.status} ${reply.body.slice(0, 200)}`);
      return false;
    }
    if ((JSON.parse(reply.body) as { data: { applied: boolean } }).data.applied) {
      this.acknowledgedSaves += 1;
      this.acknowledged.set(`${studentId(student)}:${questionId(question)}`, { answer, timestamp });
    }
    return true;
  }

  /** Acknowledged answers missing from storage, or stored older than acknowledged: each case expects 0. */
  lost(db: Kysely<Database>): Promise<number> {
    return answersLost(db, EXAM, this.acknowledged);
  }

  p99(): number {
    const sorted = [...this.latencies].sort((a, b) => a - b);
    return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)]! : 0;
  }
}

/**
 * Students saving answers in a loop, each `pauseMs` apart, until `stop()`; a failed save is tried again
 * after `retryMs`, as the app's outbox does. Ports may change between saves (a restarted server).
 */
export function answerLoop(ledger: AnswerLedger, sessions: string[], ports: () => number[], pauseMs: number, retryMs = 300) {
  let running = true;
  const loops = sessions.map(async (session, student) => {
    let round = 0;
    while (running) {
      const all = ports();
      const port = all[(student + round) % all.length]!;
      const ok = await ledger.save(port, session, student, (student + round) % QUESTIONS, round % 4);
      if (ok) round += 1;
      await sleep(ok ? pauseMs : retryMs);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Starts the attempt of every student (the batch opening the exam). */
export async function startAttempts(port: number, sessions: string[]): Promise<void> {
  for (const session of sessions) {
    const reply = await request(port, 'PATCH', startPath, session);
    if (reply.status !== 200) throw new Error(`exam start answered ${reply.status}: ${reply.body}`);
  }
}

/** A fresh PostgreSQL URL that names its connections, so a case can terminate exactly a server's backends. */
export function namedConnections(databaseUrl: string, applicationName: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', applicationName);
  return url.toString();
}
