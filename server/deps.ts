// The one dependency object of every use case (docs/decisions.md, "The shape of an area"): a route
// hands its use case `depsOf(app)` (or a part of it), never the Fastify app itself. A use case names
// the part it needs (`Pick<AreaDeps, 'db' | 'now'>`, or ExamDeps), so a test can give it just that.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Dialect } from './db/connect.js';
import type { Writes } from './db/engine/group-commit.js';
import type { Database } from './db/schema.js';
import type { JobRunner } from './jobs/runner.js';
import type { Realtime } from './realtime.js';

export interface AreaDeps {
  /** The database; SQL only through the area's queries.ts (or queries/ folder). */
  db: Kysely<Database>;
  dialect: Dialect;
  /** Start, answer save and submit write through it: acknowledged once durable, in group commits on SQLite. */
  writes: Writes;
  config: Config;
  clock: Clock;
  /** The server's clock when the request arrived: every time question of one request is asked of it. */
  now: Date;
  /** How long after an exam's end its answers are still taken (config.examGraceSeconds). */
  graceSeconds: number;
  /** Events to students' and desks' sockets, on every process. */
  realtime: Realtime;
  /** The durable jobs (server/jobs). */
  jobs: JobRunner;
  log: FastifyBaseLogger;
}

/** The dependencies of one request's use case, read from the app the areas are registered on. */
export function depsOf(app: FastifyInstance): AreaDeps {
  return {
    db: app.db,
    dialect: app.dialect,
    writes: app.writes,
    config: app.config,
    clock: app.clock,
    now: app.clock.now(),
    graceSeconds: app.config.examGraceSeconds,
    realtime: app.realtime,
    jobs: app.jobs,
    log: app.log,
  };
}
