// Opens the database, migrates it, seeds the demo academy into an empty one, and builds the app.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { databaseIsEmpty, importBundle, readBundle } from './db/seed/import.js';
import { buildApp } from './app.js';

export const demoBundlePath = path.join(path.dirname(fileURLToPath(import.meta.url)), 'db/seed/demo');

export interface Started {
  app: FastifyInstance;
  seeded: boolean;
}

export async function startServer(config: Config, clock: Clock = systemClock): Promise<Started> {
  const { db, dialect } = await connect(config.databaseUrl);
  await migrate(db, dialect);
  let seeded = false;
  if (config.seedDemo && (await databaseIsEmpty(db))) {
    await importBundle(db, readBundle(demoBundlePath), { now: clock.now(), scryptCost: config.scryptCost });
    seeded = true;
  }
  const app = await buildApp(config, { db, dialect, clock });
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  return { app, seeded };
}
