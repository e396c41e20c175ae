// The server's job runner (server/jobs/runner.ts) with the handler of every kind, started with the
// app and stopped with it; what changes is announced on the realtime channel. It sits above the areas,
// beside app.ts, because it names every kind's handler: server/jobs stays below the areas that queue jobs.
import type { FastifyInstance } from 'fastify';
import { announceImports, importJobHandler } from './import/jobs.js';
import { JobRunner } from './jobs/runner.js';
import { reminderDeps } from './reminder-deps.js';
import { reminderJobHandler } from './reminders/reminders.js';
import { announceJob, mediaJobHandler } from './lectures/jobs.js';
import type { LectureDeps } from './lectures/jobs.js';

/** The lectures' use cases' dependencies from the app (the job runner's handler, the command line). */
const lectureDepsOf = (app: FastifyInstance): LectureDeps => ({
  db: app.db, dialect: app.dialect, clock: app.clock, config: app.config,
  realtime: { toStaffOfCourse: (courseId, event, payload) => app.realtime.toStaffOfCourse(courseId, event, payload) },
  wake: () => app.jobs.wake(),
});

export function attachJobs(app: FastifyInstance): JobRunner {
  const runner = new JobRunner({
    db: app.db,
    dialect: app.dialect,
    clock: app.clock,
    handlers: {
      import: importJobHandler(app),
      reminder: reminderJobHandler(reminderDeps(app)),
      // Lecture packaging: MEDIA_WORKERS at once in this process, side by side with other machines'.
      media: { ...mediaJobHandler(lectureDepsOf(app)), slots: app.config.media.workers, exclusive: false },
    },
    onChange: (kind, job) => {
      if (kind === 'import') announceImports(app, job).catch((error: unknown) => app.log.warn({ err: error }, 'could not announce an import job'));
      if (kind === 'media') announceJob(app, job).catch((error: unknown) => app.log.warn({ err: error }, 'could not announce a lecture job'));
    },
    onError: (error) => app.log.error({ err: error }, 'job runner'),
  });
  app.addHook('onReady', async () => runner.start());
  app.addHook('onClose', async () => runner.close());
  return runner;
}
