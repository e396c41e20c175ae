// /api/health: whether this process serves with everything it relies on ('ok') or without a part of
// it ('degraded'), and which part. Always answered, so it also tells an operator what is away.
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Health } from '../src/contracts/common.js';

/** How long the database may take to answer `select 1` before it counts as unavailable. */
const DATABASE_PROBE_MS = 2000;

async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_PROBE_MS);
  });
  const probe = sql`select 1`.execute(app.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function health(app: FastifyInstance): Promise<Health> {
  const database = (await databaseAnswers(app)) ? 'ok' : 'unavailable';
  const redis = app.realtime.redisState();
  return { status: database === 'ok' && redis !== 'unavailable' ? 'ok' : 'degraded', database, redis };
}
