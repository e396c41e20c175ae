// Answer saves on PostgreSQL, written together: the saves that arrive in one turn of the event loop go
// to the database as one statement, so one commit (one WAL flush) acknowledges all of them.
//
// Each autocommitted upsert held a pool connection through its own commit and flush; at 1,000 saves a
// second the saves queued for connections behind those flushes. A batch keeps every save's rule (a
// stored answer is overwritten only by a newer client timestamp: the statement's conflict clause) and
// its guarantee: every save of the batch is answered after the statement has committed, never before.
// One statement may touch an answer once, so a second save of the same answer in the turn waits for a
// statement of its own; the order of the two does not matter, the newer timestamp wins either way. A
// batch that fails for any reason but the database being away is written again one save at a time, so
// a save that cannot be stored fails alone.
import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { databaseUnavailable } from '../db/unavailable.js';
import { perDatabase } from '../db/per-database.js';
import { answerKey, upsertNewerAnswer, upsertNewerAnswers, type NewAnswer } from './queries.js';

/** At most this many saves in one statement (8 values each, far under PostgreSQL's 65,535 parameters). */
export const ANSWER_BATCH_ROWS = 500;

interface Pending {
  row: NewAnswer;
  resolve(applied: boolean): void;
  reject(error: unknown): void;
}

class AnswerBatch {
  private waiting: Pending[] = [];
  private scheduled = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the save was written (false: the stored answer is as new or newer). Resolves once committed. */
  save(row: NewAnswer): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ row, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.scheduled = false;
    let rest = this.waiting;
    this.waiting = [];
    while (rest.length > 0) {
      const batch: Pending[] = [];
      const later: Pending[] = [];
      const keys = new Set<string>();
      for (const pending of rest) {
        const key = answerKey(pending.row);
        if (batch.length < ANSWER_BATCH_ROWS && !keys.has(key)) {
          keys.add(key);
          batch.push(pending);
        } else later.push(pending);
      }
      void this.write(batch);
      rest = later;
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    if (batch.length === 1) return this.alone(batch[0]!);
    let written: Set<string>;
    try {
      written = await upsertNewerAnswers(this.db, batch.map((pending) => pending.row));
    } catch (error) {
      if (databaseUnavailable(error)) {
        for (const pending of batch) pending.reject(error);
        return;
      }
      await Promise.all(batch.map((pending) => this.alone(pending)));
      return;
    }
    for (const pending of batch) pending.resolve(written.has(answerKey(pending.row)));
  }

  private async alone(pending: Pending): Promise<void> {
    try {
      pending.resolve(await upsertNewerAnswer(this.db, pending.row));
    } catch (error) {
      pending.reject(error);
    }
  }
}

const batchOf = perDatabase((db) => new AnswerBatch(db));

/**
 * Stores an answer unless the stored one is as new or newer (server/exams/queries.ts): on PostgreSQL,
 * outside a transaction, in the batch of its turn; otherwise in a statement of its own (on SQLite the
 * group commit already shares one commit among the saves). True when written; settles once committed.
 */
export function saveNewerAnswer(db: Kysely<Database>, row: NewAnswer): Promise<boolean> {
  if (db.isTransaction || !(db.getExecutor().adapter instanceof PostgresAdapter)) return upsertNewerAnswer(db, row);
  return batchOf(db).save(row);
}
