// Opens the database named by DATABASE_URL: sqlite:<path> (better-sqlite3, WAL) or postgres://...
import fs from 'node:fs';
import path from 'node:path';
import { Kysely } from 'kysely';
import type { Database } from './schema.js';
import { readWriteDialect, walSyncer } from './engine/sqlite-driver.js';
import { pipelinedStatementStarts, statementNames } from './engine/prepared.js';
import { PipelinedPostgresDialect } from './engine/pg-driver.js';

/**
 * Pipelined connections per process for the busiest reads (DATABASE_PIPELINE). One: every read of a turn
 * of the event loop leaves in one write and one backend answers them all; measured on the quiet 2-core
 * machine, one connection served 684 to 734 openings a second where four served 536 to 645 (docs/performance.md).
 */
export const DEFAULT_PIPELINE = 1;

export type Dialect = 'sqlite' | 'postgres';

export interface Connection {
  db: Kysely<Database>;
  dialect: Dialect;
}

/** What a database connection reports of itself to the metrics (server/metrics.ts): PostgreSQL's pool and pipeline. */
export interface DatabaseStats {
  pool?: { total: number; idle: number; waiting: number };
  pipelineInFlight?: () => number;
}

const statsOf = new WeakMap<Kysely<Database>, () => DatabaseStats>();

/** The figures of a database opened by connect (null for one opened otherwise). */
export function databaseStats(db: Kysely<Database>): DatabaseStats | null {
  return statsOf.get(db)?.() ?? null;
}

export async function connect(databaseUrl: string): Promise<Connection> {
  if (databaseUrl.startsWith('sqlite:')) {
    const { default: SQLite } = await import('better-sqlite3');
    const file = databaseUrl.slice('sqlite:'.length) || ':memory:';
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    // Every committed write is synced before it is acknowledged, so an answer acknowledged to a student
    // survives a power cut or an OS crash, not only a killed process (docs/decisions.md, "Durability"):
    // for a file the driver syncs the WAL itself, off the server's thread, and sets the writer to NORMAL
    // (server/db/engine/sqlite-driver.ts); in memory there is nothing to sync.
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Reads outside a transaction take a connection of their own, so they never wait for the writer
    // (server/db/engine/sqlite-driver.ts). It cannot write; its settings match the writer's, which it reports.
    let reader: InstanceType<typeof SQLite> | null = null;
    if (file !== ':memory:') {
      reader = new SQLite(file);
      reader.pragma('synchronous = NORMAL');
      reader.pragma('foreign_keys = ON');
      reader.pragma('busy_timeout = 5000');
      reader.pragma('query_only = ON');
    }
    const wal = file !== ':memory:' ? walSyncer(path.resolve(file)) : null;
    const dialect = readWriteDialect(sqlite, reader, wal ? { syncWal: wal.sync, onDestroy: wal.close } : {});
    return { db: new Kysely<Database>({ dialect }), dialect: 'sqlite' };
  }
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) {
    const pg = await import('pg');
    // int8 (bigint) and numeric come back as strings by default; every such column here fits a double.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    pg.default.types.setTypeParser(1700, (v: string) => Number(v));
    const settings = {
      connectionString: databaseUrl,
      // A request waits at most this long for a connection (then 503, retried by the app), never for ever.
      connectionTimeoutMillis: Number(process.env.DATABASE_CONNECT_TIMEOUT_MS ?? 5000),
      // A database on this machine may be reached through its Unix socket instead of TCP.
      ...(process.env.DATABASE_SOCKET_DIR ? { host: process.env.DATABASE_SOCKET_DIR } : {}),
    };
    const pool = new pg.default.Pool({ ...settings, max: Number(process.env.DATABASE_POOL ?? 20) });
    // A backend that ends (pg_terminate_backend, a restart, a failover) makes its client emit 'error':
    // while idle the pool hears it, while checked out nobody would, and an unheard 'error' ends the
    // process. Every client gets a listener; the query that was running fails (503 to its request) and
    // the pool drops the dead client on release and opens a new one for the next request.
    const lost = (error: Error) => {
      console.warn(`Database connection lost (${error.message}); the pool replaces it.`);
    };
    pool.on('error', lost);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      namePreparedStatements(client);
    });
    // The busiest statements (the prepared `select`s and `insert`s, and the answer saves' batch) share a
    // few pipelined connections (server/db/engine/pg-driver.ts).
    const pipelineLockTimeout = Number(process.env.DATABASE_PIPELINE_LOCK_TIMEOUT_MS ?? 1000);
    const dialect = new PipelinedPostgresDialect({
      pool,
      // A pipelined write that meets a row lock (a submit's or a retake's transaction on the same attempt,
      // a few statements long) would hold every statement behind it on its connection, and a
      // transaction waiting for one of those would never end: past this it fails alone as unavailable
      // (503, tried again by the app).
      client: () => new pg.default.Client({ ...settings, pipeline: true, lock_timeout: pipelineLockTimeout }),
      connections: Number(process.env.DATABASE_PIPELINE ?? DEFAULT_PIPELINE),
      pipelines: (text) =>
        statementNames.has(text) ? text.startsWith('select') || text.startsWith('insert') : pipelinedStatementStarts.some((start) => text.startsWith(start)),
      onClient: (client) => namePreparedStatements(client),
    });
    const db = new Kysely<Database>({ dialect });
    statsOf.set(db, () => ({ pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }, pipelineInFlight: () => dialect.inFlight() }));
    return { db, dialect: 'postgres' };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, not "${databaseUrl}"`);
}

/**
 * The queries of the busiest requests (server/db/engine/prepared.ts) run as named prepared statements: the
 * connection parses and plans each once, then only binds and executes it. Everything else goes as it came.
 */
function namePreparedStatements(client: import('pg').ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name = args.length === 2 && typeof text === 'string' && Array.isArray(values) ? statementNames.get(text) : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
}
