// Writing a checked import in short transactions, so the answer saves of a running exam keep their pace.
//
// SQLite has one writer: one transaction holding it for the 0.2 s of 10,000 accounts and their batch
// memberships made every save meanwhile wait for it (on the server's thread, which better-sqlite3 blocks
// while it waits), and took the saves' p99 from 7 ms to 190 ms (docs/performance.md). So the writes are
// steps, and the steps are written in transactions of a few hundred rows or a few milliseconds each,
// with a pause between them as long as the last one held the writer: the group commit of the saves
// (server/db/engine/group-commit.ts) takes the writer in the pauses.
//
// What must not be seen half written is one step, and a step is never split: the head (courses,
// subjects, batches, staff, exams with their questions and schedules, the check of started exams made
// again inside) is the first transaction, so an exam is never seen without its questions and an exam
// students started meanwhile still refuses the whole import. The bulk (students, batch members,
// chapters, lectures, forum, notifications) follows in short transactions; the removals last. A crash
// in between leaves the head and some of the bulk; importing the same bundle again completes it, as an
// import is an upsert by id (docs/decisions.md, "An import in short transactions").
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface WriteStep {
  /** Rows it writes, to size the transactions. */
  rows: number;
  run(trx: Kysely<Database>): Promise<void>;
}

export interface WriteLimits {
  /** A transaction takes no further step once it has written this many rows … */
  rows: number;
  /** … or held the writer this long (ms). */
  ms: number;
}

export const WRITE_LIMITS: WriteLimits = { rows: 400, ms: 8 };

/** Rows of one bulk step: a quarter of a transaction's, so a transaction ends close to its limits. */
export const stepRows = (limits: WriteLimits): number => Math.max(1, Math.floor(limits.rows / 4));

/**
 * Runs the steps in order, in as few transactions as the limits allow: a transaction always takes the
 * step it starts with (the head, however large, is one), then further steps while under both limits;
 * steps of no more rows in all than one transaction's are written in one.
 * Resolves with the number of transactions.
 */
export async function writeSteps(db: Kysely<Database>, steps: WriteStep[], limits: WriteLimits = WRITE_LIMITS): Promise<number> {
  let next = 0;
  let transactions = 0;
  let held = 0;
  // An import within the rows of one transaction is written in one, however long it takes.
  const small = steps.reduce((n, step) => n + step.rows, 0) <= limits.rows;
  while (next < steps.length) {
    // The pause lets every write that queued behind the last transaction go first.
    if (transactions > 0) await new Promise((resolve) => setTimeout(resolve, Math.max(2, held)));
    let from = 0;
    await db.transaction().execute(async (trx) => {
      from = performance.now();
      let rows = 0;
      let i = next;
      do {
        await steps[i]!.run(trx);
        rows += steps[i]!.rows;
        i += 1;
      } while (i < steps.length && rows + steps[i]!.rows <= limits.rows && (small || performance.now() - from < limits.ms));
      next = i;
    });
    held = performance.now() - from;
    transactions += 1;
  }
  return transactions;
}

/** A list cut into steps of at most `size` items, each written by `run`. */
export function stepsOf<T>(items: T[], size: number, run: (trx: Kysely<Database>, part: T[]) => Promise<void>): WriteStep[] {
  const steps: WriteStep[] = [];
  for (let i = 0; i < items.length; i += size) {
    const part = items.slice(i, i + size);
    steps.push({ rows: part.length, run: (trx) => run(trx, part) });
  }
  return steps;
}
