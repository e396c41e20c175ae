// Long reads of SQLite off the server's thread. better-sqlite3 runs a statement on the thread that
// calls it, so a read over ten thousand rows (a regrade's standing, its plan, the merit list's ranking)
// stops every other request for its whole length (about a second for a regrade's three at 10,000
// results on the loaded 2-core machine). A worker thread with a read-only connection of its own to the
// file runs them instead; it sees the last committed state, as the driver's reader does. PostgreSQL's
// reads do not hold the thread, and an in-memory SQLite database has no file to open: there the reads
// run as they are.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sql, type Compilable, type Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

export interface OffThreadReads {
  /** The rows of a read, run on the worker when there is one. */
  rows<R>(query: Compilable<R>): Promise<R[]>;
  close(): Promise<void>;
}

const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    parentPort.postMessage({ id, rows: db.prepare(sql).all(parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');

/** Opens a worker for a run of long reads (SQLite on a file), or reads as they are; `close` when done. */
export async function offThreadReads<DB>(db: Kysely<DB>, dialect: Dialect): Promise<OffThreadReads> {
  const file = dialect === 'sqlite' ? (await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(db)).rows[0]?.file : '';
  if (!file) return { rows: async (query) => (await db.executeQuery(query.compile())).rows, close: async () => undefined };
  const worker = new Worker(WORKER, { eval: true, workerData: { driver: driverPath, file } });
  const waiting = new Map<number, { resolve: (rows: unknown[]) => void; reject: (error: Error) => void }>();
  let next = 0;
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', ({ id, rows, error }: { id: number; rows?: unknown[]; error?: string }) => {
    const call = waiting.get(id);
    waiting.delete(id);
    if (error !== undefined) call?.reject(new Error(error));
    else call?.resolve(rows!);
  });
  worker.on('error', failAll);
  worker.on('exit', () => failAll(new Error('The reading thread stopped.')));
  return {
    rows<R>(query: Compilable<R>) {
      const { sql: text, parameters } = query.compile();
      return new Promise<R[]>((resolve, reject) => {
        const id = (next += 1);
        waiting.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
        worker.postMessage({ id, sql: text, parameters });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}
