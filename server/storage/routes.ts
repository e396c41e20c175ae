// Uploaded files: a signed, expiring PUT link per file, local disk storage, and serving by key.
// Under the API: the link, the upload and /api/media/files/{key}; the same files are served at the
// site root, /media/files/{key}, for media tags and links.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { storageContract } from '../../src/contracts/storage.js';
import { claimStoredFile, deleteStoredFile, findStoredFile, ownerUsage, type OwnerUsage } from './queries.js';
import { ApiError, badRequest, conflict, forbidden, notFound, tooManyRequests } from '../errors.js';
import { contentMismatch } from './content-type.js';
import { removeStaleParts, writeThroughPartial } from './disk.js';
import { FILE_EXTENSIONS, fileSafetyHeaders } from './file-headers.js';
import {
  checkGrant,
  fileUrl,
  isFileKey,
  MAX_UPLOAD_BYTES,
  newFileKey,
  signedUploadUrl,
  storedFilePath,
  UPLOAD_LINK_TTL_MS,
  UPLOAD_TYPES,
  uploadTypeOf,
  type UploadGrant,
} from './signing.js';

export const STORAGE_TITLES = {
  typeNotAllowed: 'This file type is not allowed. Please choose a JPEG or PNG image, a PDF, or an MP3, WAV or WebM audio file.',
  linkInvalid: 'This upload link is not valid.',
  linkExpired: 'This upload link has expired. Please try again.',
  typeMismatch: 'The file type does not match the upload link.',
  contentMismatch: 'This file is not what its type says. Please choose a real JPEG or PNG image, PDF, or MP3, WAV or WebM audio file.',
  tooLarge: 'The file is too large. The largest file allowed is 10 MB.',
  quotaExceeded: (megabytes: number) => `You have used all your file space (${megabytes} MB). Please ask the academy office for help.`,
  tooManyUploads: 'You are uploading files too quickly. Please wait a few minutes and try again.',
  empty: 'The file is empty.',
  alreadyUploaded: 'This file has already been uploaded.',
  fileNotFound: 'File not found',
} as const;

const retryAfter = new WeakMap<ApiError, number>();

/** The error, with its Retry-After header set on the reply when it is a rate refusal. */
function withRetryAfter(error: ApiError, reply: FastifyReply): ApiError {
  const seconds = retryAfter.get(error);
  if (seconds !== undefined) reply.header('retry-after', String(seconds));
  return error;
}

