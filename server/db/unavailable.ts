// Which database failures are the database being away for a moment (a terminated backend, a restart,
// a full pool, SQLite busy past its timeout) rather than a fault of the request: those answer 503,
// which the app retries (its answer outbox keeps the answer), never 500.

import { CommitFailed, sqliteBusy } from './engine/group-commit.js';

/** PostgreSQL SQLSTATE codes of a lost or refused connection. */
const postgresCodes = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
  '40001', // serialization_failure: the same request, tried again, succeeds
  '40P01', // deadlock_detected
  '55P03', // lock_not_available: a pipelined write waited past its lock timeout (server/db/connect.ts)
]);

/** Socket errors of the client library while it talks to the database. */
const socketCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Messages node-postgres and its pool give a connection that ended under them (they carry no code). */
const lostConnection = /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Client was closed and is not queryable|terminating connection/i;

export function databaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  // A group commit that failed: the request's write is not stored, and trying again is the remedy.
  if (error instanceof CommitFailed || sqliteBusy(error)) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (postgresCodes.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true; // class 08: connection exception
    if (socketCodes.has(code)) return true;
  }
  return typeof message === 'string' && lostConnection.test(message);
}
