// Opens the database, migrates it, seeds the demo academy into an empty one, and builds the app.
import type { FastifyInstance } from 'fastify';
import { PRODUCTION_REFUSALS, type Config } from './config.js';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import type { Kysely } from 'kysely';
import { connect, type Dialect } from './db/connect.js';
import type { Database } from './db/schema.js';
import { migrate } from './db/migrate.js';
import { finishRegradeJobs } from './exams/regrading.js';
import { databaseIsEmpty } from './db/seed/import.js';
import { demoBundlePath, seedDemoAcademy } from './db/seed/demo-academy.js';
import { buildApp } from './app.js';
import { demoAccountsRefusal, openDemoAccounts } from './account/demo-accounts.js';

export { demoBundlePath };

export interface Started {
  app: FastifyInstance;
  seeded: boolean;
  /** No academy imported yet (and none seeded). */
  empty: boolean;
}

/** Migrates the database and seeds the demo academy into an empty one when the settings allow. */
export async function prepareDatabase(db: Kysely<Database>, dialect: Dialect, config: Config, clock: Clock = systemClock): Promise<Omit<Started, 'app'>> {
  // The demo academy's passwords are published: it never enters a production database.
  if (config.production && config.seedDemo) throw new Error(PRODUCTION_REFUSALS.demoSeed);
  await migrate(db, dialect);
  // A regrade committed before a crash is written to its end before the server serves again.
  await finishRegradeJobs(db, dialect);
  if (config.production && !config.allowDemoAccounts) {
    const open = await openDemoAccounts(db, demoBundlePath);
    if (open.length > 0) throw new Error(demoAccountsRefusal(open));
  }
  let seeded = false;
  let empty = await databaseIsEmpty(db);
  if (config.seedDemo && empty) {
    await seedDemoAcademy(db, { now: clock.now(), scryptCost: config.scryptCost, challengeWindowHours: config.challengeWindowHours });
    seeded = true;
    empty = false;
  }
  return { seeded, empty };
}

export async function startServer(config: Config, clock: Clock = systemClock): Promise<Started> {
  if (config.production && config.seedDemo) throw new Error(PRODUCTION_REFUSALS.demoSeed);
  const { db, dialect } = await connect(config.databaseUrl);
  const { seeded, empty } = await prepareDatabase(db, dialect, config, clock);
  const app = await buildApp(config, { db, dialect, clock });
  app.addHook('onClose', async () => {
    await db.destroy();
  });
  return { app, seeded, empty };
}
