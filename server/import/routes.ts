// The desk's import routes (contract: src/contracts/import.ts): administrators send one file's bytes,
// answered at once with the import's job (server/import/jobs.ts); the same importer as the command line
// checks it, and writes it when asked to apply, in a worker thread, one import at a time.
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { importContract, IMPORTS_WAITING_MAX } from '../../src/contracts/import.js';
import { IMPORT_FILE_TYPES, IMPORT_MAX_BYTES } from '../../src/domain/importFiles.js';
import { ApiError, badRequest, conflict, notFound } from '../errors.js';
import { unfinishedJobs } from '../jobs/queries.js';
import { cancelImport, findImportJob, importJobsOf, queueImport, viewOf } from './jobs.js';
import { importHistory, undoImport, UndoRefused } from './history.js';
import { staffName } from './queries.js';
import { academyTemplate } from './templates.js';
import { templateFileName } from '../../src/contracts/importColumns.js';

export const IMPORT_TITLES = {
  empty: 'The file is empty.',
  fileType: 'Send an XLSX or CSV sheet or a JSON bundle.',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  waiting: `${IMPORTS_WAITING_MAX} imports are waiting already. Send this file when one of them has finished.`,
  notFound: 'There is no such import.',
  runNotFound: 'There is no such import in the history.',
  undoRefused: 'The import cannot be undone.',
} as const;

export async function importRoutes(fastify: FastifyInstance): Promise<void> {
  // Every body here is a file's bytes, whatever its type.
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES }, (_request, body, done) => done(null, body));
  fastify.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw ApiError.of(413, IMPORT_TITLES.tooLarge, 'fileTooLarge');
    throw error;
  });
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const jobOf = async (request: FastifyRequest, jobId: string) => {
    const job = await findImportJob(app, jobId);
    if (!job) throw notFound(IMPORT_TITLES.notFound, 'importJobNotFound');
    return job;
  };

  app.route({
    ...importContract.check,
    bodyLimit: IMPORT_MAX_BYTES,
    handler: async (request, reply) => {
      const { name, apply = false, confirmLarge = false } = request.query;
      if (!IMPORT_FILE_TYPES.some((ending) => name.toLowerCase().endsWith(ending))) throw badRequest(IMPORT_TITLES.fileType, 'importFileType', `${name} ends with none of ${IMPORT_FILE_TYPES.join(', ')}.`);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(IMPORT_TITLES.empty, 'importEmpty');
      if ((await unfinishedJobs(app.db, 'import')).length >= IMPORTS_WAITING_MAX) throw conflict(IMPORT_TITLES.waiting, 'importsWaiting');
      return reply.code(202).send({ data: await queueImport(app, request.staff.id, { name, apply, confirmLarge }, body) });
    },
  });

  app.route({
    ...importContract.jobs,
    handler: async (request) => {
        return { data: await importJobsOf(app, request.staff.id) };
    },
  });

  app.route({
    ...importContract.job,
    handler: async (request) => ({ data: await viewOf(app, (await jobOf(request, request.params.jobId)).id) }),
  });

  app.route({
    ...importContract.template,
    handler: async (request, reply) => {
      const kind = request.query.kind;
      // A file the browser saves, never kept by a cache on the way.
      return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('content-disposition', `attachment; filename="${templateFileName(kind)}"`)
        .header('cache-control', 'private, no-store').send(await academyTemplate(app.db, kind, app.clock.now()));
    },
  });

  app.route({
    ...importContract.history,
    handler: async (request) => {
      return { data: await importHistory(app.db) };
    },
  });

  app.route({
    ...importContract.undo,
    handler: async (request) => {
      const by = { staffId: request.staff.id, name: (await staffName(app.db, request.staff.id)) ?? 'an administrator' };
      try {
        return { data: await undoImport(app.db, request.params.importId, by, app.clock.now()) };
      } catch (error) {
        if (!(error instanceof UndoRefused)) throw error;
        if (error.reason === 'notFound') throw notFound(IMPORT_TITLES.runNotFound, 'importNotFound');
        throw conflict(IMPORT_TITLES.undoRefused, 'importUndoRefused', error.message);
      }
    },
  });

  app.route({
    ...importContract.cancel,
    handler: async (request) => ({ data: await cancelImport(app, (await jobOf(request, request.params.jobId)).id) }),
  });
}
