// A real server process (`tsx server/main.ts`) and HTTP as a phone talks to it (keep-alive, JSON, the
// session in the Authorization header): shared by the exam benchmark and the fault suite (tests/faults),
// which kill such processes and start them again.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema.js';
import { API_PREFIX, serverPaths } from '../src/contracts/paths.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 100 ms until it holds; fails with `what` (and the check's last error) after `ms`. */
export async function until(what: string, check: () => Promise<boolean> | boolean, ms = 20_000): Promise<number> {
  const start = Date.now();
  let lastError = '';
  for (;;) {
    const holds = await Promise.resolve()
      .then(check)
      .catch((error: Error) => {
        lastError = error.message;
        return false;
      });
    if (holds) return Date.now() - start;
    if (Date.now() - start > ms) throw new Error(`${what}: not within ${ms / 1000} s${lastError ? ` (last: ${lastError})` : ''}`);
    await sleep(100);
  }
}

// ---------------------------------------------------------------------------------------------------
// HTTP as a phone talks to the server: keep-alive, JSON, the session in the Authorization header.

export interface Reply {
  status: number;
  body: string;
}

/** Connections the bench keeps to each server process, as a balancer's pool of kept-alive connections does. */
export const POOL_CONNECTIONS = 256;
export const agent = new http.Agent({ keepAlive: true, maxSockets: POOL_CONNECTIONS });

/**
 * One request on a kept-alive connection. A connection the far end closed for idleness just as the
 * request went out on it is reset before any answer: the request goes once more on a fresh one, as a
 * browser does (Node's documented `reusedSocket` check). Every other failure is the request's.
 */
export function request(port: number, method: string, url: string, session: string | null, payload?: unknown, timeoutMs = 60_000, retried = false): Promise<Reply> {
  return new Promise((resolve, reject) => {
    // A Buffer goes as a file's bytes (the desk's import), anything else as JSON.
    const raw = Buffer.isBuffer(payload);
    const body = payload === undefined ? undefined : raw ? payload : JSON.stringify(payload);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: url,
        agent,
        timeout: timeoutMs,
        headers: {
          agent: 'browser',
          ...(session ? { authorization: session } : {}),
          ...(body ? { 'content-type': raw ? 'application/octet-stream' : 'application/json', 'content-length': Buffer.byteLength(body) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && error.code === 'ECONNRESET') resolve(request(port, method, url, session, payload, timeoutMs, true));
      else reject(error);
    });
    req.end(body);
  });
}

// ---------------------------------------------------------------------------------------------------
// Server processes.

export interface ServerProcess {
  port: number;
  pid: number;
  /** Everything the process wrote, stdout and stderr. */
  output(): string;
  alive(): boolean;
  /** Throws when the process has exited: for checks that wait on it. */
  running(): true;
  /** kill -9: no shutdown, no flush. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** A scratch directory for the app files and storage of server processes; the app is not built for them. */
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-server-'));
process.once('exit', () => fs.rmSync(scratch, { recursive: true, force: true }));

/** `nodeArgs` go to node before the script, e.g. `--cpu-prof`. */
export async function startServerProcess(databaseUrl: string, env: NodeJS.ProcessEnv = {}, port?: number, nodeArgs: string[] = []): Promise<ServerProcess> {
  const listenOn = port ?? (await freePort());
  const child: ChildProcess = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(listenOn),
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      APP_DIR: path.join(scratch, 'app'),
      STORAGE_DIR: path.join(scratch, 'storage'),
      SIGNING_SECRET: 'fault-suite-signing-secret',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const processHandle: ServerProcess = {
    port: listenOn,
    pid: child.pid ?? 0,
    output: () => output,
    alive: () => child.exitCode === null && child.signalCode === null,
    running() {
      if (!processHandle.alive()) throw new Error(`the server process exited (${child.exitCode ?? child.signalCode}): ${output.slice(-500)}`);
      return true;
    },
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (!processHandle.alive()) return;
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      if (processHandle.alive()) await processHandle.kill9();
    },
  };
  try {
    const answers = until('the server process answers /api/health', async () => (await request(listenOn, 'GET', `${API_PREFIX}${serverPaths.health}`, null, undefined, 2000)).status === 200, 60_000);
    const died = exited.then(() => Promise.reject(new Error('the server process exited')));
    // Whichever loses the race settles later, unheard.
    answers.catch(() => undefined);
    died.catch(() => undefined);
    await Promise.race([answers, died]);
  } catch (error) {
    await processHandle.stop();
    throw new Error(`${(error as Error).message}\n${output.slice(-2000)}`);
  }
  return processHandle;
}


/** The newest answer a server acknowledged for one (student, question), keyed `${studentId}:${questionId}`. */
export type Acknowledged = Map<string, { answer: unknown[]; timestamp: number }>;

/**
 * How many acknowledged answers of an exam the database lacks: missing, or stored with an older
 * client timestamp, or with the same timestamp and another value. (A save sent after the acknowledged
 * one may have been stored without its answer arriving: a newer stored answer is no loss.)
 */
export async function answersLost(db: Kysely<Database>, examId: string, acknowledged: Acknowledged): Promise<number> {
  const stored = await db
    .selectFrom('answers')
    .innerJoin('attempts', 'attempts.id', 'answers.attempt_id')
    .select(['attempts.student_id', 'answers.question_id', 'answers.answer', 'answers.client_timestamp'])
    .where('attempts.exam_id', '=', examId)
    .execute();
  const byKey = new Map(stored.map((row) => [`${row.student_id}:${row.question_id}`, row]));
  let lost = 0;
  for (const [key, expected] of acknowledged) {
    const row = byKey.get(key);
    const storedAt = row ? Number(row.client_timestamp) : -1;
    if (!row || storedAt < expected.timestamp || (storedAt === expected.timestamp && row.answer !== JSON.stringify(expected.answer))) lost += 1;
  }
  return lost;
}
