// Sessions: a random 128-bit id goes to the client; only its sha-256 is stored.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Staff, Student } from '../db/schema.js';
import type { SessionCache } from './session-cache.js';
import { preparedQuery } from '../db/engine/prepared.js';

export const hashSessionId = (id: string): string => createHash('sha256').update(id).digest('hex');

export async function createSession(
  db: Kysely<Database>,
  user: { id: string; kind: 'student' | 'staff' },
  now: Date,
  days: number,
): Promise<string> {
  const id = randomBytes(16).toString('hex');
  await db
    .insertInto('sessions')
    .values({
      id_hash: hashSessionId(id),
      user_id: user.id,
      user_kind: user.kind,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + days * 86_400_000).toISOString(),
      revoked_at: null,
    })
    .execute();
  return id;
}

export type SessionUser =
  | { kind: 'student'; sessionHash: string; student: Student }
  | { kind: 'staff'; sessionHash: string; staff: Staff };

/** Resolves a session id to its live user, or null when unknown, expired or revoked. */
export async function resolveSession(db: Kysely<Database>, id: string, now: Date, cache?: SessionCache): Promise<SessionUser | null> {
  if (!/^[0-9a-f]{32}$/.test(id)) return null;
  const sessionHash = hashSessionId(id);
  const cached = cache?.get(sessionHash, now);
  if (cached) return cached;
  const mark = cache?.mark() ?? 0;
  const user = await lookUpSession(db, sessionHash, now);
  if (user && cache) cache.set(user.user, user.expiresAt, mark);
  return user?.user ?? null;
}

// Every request that names a session reads these (unless the session cache holds it): compiled once.
// A student's session is read with the student's row in one statement (on PostgreSQL a statement is a
// round trip of the server's thread); a staff session reads the staff row after it.
const liveSessionWithStudent = preparedQuery((db: Kysely<Database>, { sessionHash, now }: { sessionHash: string; now: string }) =>
  db
    .selectFrom('sessions as x')
    .leftJoin('students as st', (join) => join.onRef('st.id', '=', 'x.user_id').on('x.user_kind', '=', 'student'))
    .selectAll('st')
    .select(['x.user_kind as session_kind', 'x.user_id as session_user', 'x.expires_at as session_expires'])
    .where('x.id_hash', '=', sessionHash)
    .where('x.revoked_at', 'is', null)
    .where('x.expires_at', '>', now),
);
// An account an administrator turned off has no live session, whatever its sessions' rows say.
const staffById = preparedQuery((db: Kysely<Database>, { id }: { id: string }) => db.selectFrom('staff').selectAll().where('id', '=', id).where('disabled_at', 'is', null));

async function lookUpSession(db: Kysely<Database>, sessionHash: string, now: Date): Promise<{ user: SessionUser; expiresAt: string } | null> {
  const row = await liveSessionWithStudent.first(db, { sessionHash, now: now.toISOString() });
  if (!row) return null;
  const { session_kind: kind, session_user: userId, session_expires: expiresAt, ...student } = row;
  if (kind === 'student') {
    return student.id !== null ? { user: { kind: 'student', sessionHash, student: student as Student }, expiresAt } : null;
  }
  const staff = await staffById.first(db, { id: userId });
  return staff ? { user: { kind: 'staff', sessionHash, staff }, expiresAt } : null;
}

export async function revokeSession(db: Kysely<Database>, sessionHash: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ revoked_at: now.toISOString() }).where('id_hash', '=', sessionHash).execute();
}

/** Which of these session hashes still name a live session (not revoked, not expired). */
export async function liveSessionHashes(db: Kysely<Database>, sessionHashes: string[], now: Date): Promise<Set<string>> {
  const live = new Set<string>();
  for (let at = 0; at < sessionHashes.length; at += 500) {
    const rows = await db
      .selectFrom('sessions')
      .select('id_hash')
      .where('id_hash', 'in', sessionHashes.slice(at, at + 500))
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .execute();
    for (const row of rows) live.add(row.id_hash);
  }
  return live;
}
