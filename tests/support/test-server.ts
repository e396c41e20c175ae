// A real server on a real database for API and browser tests: fresh database, migrated, loaded with a bundle.
import type { FastifyInstance, InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import { configFrom, type Config } from '../../server/config.js';
import { ShiftedClock } from '../../server/clock.js';
import { connect } from '../../server/db/connect.js';
import { migrate } from '../../server/db/migrate.js';
import { importAcademy } from '../../server/import/index.js';
import { buildApp } from '../../server/app.js';
import { createSession } from '../../server/account/sessions.js';
import { seedDemoAcademy } from '../../server/db/seed/demo-academy.js';
import { createDatabase, type TestDatabase } from './databases.js';
import { checkRefusals } from './refusal-check.js';

export interface TestServer {
  app: FastifyInstance;
  config: Config;
  clock: ShiftedClock;
  database: TestDatabase;
  /** A session id for a student or staff member, made directly (no password round trip). */
  sessionFor(userId: string, kind?: 'student' | 'staff'): Promise<string>;
  /** inject() with the app's headers; pass `session` to sign the request. */
  call(options: InjectOptions & { session?: string }): Promise<LightMyRequestResponse>;
  /** Listens on a free loopback port and returns its base URL (for browser and socket tests). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  kind?: 'sqlite' | 'postgres';
  /** A bundle object, or 'demo' for the demo academy, or null for an empty database. */
  bundle?: unknown;
  config?: Partial<Config>;
  env?: NodeJS.ProcessEnv;
  /** Sees every route as the app registers it. */
  onRoute?: (route: RouteOptions) => void;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await createDatabase(options.kind ?? 'sqlite');
  const config = configFrom({ NODE_ENV: 'test', ...options.env }, { databaseUrl: database.url, seedDemo: false, logLevel: 'silent', ...options.config });
  const clock = new ShiftedClock();
  const { db, dialect } = await connect(database.url);
  await migrate(db, dialect);
  if (options.bundle) {
    // The demo academy as `npm start` seeds it; any other bundle through the importer alone.
    if (options.bundle === 'demo') await seedDemoAcademy(db, { now: clock.now(), scryptCost: config.scryptCost, challengeWindowHours: config.challengeWindowHours });
    else await importAcademy(db, options.bundle, { now: clock.now(), scryptCost: config.scryptCost, challengeWindowHours: config.challengeWindowHours });
  }
  // Every refusal of every route is compared with the route's contract; close() fails on any it does not list.
  const unlisted: string[] = [];
  const checkRoute = checkRefusals(unlisted);
  const onRoute = (route: RouteOptions) => {
    checkRoute(route);
    options.onRoute?.(route);
  };
  const app = await buildApp(config, { db, dialect, clock, onRoute });
  let listening = false;
  return {
    app,
    config,
    clock,
    database,
    sessionFor: (userId, kind = 'student') => createSession(db, { id: userId, kind }, clock.now(), 1),
    call: ({ session, headers, ...rest }) =>
      app.inject({ ...rest, headers: { agent: 'browser', ...(session ? { authorization: session } : {}), ...headers } }),
    async listen() {
      await app.listen({ port: 0, host: '127.0.0.1' });
      listening = true;
      const address = app.server.address();
      if (!address || typeof address === 'string') throw new Error('no port');
      return `http://127.0.0.1:${address.port}`;
    },
    async close() {
      void listening;
      await app.close();
      await db.destroy();
      await database.drop();
      if (unlisted.length && !process.env.REFUSALS_LOG) {
        throw new Error(`Refusals their contracts do not list (src/contracts):\n${[...new Set(unlisted)].join('\n')}`);
      }
    },
  };
}

/**
 * A second server process over the first one's database, both sharing the Redis of `config.redisUrl`:
 * the first listens (for sockets), the second answers inject() calls. Everything is closed after `run`.
 */
export async function withTwoProcesses(options: TestServerOptions, run: (first: TestServer, second: FastifyInstance, baseUrl: string) => Promise<void>): Promise<void> {
  const first = await startTestServer(options);
  const { db, dialect } = await connect(first.database.url);
  const second = await buildApp({ ...first.config }, { db, dialect, clock: first.clock });
  try {
    await run(first, second, await first.listen());
  } finally {
    await second.close();
    await db.destroy();
    await first.close();
  }
}
