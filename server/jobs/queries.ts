// The jobs table's reads and writes (server/db/migrations/20261229-0022-jobs.ts). Every change of a
// running job names its runner (`lease_owner`) and requires the job still running: a runner that lost
// its job (cancelled, or its lease lapsed and another took it) changes nothing.
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Database, JobsTable } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';

export type JobRow = Omit<Selectable<JobsTable>, 'input'>;
export type JobKind = JobsTable['kind'];

/** Every column but the input bytes, which only the runner that runs the job reads. */
const COLUMNS = ['id', 'kind', 'state', 'payload', 'progress', 'result', 'failure', 'staff_id', 'created_at', 'started_at', 'committed_at', 'finished_at', 'lease_owner', 'lease_until', 'attempts', 'run_at', 'topic'] as const;

/** A job a runner may take at `at`: waiting (and its time has come), or running under a lease that has lapsed. */
const takeable = (at: string) => (w: ExpressionBuilder<Database, 'jobs'>) =>
  w.or([
    w.and([w('state', '=', 'queued'), w.or([w('run_at', 'is', null), w('run_at', '<=', at)])]),
    w.and([w('state', '=', 'running'), w('lease_until', '<', at)]),
  ]);

/** A job ends with this: its input is let go, its lease with it. */
const ENDED = { input: null, lease_owner: null, lease_until: null } as const;

export async function insertJob(
  db: Kysely<Database>,
  job: { id: string; kind: JobKind; payload: string; input: Uint8Array | null; staffId: string | null; now: Date; runAt?: Date | null; topic?: string | null },
): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      id: job.id, kind: job.kind, state: 'queued', payload: job.payload, input: job.input, staff_id: job.staffId, created_at: job.now.toISOString(),
      run_at: job.runAt?.toISOString() ?? null, topic: job.topic ?? null,
    })
    .execute();
}

/** The jobs of a kind about one thing that wait or have run (not cancelled or failed), oldest first. */
export async function jobsOfTopic(db: Kysely<Database>, kind: JobKind, topic: string): Promise<JobRow[]> {
  return db.selectFrom('jobs').select(COLUMNS).where('kind', '=', kind).where('topic', '=', topic).where('state', 'in', ['queued', 'running', 'done']).orderBy('created_at').orderBy('id').execute();
}

/** Cancels the waiting jobs of a kind about one thing (a moved or removed exam's reminders), or only those named. */
export async function cancelWaiting(db: Kysely<Database>, kind: JobKind, topic: string, now: Date, ids?: string[]): Promise<number> {
  if (ids && ids.length === 0) return 0;
  const updated = await db
    .updateTable('jobs')
    .set({ ...ENDED, state: 'cancelled', finished_at: now.toISOString() })
    .where('kind', '=', kind)
    .where('topic', '=', topic)
    .where('state', '=', 'queued')
    .$if(ids !== undefined, (q) => q.where('id', 'in', ids!))
    .executeTakeFirst();
  return Number(updated.numUpdatedRows);
}

/**
 * Takes the oldest job of the kind that waits, or whose runner's lease has lapsed, unless another job
 * of the kind runs under a live lease (an exclusive kind runs one job at a time, in the order they
 * came; another kind's jobs run side by side, each runner taking as many as it has slots). On
 * PostgreSQL the takers of a kind queue on an advisory lock and the row is locked with SKIP LOCKED;
 * SQLite's single writer makes the one statement atomic by itself.
 */
