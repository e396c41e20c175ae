// Sessions resolved in the last few seconds, so a request costs a map lookup instead of two queries.
// Safe because every change that can end or alter a session goes through this process's forget
// calls (sign-out, password change, profile update) and, with Redis, reaches the other processes the
// same way (server/realtime.ts); an entry also lapses after `ttlMs` and at the session's own expiry.
import type { SessionUser } from './sessions.js';
import { rememberBounded } from '../bounded-memory.js';

interface Entry {
  user: SessionUser;
  userId: string;
  /** The session's expiry (ms since the epoch, the server's clock). */
  expiresAtMs: number;
  /** When the entry stops being trusted (performance.now() ms). */
  staleAtMs: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts forgets: a lookup that began before one is not cached (it may have read a session just ended). */
  private forgets = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(sessionHash: string, now: Date): SessionUser | undefined {
    const entry = this.entries.get(sessionHash);
    if (!entry) return undefined;
    if (entry.staleAtMs <= performance.now() || entry.expiresAtMs <= now.getTime()) {
      this.entries.delete(sessionHash);
      return undefined;
    }
    return entry.user;
  }

  /** Taken before reading a session from the database, and given back to `set`. */
  mark(): number {
    return this.forgets;
  }

  set(user: SessionUser, expiresAt: string, mark: number): void {
    if (this.ttlMs <= 0 || mark !== this.forgets) return;
    const userId = user.kind === 'student' ? user.student.id : user.staff.id;
    rememberBounded(this.entries, user.sessionHash, { user, userId, expiresAtMs: Date.parse(expiresAt), staleAtMs: performance.now() + this.ttlMs }, this.maxEntries);
  }

  forgetSession(sessionHash: string): void {
    this.forgets += 1;
    this.entries.delete(sessionHash);
  }

  /** Every cached session of one user: after a sign-out everywhere or a change to the user's row. */
  forgetUser(userId: string): void {
    this.forgets += 1;
    for (const [hash, entry] of this.entries) if (entry.userId === userId) this.entries.delete(hash);
  }
}
