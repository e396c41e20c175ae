// /api/health: whether the database answers, the storage directory can be written, Redis is
// connected and the scheduled backups keep up. A failing part makes the server 'degraded' (it keeps serving everything else); changes are
// logged once.
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Health, HealthPart } from '../src/contracts/common.js';
import { probeWritable } from './storage/disk.js';
import { backupPart } from './backup/schedule.js';

const ok = (message: string): HealthPart => ({ status: 'ok', message });
const failing = (message: string): HealthPart => ({ status: 'failing', message });

/** How long the database may take to answer `select 1` before it counts as unavailable. */
const DATABASE_PROBE_MS = 2000;

async function databasePart(app: FastifyInstance): Promise<HealthPart> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${DATABASE_PROBE_MS} ms`), DATABASE_PROBE_MS);
  });
  const probe = sql`select 1`.execute(app.db).then(
    () => null,
    (error: Error) => error.message,
  );
  try {
    const problem = await Promise.race([probe, timeout]);
    return problem === null ? ok(`${app.dialect} answers`) : failing(`${app.dialect} does not answer: ${problem}`);
  } finally {
    clearTimeout(timer);
  }
}

function redisPart(app: FastifyInstance): HealthPart {
  switch (app.realtime.redisState()) {
    case 'connected':
      return ok('connected: realtime events reach every server process');
    case 'notConfigured':
      return ok('not configured: realtime events reach the sockets of this process');
    case 'unavailable':
      return failing('unavailable: serving alone, realtime events reach the sockets of this process until Redis is back');
  }
}

async function storagePart(app: FastifyInstance): Promise<HealthPart> {
  const probe = await probeWritable(path.join(app.config.storageDir, 'uploads'));
  if (probe.writable) return ok('the storage directory can be written');
  return failing(probe.reason === 'full' ? `the storage directory is full (${probe.message}); uploads are refused` : `the storage directory cannot be written (${probe.message}); uploads are refused`);
}

/** The health answer, logging each part whose state changed since the last check. */
export function healthCheck(app: FastifyInstance): () => Promise<Health> {
  const last = new Map<string, HealthPart['status']>();
  return async () => {
    const parts = { database: await databasePart(app), storage: await storagePart(app), redis: redisPart(app), backup: await backupPart(app).catch((error: Error) => failing(`the backups' state cannot be read: ${error.message}`)) };
    for (const [name, part] of Object.entries(parts)) {
      const before = last.get(name);
      if (before !== undefined && before !== part.status) {
        if (part.status === 'failing') app.log.error(`health: ${name} is failing: ${part.message}`);
        else app.log.info(`health: ${name} works again: ${part.message}`);
      } else if (before === undefined && part.status === 'failing') {
        app.log.error(`health: ${name} is failing: ${part.message}`);
      }
      last.set(name, part.status);
    }
    const degraded = Object.values(parts).some((part) => part.status === 'failing');
    return { status: degraded ? 'degraded' : 'ok', parts };
  };
}
