// The job runner of one server process: it takes jobs from the jobs table (server/jobs/queries.ts),
// one at a time per kind, runs each with its kind's handler, renews its lease while the job runs and
// records its progress, and ends it done or failed. Every process runs one; so may other machines on
// the same database. A runner that dies stops renewing its lease, and once the lease has lapsed another
// runner takes the job again (docs/decisions.md, "Jobs: one table, taken with a lease").
import { newId } from '../ids.js';
import type { Clock } from '../clock.js';
import type { Dialect } from '../db/connect.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { failLapsed, finishJob, jobsWaiting, releaseJob, renewLease, takeJob, type JobKind, type JobRow } from './queries.js';

/** How long a taken job is the runner's without a renewal; renewed every RENEW_MS while it runs. */
export const LEASE_MS = 30_000;
export const RENEW_MS = 1_000;
/** How often an idle runner looks for waiting jobs (and lapsed leases) queued by other processes. */
export const POLL_MS = 2_000;
/** A job whose runner died this many times is given up. */
export const MAX_ATTEMPTS = 3;

export interface RunningJob {
  job: JobRow;
  /** This runner's name in `lease_owner`. */
  owner: string;
  /** Aborted when the job stops being this runner's (cancelled, or its lease lapsed and was taken). */
  signal: AbortSignal;
  /** The job's progress (JSON-able) at one of its steps; recorded and announced at once. */
  progress(value: unknown): void;
}

export interface JobHandler {
  /** Runs the job and resolves with its outcome (stored as JSON); a rejection fails it with the error's message. */
  run(running: RunningJob): Promise<unknown>;
  /** Said in `failure` of a job whose runners died MAX_ATTEMPTS times. */
  gaveUp: string;
  /**
   * Jobs of the kind this runner runs at once (1 unless given; 0 runs none here). A kind that is not
   * `exclusive` may run on several runners at once (lecture packaging: one at a time per machine);
   * an exclusive one runs one job at a time across every runner (imports).
   */
  slots?: number;
  exclusive?: boolean;
}

export interface JobRunnerOptions {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  handlers: Partial<Record<JobKind, JobHandler>>;
  /** Told whenever a job changed (taken, progressed, ended), to announce it. */
  onChange?: (kind: JobKind, job: JobRow) => void;
  onError?: (error: unknown) => void;
  leaseMs?: number;
}

export class JobRunner {
  readonly owner = `runner-${process.pid}-${newId()}`;
  /** The turns running here, by kind and slot ('media#0'). */
  private readonly running = new Map<string, Promise<void>>();
  private readonly aborts = new Set<AbortController>();
  private poll: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: JobRunnerOptions) {}

  /** Starts looking for jobs: now, and every POLL_MS. */
  start(): void {
    this.poll = setInterval(() => this.wake(), POLL_MS);
    this.poll.unref();
    this.wake();
  }

  /** Looks for a job of every kind not running here now (a job was queued, or a test moved the clock). */
  wake(): void {
    for (const kind of Object.keys(this.options.handlers) as JobKind[]) {
      for (let slot = 0; slot < (this.options.handlers[kind]!.slots ?? 1); slot += 1) {
        const name = `${kind}#${slot}`;
        if (this.closed || this.running.has(name)) continue;
        const turn = this.next(kind).catch((error: unknown) => this.options.onError?.(error)).finally(() => this.running.delete(name));
        this.running.set(name, turn);
      }
    }
  }

  /** Resolves once the jobs running here now have ended (tests). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running.values()]);
  }

  /** Stops taking jobs, stops the running ones and hands them back to wait for another runner. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.poll) clearInterval(this.poll);
    for (const abort of this.aborts) abort.abort();
    await Promise.all([...this.running.values()]);
  }

  private async next(kind: JobKind): Promise<void> {
    const { db, dialect, clock, handlers, onChange } = this.options;
    const handler = handlers[kind]!;
    const leaseMs = this.options.leaseMs ?? LEASE_MS;
    while (!this.closed) {
      if (!(await jobsWaiting(db, kind, clock.now()))) return;
      for (const given of await failLapsed(db, kind, clock.now(), MAX_ATTEMPTS, handler.gaveUp)) onChange?.(kind, given);
      const job = await takeJob(db, dialect, kind, this.owner, clock.now(), leaseMs, handler.exclusive ?? true);
      if (!job) return;
      onChange?.(kind, job);
      await this.run(kind, job, handler, leaseMs);
    }
  }

  private async run(kind: JobKind, job: JobRow, handler: JobHandler, leaseMs: number): Promise<void> {
    const { db, clock, onChange } = this.options;
    const abort = new AbortController();
    this.aborts.add(abort);
    let progress: string | null = null;
    // Renewals run one after another: a slow database never has two of one job in flight.
    let renewing = Promise.resolve();
    const renew = () => {
      renewing = renewing.then(async () => {
        if (abort.signal.aborted) return;
        const sent = progress;
        progress = null;
        if (await renewLease(db, job.id, this.owner, clock.now(), leaseMs, sent)) {
          if (sent !== null) onChange?.(kind, job);
        } else abort.abort();
      }).catch((error: unknown) => this.options.onError?.(error));
    };
    const timer = setInterval(renew, RENEW_MS);
    timer.unref();
    let end: { state: 'done'; result: string } | { state: 'failed'; failure: string };
    try {
      // A job tells its progress at its steps (a phase, a count): recorded and announced at once.
      const tell = (value: unknown) => {
        progress = JSON.stringify(value);
        renew();
      };
      const outcome = await handler.run({ job, owner: this.owner, signal: abort.signal, progress: tell });
      end = { state: 'done', result: JSON.stringify(outcome) };
    } catch (error) {
      end = { state: 'failed', failure: (error as Error).message };
    } finally {
      clearInterval(timer);
      this.aborts.delete(abort);
    }
    await renewing;
    if (this.closed && abort.signal.aborted) {
      // The server is closing: the job waits for the next runner (here after a restart, or another).
      await releaseJob(db, job.id, this.owner);
    } else if (!abort.signal.aborted) {
      await finishJob(db, job.id, this.owner, clock.now(), end);
    }
    onChange?.(kind, job);
  }
}
