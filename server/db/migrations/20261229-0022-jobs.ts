// Long work as durable jobs (docs/decisions.md, "Jobs: one table, taken with a lease"): one table for
// every kind (imports today; lecture packaging and reminders later). A job is queued, taken by one
// runner with a lease it renews, and ends done, failed or cancelled. A runner that dies (kill -9, a
// restart) stops renewing: once its lease has passed, another runner takes the job again. `input` holds
// the bytes the job works on (an import's file) until the job ends, so the job needs no shared disk.
import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';

export async function up(db: Kysely<any>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('jobs')
    .ifNotExists()
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull()) // import | …
    .addColumn('state', 'text', (c) => c.notNull()) // queued | running | done | failed | cancelled
    .addColumn('payload', 'text', (c) => c.notNull()) // JSON: what the job is asked to do
    .addColumn('input', dialect === 'postgres' ? 'bytea' : 'blob')
    .addColumn('progress', 'text') // JSON, the kind's own
    .addColumn('result', 'text') // JSON: the outcome
    .addColumn('failure', 'text') // why it failed, in plain words
    .addColumn('staff_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    // Set when the job passed the point where it can only be finished (an import's first write).
    .addColumn('committed_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The runners' question: the oldest waiting (or lapsed) job of a kind.
  await db.schema.createIndex('jobs_kind_state').ifNotExists().on('jobs').columns(['kind', 'state', 'created_at']).execute();
  await db.schema.createIndex('jobs_staff').ifNotExists().on('jobs').columns(['staff_id', 'created_at']).execute();
}
