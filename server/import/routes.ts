// The desk's import route (contract: src/contracts/import.ts): administrators send one file's bytes;
// the same importer as the command line checks it, and writes it when asked to apply, in a worker thread.
import type { FastifyError, FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { importContract } from '../../src/contracts/import.js';
import { IMPORT_FILE_TYPES, IMPORT_MAX_BYTES } from '../../src/domain/importFiles.js';
import { ApiError, badRequest, forbidden } from '../errors.js';
import { importInWorker } from './worker.js';

export const IMPORT_TITLES = {
  adminOnly: 'Importing content is for administrators only.',
  empty: 'The file is empty.',
  fileType: 'Send an XLSX or CSV sheet or a JSON bundle.',
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
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

  app.route({
    ...importContract.check,
    bodyLimit: IMPORT_MAX_BYTES,
    handler: async (request) => {
      if (request.staff.role !== 'admin') throw forbidden(IMPORT_TITLES.adminOnly, 'adminOnly', 'Ask an administrator of the academy to import it.');
      const { name, apply = false } = request.query;
      if (!IMPORT_FILE_TYPES.some((ending) => name.toLowerCase().endsWith(ending))) throw badRequest(IMPORT_TITLES.fileType, 'importFileType', `${name} ends with none of ${IMPORT_FILE_TYPES.join(', ')}.`);
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(IMPORT_TITLES.empty, 'importEmpty');
      // Off the thread that answers the students (server/import/worker.ts).
      const result = await importInWorker({ databaseUrl: app.config.databaseUrl, name, data: body, apply, now: app.clock.now().toISOString(), scryptCost: app.config.scryptCost, challengeWindowHours: app.config.challengeWindowHours });
      return { data: result };
    },
  });
}