/** Parses "bytes=a-b" for a file of `size` bytes; null when absent or not satisfiable as one range. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end && start < size ? { start, end } : null;
}

export async function storageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const uploadsDir = path.join(app.config.storageDir, 'uploads');
  // Partial files of uploads cut short by a crash or a power cut are removed when the server starts.
  app.addHook('onReady', async () => {
    const removed = await removeStaleParts(uploadsDir, app.clock.now());
    if (removed.length) app.log.warn({ removed }, `Removed ${removed.length} partial upload file(s) left by an interrupted write`);
  });
  const grants = new WeakMap<FastifyRequest, UploadGrant>();
  const { uploadQuotaBytes, uploadRate } = app.config;
  const windowStart = () => new Date(app.clock.now().getTime() - uploadRate.windowMs).toISOString();

  /** Why a student's next upload of `bytes` is refused (too many uploads, or over the quota), or null. */
  function limitRefusal(usage: OwnerUsage, bytes: number): ApiError | null {
    if (!usage.student) return null;
    if (usage.recent.length >= uploadRate.max) {
      const retryAt = Date.parse(usage.recent[0]!) + uploadRate.windowMs;
      const error = tooManyRequests(STORAGE_TITLES.tooManyUploads, 'tooManyUploads', `${uploadRate.max} files in ${uploadRate.windowMs / 60_000} minutes at most.`);
      retryAfter.set(error, Math.max(1, Math.ceil((retryAt - app.clock.now().getTime()) / 1000)));
      return error;
    }
    if (usage.bytes + bytes > uploadQuotaBytes) {
      const megabytes = Number((uploadQuotaBytes / 1024 / 1024).toFixed(2));
      return ApiError.of(413, STORAGE_TITLES.quotaExceeded(megabytes), 'uploadQuotaExceeded', `${usage.bytes} of ${uploadQuotaBytes} bytes are used; this file needs ${bytes}.`);
    }
    return null;
  }

  app.route({ ...storageContract.signedRequest, handler: async (request) => {
    const type = uploadTypeOf(request.query.mimeType);
    if (!type) throw badRequest(STORAGE_TITLES.typeNotAllowed, 'fileTypeNotAllowed', `${request.query.mimeType || 'An empty type'} is not one of ${UPLOAD_TYPES.join(', ')}.`);
    const owner = request.user!.kind === 'student' ? request.user!.student.id : request.user!.staff.id;
    const key = newFileKey();
    const expires = app.clock.now().getTime() + UPLOAD_LINK_TTL_MS;
    return { data: { signedUrl: signedUploadUrl({ key, expires, owner, type }, app.config.signingSecret), key } };
  } });

  // The PUT lives in its own scope: there every body, whatever its type, is read raw up to 10 MB.
  await app.register(async (scope) => {
    const uploads = scope.withTypeProvider<TypeBoxTypeProvider>();
    uploads.removeAllContentTypeParsers();
    uploads.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) => done(null, body));
    uploads.setErrorHandler((error: FastifyError) => {
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw ApiError.of(413, STORAGE_TITLES.tooLarge, 'fileTooLarge');
      throw error;
    });

    uploads.route({
      ...storageContract.upload,
      bodyLimit: MAX_UPLOAD_BYTES,
      // The signature is the authority here; it is checked before a byte of the body is read (and
      // before the schema has checked the query, so checkGrant takes nothing on trust). A student
      // over the rate or the quota is refused here too, before the body is read.
      onRequest: async (request, reply) => {
        const check = checkGrant(request.params.key, request.query, app.config.signingSecret, app.clock.now());
        if (!check.ok) {
          throw check.reason === 'expired'
            ? forbidden(STORAGE_TITLES.linkExpired, 'uploadLinkExpired')
            : forbidden(STORAGE_TITLES.linkInvalid, 'uploadLinkInvalid');
        }
        grants.set(request, check.grant);
        const declared = Number(request.headers['content-length'] ?? 0);
        const refused = limitRefusal(await ownerUsage(app.db, check.grant.owner, windowStart()), Number.isFinite(declared) ? declared : 0);
        if (refused) throw withRetryAfter(refused, reply);
      },
      handler: async (request, reply) => {
        // Checked when the request arrived: a slow upload that outlives the link still completes.
        const grant = grants.get(request);
        if (!grant) throw forbidden(STORAGE_TITLES.linkInvalid, 'uploadLinkInvalid');
        if (uploadTypeOf(request.headers['content-type']) !== grant.type) {
          throw badRequest(STORAGE_TITLES.typeMismatch, 'uploadTypeMismatch', `The link is for ${grant.type}; the file was sent as ${request.headers['content-type'] ?? 'no type'}.`);
        }
        const body = request.body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw badRequest(STORAGE_TITLES.empty, 'uploadEmpty');
        const found = await contentMismatch(body, grant.type);
        if (found) throw badRequest(STORAGE_TITLES.contentMismatch, 'uploadContentMismatch', `The file was declared ${grant.type}; its bytes are ${found === 'unknown' ? 'of no allowed type' : found}.`);
        if (await findStoredFile(app.db, grant.key)) throw conflict(STORAGE_TITLES.alreadyUploaded, 'uploadExists');
        const row = { key: grant.key, mime_type: grant.type, size: body.length, owner_id: grant.owner, created_at: app.clock.now().toISOString() };
        try {
          await writeThroughPartial(
            storedFilePath(app.config.storageDir, grant.key),
            body,
            async () => {
              // The row is the claim on the key (a second PUT of the same link loses on the primary
              // key), taken with the owner's limits checked in the same transaction.
              let refused: ApiError | null;
              try {
                refused = await claimStoredFile(app.db, app.dialect, row, windowStart(), (usage) => limitRefusal(usage, body.length));
              } catch (error) {
                if (await findStoredFile(app.db, grant.key)) throw conflict(STORAGE_TITLES.alreadyUploaded, 'uploadExists');
                throw error;
              }
              if (refused) throw withRetryAfter(refused, reply);
            },
            () => deleteStoredFile(app.db, grant.key),
          );
        } catch (error) {
          // A full or read-only disk is the operator's to fix: it is logged; the student gets a clear 507 or 503.
          if (error instanceof ApiError && (error.code === 'storageFull' || error.code === 'storageUnavailable')) {
            request.log.error(`upload ${grant.key} (${body.length} bytes) not stored: ${error.message}`);
          }
          throw error;
        }
        return reply.status(201).send({ data: { key: grant.key, url: fileUrl(grant.key), mimeType: grant.type, size: body.length } });
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

/** Sends a stored file by key, whole or one byte range of it. */
async function serveStoredFile(app: FastifyInstance, key: string, request: FastifyRequest, reply: FastifyReply) {
  if (!isFileKey(key)) throw notFound(STORAGE_TITLES.fileNotFound, 'fileNotFound');
  const file = await findStoredFile(app.db, key);
  const location = storedFilePath(app.config.storageDir, key);
  const stat = file ? await fsp.stat(location).catch(() => null) : null;
  if (!file || !stat) throw notFound(STORAGE_TITLES.fileNotFound, 'fileNotFound');
  reply
    .header('content-type', file.mime_type)
    .headers(fileSafetyHeaders(file.mime_type, `${key}.${FILE_EXTENSIONS[file.mime_type] ?? 'bin'}`))
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('accept-ranges', 'bytes');
  const range = request.headers.range ? byteRange(request.headers.range, stat.size) : null;
  if (request.headers.range && !range) {
    reply.header('content-range', `bytes */${stat.size}`);
    throw ApiError.of(416, 'The requested part of the file does not exist.', 'rangeNotSatisfiable');
  }
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`).header('content-length', range.end - range.start + 1);
    return reply.send(fs.createReadStream(location, { start: range.start, end: range.end }));
  }
  reply.header('content-length', stat.size);
  return reply.send(fs.createReadStream(location));
}