export async function takeJob(db: Kysely<Database>, dialect: Dialect, kind: JobKind, owner: string, now: Date, leaseMs: number, exclusive = true): Promise<JobRow | undefined> {
  const at = now.toISOString();
  const take = async (trx: Kysely<Database>) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`jobs:${kind}`}))`.execute(trx);
    return trx
      .updateTable('jobs')
      .set((eb) => ({ state: 'running', lease_owner: owner, lease_until: new Date(now.getTime() + leaseMs).toISOString(), attempts: eb('attempts', '+', 1), started_at: eb.fn.coalesce('started_at', eb.val(at)) }))
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('kind', '=', kind)
          .where(takeable(at))
          .orderBy((eb) => eb.fn.coalesce('run_at', 'created_at'))
          .orderBy('id')
          .limit(1)
          .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked()),
      )
      .$if(exclusive, (q) => q.where((eb) => eb.not(eb.exists(eb.selectFrom('jobs as live').select('live.id').where('live.kind', '=', kind).where('live.state', '=', 'running').where('live.lease_until', '>=', at)))))
      .returning(COLUMNS)
      .executeTakeFirst();
  };
  return dialect === 'postgres' ? db.transaction().execute(take) : take(db);
}

/**
 * Whether a job of the kind waits or has a lapsed lease: a read, so an idle runner's look takes no
 * write lock (on SQLite a write, even of no row, waits for the one writer on the server's thread).
 */
export async function jobsWaiting(db: Kysely<Database>, kind: JobKind, now: Date): Promise<boolean> {
  const at = now.toISOString();
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('kind', '=', kind)
    .where(takeable(at))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many jobs of each kind are in each state; a running job whose lease lapsed counts as queued (it waits to be taken again). */
export async function jobCounts(db: Kysely<Database>, now: Date): Promise<{ kind: JobKind; state: JobsTable['state']; count: number }[]> {
  const at = now.toISOString();
  const rows = await db
    .selectFrom('jobs')
    .select(['kind', sql<JobsTable['state']>`case when state = 'running' and lease_until < ${at} then 'queued' else state end`.as('state'), (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['kind', sql`2`])
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** Jobs whose runners died this many times are not taken again: they fail, with `failure` as the reason. */
export async function failLapsed(db: Kysely<Database>, kind: JobKind, now: Date, maxAttempts: number, failure: string): Promise<JobRow[]> {
  const at = now.toISOString();
  return db
    .updateTable('jobs')
    .set({ ...ENDED, state: 'failed', failure, finished_at: at })
    .where('kind', '=', kind)
    .where('state', '=', 'running')
    .where('lease_until', '<', at)
    .where('attempts', '>=', maxAttempts)
    .returning(COLUMNS)
    .execute();
}

export async function inputOf(db: Kysely<Database>, id: string): Promise<Uint8Array | null> {
  const row = await db.selectFrom('jobs').select('input').where('id', '=', id).executeTakeFirst();
  return row?.input ?? null;
}

/** Renews the runner's lease and records the progress; false when the job is no longer the runner's. */
export async function renewLease(db: Kysely<Database>, id: string, owner: string, now: Date, leaseMs: number, progress: string | null): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_until: new Date(now.getTime() + leaseMs).toISOString(), ...(progress === null ? {} : { progress }) })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Marks the running job as past its point of no return, with the outcome it will have, inside the
 * transaction of its first write: the mark and the write commit together or not at all. False (and
 * the caller must roll back) when the job was cancelled or is no longer this runner's.
 */
export async function commitJob(trx: Kysely<Database>, id: string, owner: string, now: Date, result: string): Promise<boolean> {
  const updated = await trx
    .updateTable('jobs')
    .set((eb) => ({ committed_at: eb.fn.coalesce('committed_at', eb.val(now.toISOString())), result }))
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Ends the runner's job; false when it was no longer the runner's (cancelled or taken again). */
export async function finishJob(
  db: Kysely<Database>, id: string, owner: string, now: Date,
  end: { state: 'done'; result: string } | { state: 'failed'; failure: string },
): Promise<boolean> {
  const updated = await db
    .updateTable('jobs')
    .set({ ...ENDED, ...end, finished_at: now.toISOString() })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Cancels a waiting or running job that has not passed its point of no return; false otherwise. */
export async function cancelJob(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const updated = await db
    .updateTable('jobs')
    .set({ ...ENDED, state: 'cancelled', finished_at: now.toISOString() })
    .where('id', '=', id)
    .where('state', 'in', ['queued', 'running'])
    .where('committed_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** A runner that stops (the server closes) hands its running job back to wait for the next runner. */
export async function releaseJob(db: Kysely<Database>, id: string, owner: string): Promise<void> {
  await db.updateTable('jobs').set({ state: 'queued', lease_owner: null, lease_until: null }).where('id', '=', id).where('lease_owner', '=', owner).where('state', '=', 'running').execute();
}

export async function jobById(db: Kysely<Database>, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** One staff member's jobs of a kind since a time, newest first. */
export async function jobsOfStaff(db: Kysely<Database>, kind: JobKind, staffId: string, since: Date, limit: number): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .select(COLUMNS)
    .where('kind', '=', kind)
    .where('staff_id', '=', staffId)
    .where('created_at', '>=', since.toISOString())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The jobs of a kind that wait or run, oldest first: a job's place in the line is its index. */
export async function unfinishedJobs(db: Kysely<Database>, kind: JobKind): Promise<JobRow[]> {
  return db.selectFrom('jobs').select(COLUMNS).where('kind', '=', kind).where('state', 'in', ['queued', 'running']).orderBy('created_at').orderBy('id').execute();
}
