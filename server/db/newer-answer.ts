// The rule every store of a student's answers keeps (an exam's answers, a mistakes set's): answers
// saved offline arrive late, retried or out of order, so a stored answer is replaced only by one with
// a newer client timestamp, decided in the insert itself so that no read can race it.
import type { OnConflictBuilder, OnConflictDatabase, OnConflictTables, OnConflictUpdateBuilder } from 'kysely';
import type { Database } from './schema.js';

/** The tables of answers, each keyed by its container (attempt or set) and the question. */
const ANSWER_CONTAINERS = { answers: 'attempt_id', mistake_answers: 'set_id' } as const;
type AnswerTable = keyof typeof ANSWER_CONTAINERS;

type NewerAnswerConflict<T extends AnswerTable> = (oc: OnConflictBuilder<Database, T>) => OnConflictUpdateBuilder<OnConflictDatabase<Database, T>, OnConflictTables<T>>;

/**
 * The `on conflict` of an insert into `table`: on the same (container, question) it takes the incoming
 * answer, its attachments, last touched option, client timestamp, save time and offline flag, but only
 * when the incoming client timestamp is newer; with an older or equal one the row stays and the
 * insert returns nothing.
 */
export function newerAnswerWins<T extends AnswerTable>(table: T): NewerAnswerConflict<T> {
  // Kysely cannot check a builder over "one of these tables", so the body sees any table; the
  // signature keeps each caller's insert typed for its own table.
  return (oc: OnConflictBuilder<any, any>) =>
    oc
      .columns([ANSWER_CONTAINERS[table], 'question_id'])
      .doUpdateSet((eb) => ({
        answer: eb.ref('excluded.answer'),
        extra: eb.ref('excluded.extra'),
        answer_index: eb.ref('excluded.answer_index'),
        client_timestamp: eb.ref('excluded.client_timestamp'),
        saved_at: eb.ref('excluded.saved_at'),
        offline: eb.ref('excluded.offline'),
      }))
      .whereRef('excluded.client_timestamp', '>', `${table}.client_timestamp`);
}
