// The server's job runner (server/jobs/runner.ts) with the handler of every kind, started with the
// app and stopped with it; what changes is announced on the realtime channel. It sits above the areas,
// beside app.ts, because it names every kind's handler: server/jobs stays below the areas that queue jobs.
import type { FastifyInstance } from 'fastify';
import { announceImports, importJobHandler } from './import/jobs.js';
import { JobRunner } from './jobs/runner.js';

export function attachJobs(app: FastifyInstance): JobRunner {
  const runner = new JobRunner({
    db: app.db,
    dialect: app.dialect,
    clock: app.clock,
    handlers: { import: importJobHandler(app) },
    onChange: (kind, job) => {
      if (kind === 'import') announceImports(app, job).catch((error: unknown) => app.log.warn({ err: error }, 'could not announce an import job'));
    },
    onError: (error) => app.log.error({ err: error }, 'job runner'),
  });
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.close());
  return runner;
}
