// Two server processes behind HAProxy (Debian's haproxy, started here on loopback ports), sharing
// one database (PostgreSQL when TEST_DATABASE_URL is set, else one SQLite file) and Redis
// (TEST_REDIS_URL, else a redis-server started here). A student takes a live exam through the
// balancer, whose requests it spreads over both processes, with the realtime socket connected; the
// teacher publishes the results through the other process, and the notification reaches the student.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { Kysely } from 'kysely';
import { connect } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { importAcademy } from '../../server/import/index.js';
import { createSession } from '../../server/account/sessions.js';
import type { Database } from '../../server/db/schema.js';
import { API_PREFIX, examsPaths, pathTo, staffPaths } from '../../src/contracts/paths.js';
import { createDatabase, postgresUrl, type TestDatabase } from '../support/databases.js';
import { redisProcess, redisServerInstalled, startServerProcess, until, type RedisProcess, type ServerProcess } from '../support/fault-rig.js';
import { haproxyInstalled, startHaproxy, type Balancer } from '../../bench/balancer.js';

const redisUrl = process.env.TEST_REDIS_URL ?? null;

const [COURSE, GROUP, EXAM, ASSIGNMENT, STUDENT, TEACHER] = ['c0d', '90d', 'e0d', 'a0d', '5d0', '7d0'].map((prefix) => `${prefix}${'1'.padStart(21, '0')}`) as [
  string, string, string, string, string, string,
];
const QUESTIONS = 5;
const questionId = (i: number) => `e2d${i.toString(16).padStart(21, '0')}`;
/** The exam is open for an hour: however slow the machine, the student finishes within it; the test then closes it (below). */
const EXAM_OPEN_MS = 3_600_000;

interface Reply {
  status: number;
  servedBy: string | null;
  body: { data?: unknown; errors?: unknown };
}

async function call(port: number, method: string, url: string, session: string, options: { payload?: unknown; server?: string } = {}): Promise<Reply> {
  const response = await fetch(`http://127.0.0.1:${port}${API_PREFIX}${url}`, {
    method,
    headers: {
      agent: 'browser',
      authorization: session,
      ...(options.payload === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.server ? { cookie: `academy_server=${options.server}` } : {}),
    },
    body: options.payload === undefined ? undefined : JSON.stringify(options.payload),
  });
  return { status: response.status, servedBy: response.headers.get('x-served-by'), body: (await response.json()) as Reply['body'] };
}

