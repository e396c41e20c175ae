// The ClearKey licence: the DRM token proves who asked, the batch check is repeated, and only the keys
// the player asked for are handed out. The use-case floor under media/routes.ts.
import type { FastifyInstance } from 'fastify';
import { Value } from '@sinclair/typebox/value';
import { ClearKeyRequest } from '../../src/contracts/media.js';
import { readJson } from '../db/json.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { reachableContent } from '../content/queries.js';
import { verifyToken } from '../media-tokens.js';

export async function clearKeyLicence(app: FastifyInstance, contentId: string, drmToken: string | string[] | undefined, requestBody: unknown) {
  const claims = verifyToken(app.config.signingSecret, drmToken as string | undefined, { purpose: 'drm', contentId, now: app.clock.now() });
  if (!claims) throw forbidden('This licence token has expired or is not yours. Please reopen the video.', 'drmTokenInvalid');
  // The token proves who asked; the batch check is repeated so a student removed from a batch is refused at once.
  const found = await reachableContent(app.db, claims.studentId, contentId);
  if (!found || found.content.type !== 'video') throw notFound('This video is not available to your batch.', 'notInBatch');
  let body: unknown = requestBody;
  if (Buffer.isBuffer(body)) {
    try {
      body = JSON.parse(body.toString('utf8'));
    } catch {
      throw badRequest('The licence request is not valid.', 'invalidLicenceRequest');
    }
  }
  if (!Value.Check(ClearKeyRequest, body)) throw badRequest('The licence request is not valid.', 'invalidLicenceRequest');
  const pairs = readJson<{ keyId: string; key: string }[]>(found.content.drm_keys, []);
  const wanted = new Set(body.kids);
  const keys = pairs
    .map((pair) => ({ kty: 'oct' as const, kid: Buffer.from(pair.keyId, 'hex').toString('base64url'), k: Buffer.from(pair.key, 'hex').toString('base64url') }))
    .filter((key) => wanted.has(key.kid));
  if (!keys.length) throw notFound('No licence key matches this video.', 'unknownKey');
  return { keys, type: 'temporary' as const };
}
