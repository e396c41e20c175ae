// Statements over many rows at once (a regrade's results, history lines and notifications): the rows
// are handed to the database as a table `v` that the statement reads, so ten thousand rows are a
// handful of statements, not ten thousand.
//
// PostgreSQL: one statement for every row, each column one array parameter, read back with
// `unnest($1::text[], $2::float8[], …)`: the statement's text stays short, so the database parses it
// once and the driver sends arrays, not tens of thousands of parameters. Numbers travel as JavaScript
// writes them (the shortest text that reads back as the same double), so nothing is rounded.
// SQLite: a `values (?, ?, …), …` list of up to ROWS_PER_STATEMENT rows (well within its limit on
// parameters), the same text for every full slice, so the driver prepares it once.
//
// The SQL is written here, not built by Kysely: compiling a query tree of thousands of values took
// more of the server's time than the database took to run it.
import { CompiledQuery, type Kysely } from 'kysely';
import type { Dialect } from './connect.js';
import type { OffThreadReads } from './engine/read-off-thread.js';

export type BulkType = 'text' | 'float8' | 'int';

export interface BulkColumn {
  name: string;
  type: BulkType;
}

/**
 * Lets the event loop take a turn. better-sqlite3 answers at once, so a chain of statements would
 * otherwise hold the server's thread to its end: between them other requests are served.
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Sizes the slices of a long run of short transactions by the time they take: each next slice aims at
 * `targetMs` of the server's thread, whatever the machine's speed or load (SQLite runs each statement on
 * that thread, so a slice's length is the longest any other request waits for it).
 */
export class SliceSizer {
  #size: number;
  constructor(initial: number, readonly targetMs: number, readonly min: number, readonly max: number) {
    this.#size = initial;
  }

  /** Rows of the next slice. */
  get size(): number {
    return this.#size;
  }

  /** A full slice of `rows` took `ms`: the next one is sized by it (half way from the old size, to damp one slow turn). */
  took(rows: number, ms: number): void {
    if (rows <= 0) return;
    const fits = (this.targetMs * rows) / Math.max(ms, 0.01);
    this.#size = Math.round(Math.min(this.max, Math.max(this.min, (this.#size + fits) / 2)));
  }
}

/** Rows of one SQLite statement: 500 rows of up to 60 columns stay under its 32,766 parameters. */
const ROWS_PER_STATEMENT = 500;

/** Each column type as SQL names it, on both databases. */
export const BULK_SQL_TYPES: Record<BulkType, string> = { text: 'text', float8: 'double precision', int: 'integer' };
const NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Runs `body` (SQL that reads the table `v` of the given columns; `param` binds a further value and
 * gives its placeholder) over the rows, as one statement (PostgreSQL) or one per slice of rows
 * (SQLite), and returns the rows the statements return. Nothing runs for no rows.
 */
export async function withRows<R, DB>(
  db: Kysely<DB>,
  dialect: Dialect,
  columns: readonly BulkColumn[],
  rows: readonly (readonly unknown[])[],
  body: (param: (value: unknown) => string) => string,
  /** Runs each statement instead of `db` (a read off the server's thread: server/db/engine/read-off-thread.ts). */
  via?: OffThreadReads,
): Promise<R[]> {
  const run = async (query: CompiledQuery<R>): Promise<R[]> => (via ? await via.rows<R>({ compile: () => query }) : (await db.executeQuery<R>(query)).rows as R[]);
  if (rows.length === 0) return [];
  for (const c of columns) if (!NAME.test(c.name)) throw new Error(`bulk column name ${c.name}`);
  const names = columns.map((c) => c.name).join(', ');
  const out: R[] = [];
  if (dialect === 'postgres') {
    const params: unknown[] = columns.map((_, i) => rows.map((row) => row[i] ?? null));
    const arrays = columns.map((c, i) => `$${i + 1}::${BULK_SQL_TYPES[c.type]}[]`).join(', ');
    const text = `with v (${names}) as (select * from unnest(${arrays})) ${body((value) => {
      params.push(value);
      return `$${params.length}`;
    })}`;
    return run(CompiledQuery.raw(text, params) as CompiledQuery<R>);
  }
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  for (let at = 0; at < rows.length; at += ROWS_PER_STATEMENT) {
    // better-sqlite3 runs each statement on the server's thread: other requests are served between slices.
    if (at > 0) await nextTurn();
    const slice = rows.slice(at, at + ROWS_PER_STATEMENT);
    const params: unknown[] = [];
    for (const row of slice) for (let i = 0; i < columns.length; i += 1) params.push(sqliteValue(row[i]));
    const extra: unknown[] = [];
    const text = `with v (${names}) as (values ${Array.from({ length: slice.length }, () => tuple).join(', ')}) ${body((value) => {
      extra.push(sqliteValue(value));
      return '?';
    })}`;
    const result = await run(CompiledQuery.raw(text, [...params, ...extra]) as CompiledQuery<R>);
    out.push(...result);
  }
  return out;
}

/** SQLite binds numbers, strings, buffers and null; a boolean is stored as 0 or 1. */
const sqliteValue = (value: unknown) => (value === undefined ? null : typeof value === 'boolean' ? Number(value) : value);
