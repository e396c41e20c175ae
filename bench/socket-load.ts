// Realtime load benchmark: many signed-in socket.io connections on real server processes, and how long
// one notification to all of them takes to arrive.
//
//   npm run bench:sockets -- [--connections 10000] [--broadcasts 3] [--processes 1 | 2 --redis redis://...]
//
// Starts server/main.ts (one or several processes over one temporary SQLite file; several share
// Redis), imports one batch of N students, opens one WebSocket per student (spread over the processes
// in turn), and reads the server processes' memory (VmRSS) before and after. Then, --broadcasts
// times, the teacher publishes the results of a finished exam of the batch through the first process:
// the server notifies every student of the batch (one event per student room, across processes through
// Redis), and the bench times each socket's arrival from the moment the request was sent.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { connect } from '../server/db/connect.js';
import { migrate } from '../server/db/migrate.js';
import { importAcademy } from '../server/import/index.js';
import { createSession } from '../server/account/sessions.js';
import { API_PREFIX, pathTo, staffPaths } from '../src/contracts/paths.js';
import { agent, request, startServerProcess, type ServerProcess } from './server-process.js';

function flag(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}
const whole = (name: string, fallback: number) => {
  const value = Number(flag(name) ?? fallback);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a whole number above 0`);
  return value;
};

const CONNECTIONS = whole('connections', 10_000);
const BROADCASTS = whole('broadcasts', 3);
const PROCESSES = whole('processes', 1);
const REDIS = flag('redis') ?? '';
if (PROCESSES > 1 && !REDIS) throw new Error('several processes need --redis redis://host:port');

const COURSE = 'c0e000000000000000000001';
const GROUP = '90e000000000000000000001';
const TEACHER = '7e0000000000000000000001';
const studentId = (i: number) => `5e${i.toString(16).padStart(22, '0')}`;
const examId = (i: number) => `e0e${i.toString(16).padStart(21, '0')}`;
const assignmentId = (i: number) => `a0e${i.toString(16).padStart(21, '0')}`;

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'socket-bench-'));
  const url = `sqlite:${path.join(dir, 'bench.sqlite')}`;
  const servers: ServerProcess[] = [];
  const sockets: Socket[] = [];
  try {
    console.log(`Socket benchmark: ${CONNECTIONS} connections on ${PROCESSES} process(es)${REDIS ? ` with Redis ${REDIS}` : ''}; machine: ${os.cpus().length} cores, Node ${process.version}`);
    const { db, dialect } = await connect(url);
    await migrate(db, dialect);
    const now = new Date();
    await importAcademy(
      db,
      {
        courses: [{ id: COURSE, name: 'Socket Course', subjects: [] }],
        groups: [{ id: GROUP, name: 'Socket Batch', courseId: COURSE, items: 'all' }],
        students: Array.from({ length: CONNECTIONS }, (_, i) => ({ id: studentId(i), name: `Student ${i + 1}`, sid: `S-${i + 1}`, phone: `016${String(i).padStart(8, '0')}`, groups: [GROUP] })),
        staff: [{ id: TEACHER, name: 'Bench Teacher', username: 'bench@academy.test', role: 'teacher', password: 'bench-pass-2026', courseIds: [COURSE] }],
        // Finished exams of the batch, one per broadcast: publishing each notifies every student.
        exams: Array.from({ length: BROADCASTS }, (_, i) => ({
          id: examId(i),
          title: `Finished Exam ${i + 1}`,
          courseId: COURSE,
          passMark: 40,
          questions: [{ id: `e2e${i.toString(16).padStart(21, '0')}`, type: 'MCQ', title: 'Q', point: 1, options: ['A', 'B'], answer: [0] }],
          assignments: [{ id: assignmentId(i), groupId: GROUP, startsAt: 'now-3h', endsAt: 'now-1h', duration: 60 }],
        })),
      },
      { now, scryptCost: 1024 },
    );
    const sessions: string[] = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < CONNECTIONS; i += 1) sessions.push(await createSession(trx, { id: studentId(i), kind: 'student' }, now, 1));
    });
    const teacher = await createSession(db, { id: TEACHER, kind: 'staff' }, now, 1);
    await db.destroy();

    const env = { LOG_LEVEL: 'silent', REDIS_URL: REDIS, MAX_CONNECTIONS: String(CONNECTIONS + 1000) };
    servers.push(...(await Promise.all(Array.from({ length: PROCESSES }, () => startServerProcess(url, env)))));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const before = servers.map((s) => rssOf(s.pid));

    // Open the sockets, 200 at a time.
    const openStart = performance.now();
    let failed = 0;
    for (let at = 0; at < CONNECTIONS; at += 200) {
      await Promise.all(
        sessions.slice(at, at + 200).map((session, k) => {
          const server = servers[(at + k) % PROCESSES]!;
          const socket = connectSocket(`http://127.0.0.1:${server.port}`, { path: '/socket.io', transports: ['websocket'], auth: { sessionId: session }, reconnection: false });
          sockets.push(socket);
          return new Promise<void>((resolve) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', () => {
              failed += 1;
              resolve();
            });
          });
        }),
      );
    }
    const openSeconds = (performance.now() - openStart) / 1000;
    // Joining the rooms follows the connection: a moment for the last ones, and for the heap to settle.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = servers.map((s) => rssOf(s.pid));
    const open = sockets.filter((s) => s.connected).length;
    console.log(`Opened ${open} sockets in ${openSeconds.toFixed(1)} s (${failed} refused)`);
    servers.forEach((s, i) => {
      const held = sockets.filter((socket, k) => socket.connected && k % PROCESSES === i).length;
      console.log(`Process ${i + 1}: RSS ${mb(before[i]!)} before, ${mb(after[i]!)} with ${held} sockets: ${((after[i]! - before[i]!) / Math.max(1, held) / 1024).toFixed(1)} KB per connection`);
    });

    for (let b = 0; b < BROADCASTS; b += 1) {
      const arrivals: number[] = [];
      const sent = performance.now();
      const all = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 30_000);
        for (const socket of sockets) {
          socket.once('notification', () => {
            arrivals.push(performance.now() - sent);
            if (arrivals.length === open) {
              clearTimeout(timer);
              resolve();
            }
          });
        }
      });
      const reply = await request(servers[0]!.port, 'POST', `${API_PREFIX}${pathTo(staffPaths.publish, { assignmentId: assignmentId(b) })}`, teacher, undefined, 60_000);
      if (reply.status !== 200) throw new Error(`publish answered ${reply.status}: ${reply.body}`);
      const answered = performance.now() - sent;
      await all;
      const sorted = arrivals.sort((x, y) => x - y);
      console.log(
        `Broadcast ${b + 1} (published through process 1, answered in ${answered.toFixed(0)} ms): reached ${arrivals.length} of ${open}; ` +
          `p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, last ${(sorted.at(-1) ?? 0).toFixed(0)} ms`,
      );
      for (const socket of sockets) socket.removeAllListeners('notification');
    }
  } finally {
    for (const socket of sockets) socket.close();
    await Promise.all(servers.map((s) => s.stop()));
    agent.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
