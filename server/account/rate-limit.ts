// Counted limits kept in the rate_events table, so every server process behind a load balancer
// sees the same counts. Counting and taking a slot happen under one lock per bucket, so requests
// racing for the last slot cannot both get it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Codes sent to one phone number. */
export const OTP_SEND_LIMIT: Limit = { max: 5, windowMs: 60 * 60_000 };
/** Failed sign-ins for one account. */
export const LOGIN_FAILURE_LIMIT: Limit = { max: 5, windowMs: 15 * 60_000 };

export type SlotResult = { allowed: true; eventId: number } | { allowed: false; retryAt: Date };

/** Takes one slot of the bucket, or reports when the oldest counted event leaves the window. */
export async function takeSlot(db: Kysely<Database>, dialect: Dialect, bucket: string, limit: Limit, now: Date): Promise<SlotResult> {
  const windowStart = new Date(now.getTime() - limit.windowMs).toISOString();
  return db.transaction().execute(async (trx) => {
    // SQLite runs one write transaction at a time already; PostgreSQL needs the bucket locked.
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${bucket}))`.execute(trx);
    await trx.deleteFrom('rate_events').where('bucket', '=', bucket).where('at', '<=', windowStart).execute();
    const events = await trx.selectFrom('rate_events').select('at').where('bucket', '=', bucket).orderBy('at').execute();
    if (events.length >= limit.max) return { allowed: false, retryAt: new Date(Date.parse(events[0]!.at) + limit.windowMs) };
    const inserted = await trx.insertInto('rate_events').values({ bucket, at: now.toISOString() }).returning('id').executeTakeFirstOrThrow();
    return { allowed: true, eventId: Number(inserted.id) };
  });
}

export async function releaseSlot(db: Kysely<Database>, eventId: number): Promise<void> {
  await db.deleteFrom('rate_events').where('id', '=', eventId).execute();
}

/** Forgets a bucket, e.g. the failures of an account that has just signed in. */
export async function clearBucket(db: Kysely<Database>, bucket: string): Promise<void> {
  await db.deleteFrom('rate_events').where('bucket', '=', bucket).execute();
}

/** "15 minutes", "1 minute": how long until retryAt, rounded up. */
export function waitText(retryAt: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