if (!haproxyInstalled() || (!redisUrl && !redisServerInstalled)) {
  console.warn(
    `Two server processes behind HAProxy: NOT RUN (${!haproxyInstalled() ? 'haproxy is not installed: Debian package haproxy' : 'no Redis: set TEST_REDIS_URL or install redis-server'}).`,
  );
} else {
  const kind = postgresUrl ? 'postgres' : 'sqlite';
  describe(`two server processes behind HAProxy (${kind}, Redis)`, () => {
    let database: TestDatabase;
    let db: Kysely<Database>;
    let redis: RedisProcess | null = null;
    let servers: ServerProcess[] = [];
    let haproxy: Balancer | null = null;
    let balancer = 0;

    beforeAll(async () => {
      database = await createDatabase(kind);
      const connection = await connect(database.url);
      db = connection.db;
      await migrate(db, connection.dialect);
      const now = new Date();
      const endsAt = now.getTime() + EXAM_OPEN_MS;
      await importAcademy(
        db,
        {
          courses: [{ id: COURSE, name: 'Scale Course', subjects: [] }],
          groups: [{ id: GROUP, name: 'Scale Batch', courseId: COURSE, items: 'all' }],
          students: [{ id: STUDENT, name: 'Scale Student', sid: 'S-1', phone: '01500000001', groups: [GROUP] }],
          staff: [{ id: TEACHER, name: 'Scale Teacher', username: 'scale@academy.test', role: 'teacher', password: 'scale-pass-2026', courseIds: [COURSE] }],
          exams: [
            {
              id: EXAM,
              title: 'Scale Live Exam',
              courseId: COURSE,
              passMark: 40,
              questions: Array.from({ length: QUESTIONS }, (_, i) => ({ id: questionId(i), type: 'MCQ', title: `Question ${i + 1}`, point: 1, options: ['A', 'B', 'C', 'D'], answer: [i % 4] })),
              assignments: [{ id: ASSIGNMENT, groupId: GROUP, startsAt: new Date(now.getTime() - 60_000).toISOString(), endsAt: new Date(endsAt).toISOString(), duration: 1 }],
            },
          ],
        },
        { now, scryptCost: 1024 },
      );
      let url = redisUrl;
      if (!url) {
        redis = await redisProcess();
        await redis.start();
        url = redis.url;
      }
      const env = { REDIS_URL: url, EXAM_GRACE_SECONDS: '0' };
      servers = await Promise.all([startServerProcess(database.url, env), startServerProcess(database.url, env)]);

      haproxy = await startHaproxy([
        { name: 'a', port: servers[0]!.port },
        { name: 'b', port: servers[1]!.port },
      ]);
      balancer = haproxy.port;
    }, 90_000);

    afterAll(async () => {
      await haproxy?.stop();
      await Promise.all(servers.map((s) => s.stop()));
      await redis?.kill9();
      await db?.destroy();
      await database?.drop();
    });

    it('serves an exam through the balancer and carries a notification published on one process to a student on the other', async () => {
      const session = await createSession(db, { id: STUDENT, kind: 'student' }, new Date(), 1);
      const teacher = await createSession(db, { id: TEACHER, kind: 'staff' }, new Date(), 1);

      // The realtime socket, through the balancer, held by process a.
      const socket: Socket = connectSocket(`http://127.0.0.1:${balancer}`, {
        path: '/socket.io',
        transports: ['websocket'],
        auth: { sessionId: session },
        extraHeaders: { cookie: 'academy_server=a' },
        reconnection: false,
      });
      const notifications: { notificationId: { message: string } }[] = [];
      socket.on('notification', (event: (typeof notifications)[number]) => notifications.push(event));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });

      try {
        // The exam, as the app takes it, with no cookie: the balancer spreads the requests.
        const servedBy = new Set<string>();
        const step = async (method: string, url: string, payload?: unknown) => {
          const reply = await call(balancer, method, url, session, { payload });
          expect(reply.status, `${method} ${url}: ${JSON.stringify(reply.body)}`).toBe(200);
          if (reply.servedBy) servedBy.add(reply.servedBy);
          return reply.body.data;
        };
        const list = (await step('GET', pathTo(examsPaths.list, { courseId: COURSE }))) as { examId: { _id: string } }[];
        expect(list.map((exam) => exam.examId._id)).toEqual([EXAM]);
        await step('PATCH', pathTo(examsPaths.start, { examId: EXAM, groupId: GROUP }));
        const paper = (await step('GET', pathTo(examsPaths.paper, { examId: EXAM, groupId: GROUP }))) as { questions: unknown[] };
        expect(paper.questions).toHaveLength(QUESTIONS);
        for (let i = 0; i < QUESTIONS; i += 1) {
          const saved = (await step('PATCH', `${pathTo(examsPaths.addAnswer, { examId: EXAM, groupId: GROUP })}?isLive=true`, { questionId: questionId(i), answer: [i % 4], timestamp: Date.now() })) as { applied: boolean };
          expect(saved.applied).toBe(true);
        }
        await step('PATCH', pathTo(examsPaths.submit, { examId: EXAM, groupId: GROUP }), { candidateCategory: 'Govt.', facultyName: 'Medicine', subjectName: 'No Subject' });
        expect([...servedBy].sort()).toEqual(['a', 'b']);

        // The exam closes (its window ends a second ago), then the teacher publishes through process b.
        await db.updateTable('exam_assignments').set({ ends_at: new Date(Date.now() - 1_000).toISOString() }).where('id', '=', ASSIGNMENT).execute();
        const published = await call(balancer, 'POST', pathTo(staffPaths.publish, { assignmentId: ASSIGNMENT }), teacher, { server: 'b' });
        expect(published.status, JSON.stringify(published.body)).toBe(200);
        expect(published.servedBy).toBe('b');
        expect(published.body.data).toMatchObject({ results: 1, notified: 1 });

        await until('the notification reaches the socket held by process a', () => notifications.length > 0, 10_000);
        expect(notifications[0]!.notificationId.message).toBe('The result of Scale Live Exam is published.');
      } finally {
        socket.close();
      }
    }, 90_000);
  });
}
