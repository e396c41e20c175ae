// Uploaded files: a signed, expiring PUT link per file, local disk storage, and serving by key.
// Under the API: the link, the upload and /api/media/files/{key}; the same files are served at the
// site root, /media/files/{key}, for media tags and links. Thin: uploads.ts does the work, serving.ts
// sends the files.
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { storageContract } from '../../src/contracts/storage.js';
import { ApiError } from '../errors.js';
import { removeStaleParts } from './disk.js';
import { MAX_UPLOAD_BYTES } from './signing.js';
import { STORAGE_TITLES, uploads, type UploadGrant } from './uploads.js';
import { serveStoredFile } from './serving.js';

export { STORAGE_TITLES };

export async function storageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const uploadsDir = path.join(app.config.storageDir, 'uploads');
  // Partial files of uploads cut short by a crash or a power cut are removed when the server starts.
  app.addHook('onReady', async () => {
    const removed = await removeStaleParts(uploadsDir, app.clock.now());
    if (removed.length) app.log.warn({ removed }, `Removed ${removed.length} partial upload file(s) left by an interrupted write`);
  });
  const grants = new WeakMap<FastifyRequest, UploadGrant>();
  const files = uploads(app);

  app.route({ ...storageContract.signedRequest, handler: async (request) => {
    const owner = request.user!.kind === 'student' ? request.user!.student.id : request.user!.staff.id;
    return { data: files.link(owner, request.query.mimeType) };
  } });

  // The PUT lives in its own scope: there every body, whatever its type, is read raw up to 10 MB.
  await app.register(async (scope) => {
    const uploadScope = scope.withTypeProvider<TypeBoxTypeProvider>();
    uploadScope.removeAllContentTypeParsers();
    uploadScope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
    uploadScope.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw ApiError.of(413, STORAGE_TITLES.tooLarge, 'fileTooLarge');
      throw error;
    });

    uploadScope.route({
      ...storageContract.upload,
      bodyLimit: MAX_UPLOAD_BYTES,
      // The link is checked, and the owner's limits, before a byte of the body is read.
      onRequest: async (request, reply) => {
        grants.set(request, await files.admit(request.params.key, request.query, Number(request.headers['content-length'] ?? 0), reply));
      },
      handler: async (request, reply) => {
        const stored = await files.store(grants.get(request), request.headers['content-type'], request.body, reply, request.log);
        return reply.status(201).send({ data: stored });
      },
    });
  });

  app.route({ ...storageContract.file, handler: (request, reply) => serveStoredFile(app, request.params.key, request, reply) });
}

/** The same stored files at the site root, without the API prefix, for media tags and links. */
export async function storageSiteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...storageContract.file, handler: (request, reply) => serveStoredFile(app, request.params.key, request, reply) });
}
