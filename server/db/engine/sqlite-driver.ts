// Kysely's driver for SQLite with two connections to one file: every write and every transaction goes
// through the writer, one at a time, as with Kysely's own driver; a statement outside a transaction
// that only reads (SQLite says so of the prepared statement, whether built by Kysely or written as SQL)
// goes to a reader, which sees the last committed state (WAL) and never waits for the writer. So the reads
// of a request never queue behind a group commit (server/db/engine/group-commit.ts) whose transaction holds
// the writer for a few milliseconds.
//
// Durability without blocking the thread: better-sqlite3 is synchronous, so with `synchronous = FULL`
// each COMMIT's sync of the WAL stopped the server's one thread for its 1 to 5 ms. Given a WAL syncer,
// the writer runs with `synchronous = NORMAL` (a commit writes its WAL frames to the operating system,
// no sync) and the driver itself syncs the WAL file (fdatasync, on libuv's thread pool) after every
// statement or COMMIT that ends a write, before that write's promise resolves: a write is acknowledged
// only once its frames are on disk, as with FULL, and the thread serves other requests meanwhile.
import fs from 'node:fs/promises';
import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler,
  type DatabaseConnection, type Dialect, type Driver, type Kysely, type QueryResult,
} from 'kysely';

/** Prepared statements kept per connection; a statement is compiled once, not at every request. */
const STATEMENT_CACHE = 500;

class StatementRunner {
  readonly #statements = new Map<string, BetterSqlite3.Statement>();
  constructor(readonly sqlite: BetterSqlite3.Database) {}

  prepared(sql: string): BetterSqlite3.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.sqlite.prepare(sql);
      // Queries with lists of values (`in (?, ?, …)`) make many texts: start over rather than grow.
      if (this.#statements.size >= STATEMENT_CACHE) this.#statements.clear();
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  run<R>({ sql, parameters }: CompiledQuery): QueryResult<R> {
    const statement = this.prepared(sql);
    if (statement.reader) return { rows: statement.all(parameters as unknown[]) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters as unknown[]);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }
}

/** First come, first served: who holds the writer. */
class WriterLock {
  #held = false;
  readonly #waiting: (() => void)[] = [];

  acquire(): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#held = false;
  }
}

/** Whether a statement only reads; one the reader cannot prepare (a table it does not know yet) goes to the writer. */
function onlyReads(reader: StatementRunner, sql: string): boolean {
  try {
    return reader.prepared(sql).readonly;
  } catch {
    return false;
  }
}

class RoutedConnection implements DatabaseConnection {
  /** Whether this connection is inside a transaction, and so holds the writer until it ends. */
  inTransaction = false;
  constructor(private readonly driver: ReadWriteDriver) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { writer, reader, lock } = this.driver;
    if (this.inTransaction) return writer.run<R>(query);
    if (reader && onlyReads(reader, query.sql)) return reader.run<R>(query);
    await lock.acquire();
    try {
      const result = writer.run<R>(query);
      // A write outside a transaction committed by itself: durable before it is answered.
      if (!writer.sqlite.inTransaction && !writer.prepared(query.sql).readonly) await this.driver.syncWal();
      return result;
    } finally {
      lock.release();
    }
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(query);
  }
}

class ReadWriteDriver implements Driver {
  readonly lock = new WriterLock();
  constructor(
    readonly writer: StatementRunner,
    readonly reader: StatementRunner | null,
    /** Makes the committed WAL frames durable; nothing to do when SQLite syncs them itself. */
    readonly syncWal: () => Promise<void>,
    readonly onDestroy?: () => Promise<void>,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async beginTransaction(connection: RoutedConnection): Promise<void> {
    await this.lock.acquire();
    try {
      // Every transaction here writes, so it takes SQLite's writer at once (waiting the busy timeout for
      // another process's commit). A deferred one would read first and then ask for the writer, which
      // SQLite refuses at once (SQLITE_BUSY_SNAPSHOT, no waiting) when another process committed in between.
      this.writer.run(CompiledQuery.raw('begin immediate'));
    } catch (error) {
      this.lock.release();
      throw error;
    }
    connection.inTransaction = true;
  }

  async commitTransaction(connection: RoutedConnection): Promise<void> {
    // A failed COMMIT leaves the transaction to the caller's rollback, which ends it either way.
    this.writer.run(CompiledQuery.raw('commit'));
    // The writer stays held until the commit is durable; a failed sync fails the commit (its caller's
    // rollback then finds no transaction and only lets the writer go).
    await this.syncWal();
    this.#end(connection);
  }

  async rollbackTransaction(connection: RoutedConnection): Promise<void> {
    try {
      // SQLite may have rolled the transaction back itself (a full disk, an I/O error).
      if (this.writer.sqlite.inTransaction) this.writer.run(CompiledQuery.raw('rollback'));
    } finally {
      this.#end(connection);
    }
  }

  async releaseConnection(connection: RoutedConnection): Promise<void> {
    if (connection.inTransaction) await this.rollbackTransaction(connection);
  }

  async destroy(): Promise<void> {
    await this.onDestroy?.();
    this.reader?.sqlite.close();
    this.writer.sqlite.close();
  }

  #end(connection: RoutedConnection): void {
    if (!connection.inTransaction) return;
    connection.inTransaction = false;
    this.lock.release();
  }
}

/**
 * Syncs a database's WAL file (`<file>-wal`) with fdatasync on libuv's thread pool. The file is opened
 * once and again after it is gone (SQLite removes it when the last connection closes).
 */
export function walSyncer(databaseFile: string): { sync: () => Promise<void>; close: () => Promise<void> } {
  const walFile = `${databaseFile}-wal`;
  let handle: Promise<fs.FileHandle> | null = null;
  const open = () => (handle ??= fs.open(walFile, 'r').catch((error: unknown) => {
    handle = null;
    throw error;
  }));
  return {
    async sync() {
      const file = await open();
      try {
        await file.datasync();
      } catch (error) {
        handle = null;
        await file.close().catch(() => undefined);
        throw error;
      }
    },
    async close() {
      const file = handle;
      handle = null;
      if (file) await (await file).close();
    },
  };
}

export interface ReadWriteOptions {
  /**
   * Syncs the WAL after each committed write, before it resolves; the writer then runs with
   * `synchronous = NORMAL`. Without it the writer keeps its own setting (FULL: SQLite syncs in COMMIT).
   */
  syncWal?: () => Promise<void>;
  /** Runs when the database is closed (the syncer's file handle). */
  onDestroy?: () => Promise<void>;
}

/**
 * The dialect over an open writer connection; `reader` is a second connection to the same file
 * (null for an in-memory database, which another connection cannot see).
 */
export function readWriteDialect(writer: BetterSqlite3.Database, reader: BetterSqlite3.Database | null, options: ReadWriteOptions = {}): Dialect {
  if (options.syncWal) writer.pragma('synchronous = NORMAL');
  const driver = new ReadWriteDriver(new StatementRunner(writer), reader && new StatementRunner(reader), options.syncWal ?? (() => Promise.resolve()), options.onDestroy);
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => driver,
    createIntrospector: (db: Kysely<unknown>) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
