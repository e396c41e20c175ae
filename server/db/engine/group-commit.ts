// Group commit: the writes of many requests in one transaction, made durable by one COMMIT (one sync).
//
// Every SQLite commit is synced before it is acknowledged (the driver syncs the WAL after each COMMIT,
// server/db/engine/sqlite-driver.ts), and the disk gives a few hundred syncs a second. So the hot writes
// (attempt start, answer save, submit) are units: a unit that arrives while a batch is open joins it,
// runs inside a SAVEPOINT of its own (a failing statement undoes only its unit and fails only its
// request), and its promise settles after the COMMIT that holds it, so an acknowledged write is on
// disk as before. Units run one after the other in the order they arrived. PostgreSQL's commits do
// not take the thread: there a unit runs on the pool as it is.
import { sql, type ControlledTransaction, type Kysely } from 'kysely';
import type { Database } from '../schema.js';
import type { Dialect } from '../connect.js';

export type WriteUnit<T> = (db: Kysely<Database>) => Promise<T>;

/** The COMMIT of a batch failed (or SQLite rolled the batch back): none of its writes is stored. */
export class CommitFailed extends Error {
  constructor(readonly cause: unknown) {
    super(`The writes could not be committed: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

export interface GroupCommitHooks {
  /** Runs before each COMMIT with the number of units written in it; a test may hold the commit here. */
  beforeCommit?: (units: number) => void | Promise<void>;
}

export interface Writes {
  /**
   * Runs one request's writes and resolves once they are durable. A unit uses only the `db` it is
   * given (on SQLite, the batch's transaction: the writer is held by the batch meanwhile).
   */
  run<T>(unit: WriteUnit<T>): Promise<T>;
  /** COMMITs made by the group commit (0 on PostgreSQL). */
  readonly commits: number;
  /** Units waiting for the next batch (0 on PostgreSQL). */
  readonly waiting: number;
  readonly hooks: GroupCommitHooks;
}

/** A batch stops taking units after this many, or this long after it opened, and commits. */
export const BATCH_LIMITS = { units: 64, ms: 2 };

interface Queued {
  unit: WriteUnit<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * SQLite's writer is held by another connection past the busy timeout (a backup, a migration by hand).
 * Every unit of the batch would wait out the timeout again, one after the other, while holding the
 * answers of those already tried; so the batch ends at the first such failure and the waiting units
 * are answered at once (503, retried by the app) instead of each waiting its own timeout.
 */
export function sqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_') || code === 'SQLITE_LOCKED');
}

type Outcome = { queued: Queued; ok: true; value: unknown } | { queued: Queued; ok: false; error: unknown };

class SqliteGroupCommit implements Writes {
  commits = 0;
  readonly hooks: GroupCommitHooks = {};
  readonly #queue: Queued[] = [];
  #draining = false;

  constructor(private readonly db: Kysely<Database>) {}

  get waiting(): number {
    return this.#queue.length;
  }

  run<T>(unit: WriteUnit<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ unit, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#draining) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#draining = true;
    try {
      while (this.#queue.length > 0) await this.#batch();
    } finally {
      this.#draining = false;
    }
  }

  async #batch(): Promise<void> {
    let trx: ControlledTransaction<Database>;
    try {
      trx = await this.db.startTransaction().execute();
    } catch (error) {
      for (const queued of this.#queue.splice(0)) queued.reject(error);
      return;
    }
    const outcomes: Outcome[] = [];
    const openedAt = performance.now();
    let lost: unknown = null;
    while (lost === null) {
      const queued = this.#queue.shift();
      if (!queued) {
        // Requests that arrive within the window join; the thread serves other requests meanwhile.
        const age = performance.now() - openedAt;
        if (outcomes.length >= BATCH_LIMITS.units || age >= BATCH_LIMITS.ms) break;
        await new Promise((resolve) => setTimeout(resolve, BATCH_LIMITS.ms - age));
        if (this.#queue.length === 0) break;
        continue;
      }
      try {
        await sql`savepoint unit`.execute(trx);
        const value = await queued.unit(trx);
        await sql`release unit`.execute(trx);
        outcomes.push({ queued, ok: true, value });
      } catch (error) {
        outcomes.push({ queued, ok: false, error });
        if (sqliteBusy(error)) {
          lost = error;
          for (const waiting of this.#queue.splice(0)) waiting.reject(error);
          break;
        }
        try {
          await sql`rollback to unit`.execute(trx);
          await sql`release unit`.execute(trx);
        } catch {
          // SQLite ended the whole transaction (a full disk, an I/O error): every unit's writes are gone.
          lost = error;
        }
      }
      if (outcomes.length >= BATCH_LIMITS.units) break;
    }
    if (lost === null) {
      try {
        await this.hooks.beforeCommit?.(outcomes.length);
        await trx.commit().execute();
        this.commits += 1;
      } catch (error) {
        lost = error;
      }
    }
    if (lost !== null) await trx.rollback().execute().catch(() => undefined);
    for (const outcome of outcomes) {
      if (!outcome.ok) outcome.queued.reject(outcome.error);
      else if (lost !== null) outcome.queued.reject(new CommitFailed(lost));
      else outcome.queued.resolve(outcome.value);
    }
  }
}

class DirectWrites implements Writes {
  readonly commits = 0;
  readonly waiting = 0;
  readonly hooks: GroupCommitHooks = {};
  constructor(private readonly db: Kysely<Database>) {}

  run<T>(unit: WriteUnit<T>): Promise<T> {
    return unit(this.db);
  }
}

/** The write path of one database: group commit on SQLite, the pool as it is on PostgreSQL. */
export function writesFor(db: Kysely<Database>, dialect: Dialect): Writes {
  return dialect === 'sqlite' ? new SqliteGroupCommit(db) : new DirectWrites(db);
}

/** Runs `work` in a transaction: the caller's when `db` is one (a group-commit unit), else a new one. */
export function atomically<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
