// Uploads: a signed, expiring link per file, the link checked before the body is read, and the file
// written with its row claimed under the owner's rate and quota. The use-case floor under
// storage/routes.ts; rows through storage/queries.ts, bytes through disk.ts.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';
import { claimStoredFile, deleteStoredFile, findStoredFile, ownerUsage, type OwnerUsage } from './queries.js';
import { ApiError, badRequest, conflict, forbidden, tooManyRequests } from '../errors.js';
import { contentMismatch } from './content-type.js';
import { writeThroughPartial } from './disk.js';
import {
  checkGrant,
  fileUrl,
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

/** What an upload link names: its file key and the owner and type it was granted for. */
export type { UploadGrant };

export function uploads(app: FastifyInstance) {
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

  return {
    /** A signed PUT link for one file of an allowed type, owned by the signed-in student or staff member. */
    link(ownerId: string, mimeType: string | undefined) {
      const type = uploadTypeOf(mimeType);
      if (!type) throw badRequest(STORAGE_TITLES.typeNotAllowed, 'fileTypeNotAllowed', `${mimeType || 'An empty type'} is not one of ${UPLOAD_TYPES.join(', ')}.`);
      const key = newFileKey();
      const expires = app.clock.now().getTime() + UPLOAD_LINK_TTL_MS;
      return { signedUrl: signedUploadUrl({ key, expires, owner: ownerId, type }, app.config.signingSecret), key };
    },

    /**
     * The link's signature, checked before a byte of the body is read (and before the schema has
     * checked the query, so nothing is taken on trust); a student over the rate or the quota is
     * refused here too. Answers the grant the upload goes on with.
     */
    async admit(key: string, query: unknown, declaredLength: number, reply: FastifyReply): Promise<UploadGrant> {
      const check = checkGrant(key, query as Parameters<typeof checkGrant>[1], app.config.signingSecret, app.clock.now());
      if (!check.ok) {
        throw check.reason === 'expired'
          ? forbidden(STORAGE_TITLES.linkExpired, 'uploadLinkExpired')
          : forbidden(STORAGE_TITLES.linkInvalid, 'uploadLinkInvalid');
      }
      const refused = limitRefusal(await ownerUsage(app.db, check.grant.owner, windowStart()), Number.isFinite(declaredLength) ? declaredLength : 0);
      if (refused) throw withRetryAfter(refused, reply);
      return check.grant;
    },

    /** Stores the body under the grant's key: its type checked against the link and its bytes. */
    async store(grant: UploadGrant | undefined, contentType: string | undefined, body: unknown, reply: FastifyReply, log: FastifyBaseLogger) {
      // Checked when the request arrived: a slow upload that outlives the link still completes.
      if (!grant) throw forbidden(STORAGE_TITLES.linkInvalid, 'uploadLinkInvalid');
      if (uploadTypeOf(contentType) !== grant.type) {
        throw badRequest(STORAGE_TITLES.typeMismatch, 'uploadTypeMismatch', `The link is for ${grant.type}; the file was sent as ${contentType ?? 'no type'}.`);
      }
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
          log.error(`upload ${grant.key} (${body.length} bytes) not stored: ${error.message}`);
        }
        throw error;
      }
      return { key: grant.key, url: fileUrl(grant.key), mimeType: grant.type, size: body.length };
    },
  };
}
