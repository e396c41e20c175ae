// Counted limits kept in the rate_events table, so every server process behind a load balancer
// sees the same counts. A request takes its slots in all the buckets that concern it in one
// transaction, under one lock per bucket, so requests racing for the last slot cannot both get it,
// and a request refused by one bucket takes no slot in the others.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';

export interface Limit {
  max: number;
  windowMs: number;
}

/**
 * A growing delay instead of a lockout: the first `free` events of the window pass at once; after
 * them each one must come `firstDelayMs` after the previous event, doubling with every further
 * event up to `maxDelayMs`. Nothing is ever locked for longer than `maxDelayMs`.
 */
export interface Backoff {
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  windowMs: number;
}

/** Codes sent to one phone number. */
export const OTP_SEND_LIMIT: Limit = { max: 5, windowMs: 60 * 60_000 };
/** Failed sign-ins of one account from one client address. */
export const SIGN_IN_BACKOFF: Backoff = { free: 5, firstDelayMs: 1_000, maxDelayMs: 5 * 60_000, windowMs: 60 * 60_000 };

/** The share of requests that also sweep events older than a day. */
const PRUNE_SHARE = 0.01;

/**
 * A limit refuses once full; a soft limit never refuses: it reports that it is full (in `over`) and
 * stops counting, so its rows stay bounded by its maximum.
 */
export type Check = { bucket: string; limit: Limit; soft?: boolean } | { bucket: string; backoff: Backoff };

/** `counts`: the events each bucket held in its window before this one. */
export type SlotsResult = { allowed: true; eventIds: number[]; over: string[]; counts: Record<string, number> } | { allowed: false; bucket: string; retryAt: Date };

/** How long after the previous event the next one may come, once `count` events are in the window. */
export function backoffDelayMs(backoff: Backoff, count: number): number {
  if (count < backoff.free) return 0;
  return Math.min(backoff.maxDelayMs, backoff.firstDelayMs * 2 ** Math.min(30, count - backoff.free));
}

/**
 * Takes one slot in every bucket, or none: reports the first bucket that refuses and when it will
 * allow again. Buckets are locked in name order so two requests never wait on each other in a circle.
 */
export async function takeSlots(db: Kysely<Database>, dialect: Dialect, checks: Check[], now: Date): Promise<SlotsResult> {
  const ordered = [...checks].sort((a, b) => (a.bucket < b.bucket ? -1 : a.bucket > b.bucket ? 1 : 0));
  return db.transaction().execute(async (trx) => {
    const over: string[] = [];
    const counts: Record<string, number> = {};
    for (const check of ordered) {
      // SQLite runs one write transaction at a time already; PostgreSQL needs the bucket locked. A
      // soft limit refuses nothing, so its count need not be exact: it is read unlocked, and every
      // sign-in of a flood does not queue on the academy's one bucket.
      const soft = 'limit' in check && check.soft === true;
      if (dialect === 'postgres' && !soft) await sql`select pg_advisory_xact_lock(hashtext(${check.bucket}))`.execute(trx);
      const windowMs = 'limit' in check ? check.limit.windowMs : check.backoff.windowMs;
      const windowStart = new Date(now.getTime() - windowMs).toISOString();
      await trx.deleteFrom('rate_events').where('bucket', '=', check.bucket).where('at', '<=', windowStart).execute();
      const row = await trx
        .selectFrom('rate_events')
        .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('at').as('oldest'), eb.fn.max('at').as('newest')])
        .where('bucket', '=', check.bucket)
        .executeTakeFirstOrThrow();
      const count = Number(row.count);
      counts[check.bucket] = count;
      if ('limit' in check && check.soft) {
        if (count >= check.limit.max) over.push(check.bucket);
      } else if ('limit' in check) {
        if (count >= check.limit.max) return { allowed: false, bucket: check.bucket, retryAt: new Date(Date.parse(row.oldest!) + windowMs) };
      } else {
        const delay = backoffDelayMs(check.backoff, count);
        const allowedAt = row.newest ? Date.parse(row.newest) + delay : 0;
        if (delay > 0 && now.getTime() < allowedAt) return { allowed: false, bucket: check.bucket, retryAt: new Date(allowedAt) };
      }
    }
    // Buckets nobody touches again (addresses, accounts) are swept now and then; no window is a day long.
    if (Math.random() < PRUNE_SHARE) {
      await trx.deleteFrom('rate_events').where('at', '<', new Date(now.getTime() - 86_400_000).toISOString()).execute();
    }
    const eventIds: number[] = [];
    for (const check of ordered) {
      if (over.includes(check.bucket)) continue;
      const inserted = await trx.insertInto('rate_events').values({ bucket: check.bucket, at: now.toISOString() }).returning('id').executeTakeFirstOrThrow();
      eventIds.push(Number(inserted.id));
    }
    return { allowed: true, eventIds, over, counts };
  });
}

/** Gives slots back, e.g. those of a sign-in that succeeded or a code that could not be sent. */
export async function releaseSlots(db: Kysely<Database>, eventIds: number[]): Promise<void> {
  if (eventIds.length > 0) await db.deleteFrom('rate_events').where('id', 'in', eventIds).execute();
}

/** Forgets a bucket, e.g. the failures of an account that has just signed in. */
export async function clearBucket(db: Kysely<Database>, bucket: string): Promise<void> {
  await db.deleteFrom('rate_events').where('bucket', '=', bucket).execute();
}

/** "15 minutes", "1 minute", "8 seconds": how long until retryAt, rounded up. */
export function waitText(retryAt: Date, now: Date): string {
  const ms = Math.max(0, retryAt.getTime() - now.getTime());
  if (ms < 60_000) {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return `${seconds} second${seconds === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(ms / 60_000);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** Whole seconds until retryAt, for a Retry-After header. */
export const retryAfterSeconds = (retryAt: Date, now: Date): number => Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 1000));
