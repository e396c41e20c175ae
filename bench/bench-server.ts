// What the benchmarks share: command-line flags, a fresh database (a temporary SQLite file, or a
// fresh schema of a PostgreSQL database), a real server process on a free loopback port, requests
// over keep-alive HTTP, and latency figures.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema.js';
import { API_PREFIX, serverPaths } from '../src/contracts/paths.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function flag(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(`--${name}`);
  if (at >= 0) return args[at + 1];
  const inline = args.find((a) => a.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}

export function positive(name: string, fallback: number): number {
  const raw = flag(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, not "${raw}"`);
  return value;
}

export interface BenchDatabase {
  url: string;
  /** On PostgreSQL, the application_name of the bench's connections (their backends' processes are the database's work). */
  applicationName?: string;
  describe: string;
  drop(): Promise<void>;
}

/** The database of `--db` or DATABASE_URL, or a temporary SQLite file; `name` prefixes its files and schemas. */
export async function prepareDatabase(name: string): Promise<BenchDatabase> {
  const given = flag('db') ?? process.env.DATABASE_URL;
  if (given?.startsWith('postgres')) {
    const pg = await import('pg');
    const schema = `${name.replace(/-/g, '_')}_${randomBytes(5).toString('hex')}`;
    const admin = new pg.default.Client({ connectionString: given });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const url = new URL(given);
    url.searchParams.set('options', `-c search_path=${schema}`);
    // Names the connections, so a bench can find its database processes (cpuOfProcesses).
    url.searchParams.set('application_name', schema);
    return {
      url: url.toString(),
      describe: `PostgreSQL (fresh schema ${schema})`,
      applicationName: schema,
      drop: async () => {
        const c = new pg.default.Client({ connectionString: given });
        await c.connect();
        await c.query(`drop schema if exists ${schema} cascade`);
        await c.end();
      },
    };
  }
  if (given?.startsWith('sqlite:')) {
    const file = given.slice('sqlite:'.length);
    if (fs.existsSync(file)) throw new Error(`${file} exists; the benchmark needs a fresh database file`);
    return { url: given, describe: `SQLite ${file}`, drop: async () => undefined };
  }
  if (given) throw new Error('--db must be sqlite:<path> or a postgres:// URL');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  return { url: `sqlite:${path.join(dir, 'bench.sqlite')}`, describe: 'SQLite (temporary file, WAL)', drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
}

// Ports, the keep-alive agent and requests to a real server process: one helper with the fault suite.
export { agent, freePort, request, type Reply } from './server-process.js';
import { agent, freePort, request, type Reply } from './server-process.js';

export async function startServer(databaseUrl: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/main.ts')], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${stderr.slice(-2000)}`))));
  const deadline = Date.now() + 60_000;
  const ready = (async () => {
    for (;;) {
      try {
        if ((await request(port, 'GET', `${API_PREFIX}${serverPaths.health}`, null)).status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not start within 60 s: ${stderr.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  await Promise.race([ready, exited]);
  child.removeAllListeners('exit');
  return child;
}

/** Stops a server process started by startServer. */
export async function stopServer(server: ChildProcess | null): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (server.exitCode === null) server.kill('SIGKILL');
}

export interface PhaseStats {
  name: string;
  sent: number;
  ok: number;
  errors: number;
  errorKinds: Map<string, number>;
  latencies: number[];
  startedAt: number;
  endedAt: number;
}

export const newStats = (name: string): PhaseStats => ({ name, sent: 0, ok: 0, errors: 0, errorKinds: new Map(), latencies: [], startedAt: performance.now(), endedAt: 0 });

export async function timed(stats: PhaseStats, run: () => Promise<Reply>): Promise<Reply | null> {
  stats.sent += 1;
  const t0 = performance.now();
  try {
    const reply = await run();
    stats.latencies.push(performance.now() - t0);
    if (reply.status >= 200 && reply.status < 300) {
      stats.ok += 1;
      return reply;
    }
    stats.errors += 1;
    const kind = `HTTP ${reply.status}`;
    stats.errorKinds.set(kind, (stats.errorKinds.get(kind) ?? 0) + 1);
    return null;
  } catch (error) {
    stats.latencies.push(performance.now() - t0);
    stats.errors += 1;
    const kind = (error as Error).message;
    stats.errorKinds.set(kind, (stats.errorKinds.get(kind) ?? 0) + 1);
    return null;
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function report(stats: PhaseStats): void {
  const seconds = (stats.endedAt - stats.startedAt) / 1000;
  const sorted = [...stats.latencies].sort((a, b) => a - b);
  const kinds = [...stats.errorKinds].map(([k, n]) => `${k} x${n}`).join(', ');
  console.log(
    `${stats.name.padEnd(34)} ${String(stats.sent).padStart(6)} req  ${seconds.toFixed(1).padStart(6)} s  ${(stats.sent / seconds).toFixed(1).padStart(7)} req/s` +
      `  p50 ${percentile(sorted, 50).toFixed(1).padStart(6)} ms  p99 ${percentile(sorted, 99).toFixed(1).padStart(7)} ms  max ${(sorted.at(-1) ?? 0).toFixed(1).padStart(7)} ms` +
      `  errors ${stats.errors}${kinds ? ` (${kinds})` : ''}`,
  );
}


/**
 * Runs a benchmark over a fresh database (see prepareDatabase). `serve` starts the server process on
 * a free port and returns the port; whatever happens, the server is stopped and the database dropped.
 */
export function runBenchmark(name: string, body: (database: BenchDatabase, serve: () => Promise<number>) => Promise<void>): void {
  const run = async () => {
    const database = await prepareDatabase(name);
    let server: ChildProcess | null = null;
    try {
      await body(database, async () => {
        const port = await freePort();
        server = await startServer(database.url, port);
        return port;
      });
    } finally {
      await stopServer(server);
      agent.destroy();
      await database.drop();
    }
  };
  run().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}

/** Inserts rows in chunks that stay under both databases' limits on bound parameters. */
export async function insertChunked<T extends keyof Database>(db: Kysely<Database>, table: T, rows: object[]): Promise<void> {
  for (let at = 0; at < rows.length; at += 500) await db.insertInto(table).values(rows.slice(at, at + 500) as never).execute();
}

/** Prints every measure and whether each answered within the budget at p99; a miss fails the run. */
export function reportAgainstBudget(all: PhaseStats[], budgetMs: number): void {
  console.log('');
  for (const stats of all) report(stats);
  const over = all.filter((stats) => stats.errors > 0 || percentile([...stats.latencies].sort((a, b) => a - b), 99) >= budgetMs);
  console.log('');
  console.log(over.length === 0 ? `Every measure answered within ${budgetMs} ms at p99.` : `Over ${budgetMs} ms at p99 or failing: ${over.map((s) => s.name).join('; ')}`);
  if (over.length > 0) process.exitCode = 1;
}

/**
 * CPU time (user + system, ms) these processes have used so far, by pid, from /proc (Linux): the measure
 * of a run's cost that a shared machine's load does not move, unlike its wall-clock throughput.
 */
export function cpuOfProcesses(pids: number[]): Map<number, number> {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) / ticksPerMs);
    } catch {
      // the process has ended (or this is not Linux): nothing counted
    }
  }
  return used;
}
