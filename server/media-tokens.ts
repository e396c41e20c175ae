// Short-lived HMAC tokens for protected media: a stream token opens a video's playlists and segments,
// a DRM token opens its ClearKey licence. Each is bound to one student and one content, and expires
// quickly, so a leaked URL stops working within seconds and cannot be reused for another video. Below
// the areas: content issues them, media checks them.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenPurpose = 'stream' | 'drm';

/** The app refreshes a stream token every 9 s; 30 s leaves room for slow mobile networks. */
export const STREAM_TOKEN_SECONDS = 30;
/** A licence is requested once, right after the manifest loads. */
export const DRM_TOKEN_SECONDS = 120;

export interface TokenClaims {
  purpose: TokenPurpose;
  studentId: string;
  contentId: string;
  expiresAt: Date;
}

const sign = (secret: string, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

export function issueToken(secret: string, claims: TokenClaims): string {
  const payload = Buffer.from(`${claims.purpose}|${claims.studentId}|${claims.contentId}|${claims.expiresAt.getTime()}`).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/** The token's claims when it is genuine, of the purpose asked for, for this content and not expired; otherwise null. */
export function verifyToken(
  secret: string,
  token: string | undefined,
  expected: { purpose: TokenPurpose; contentId: string; now: Date },
): { studentId: string; expiresAt: Date } | null {
  if (!token || token.length > 512) return null;
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const wanted = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (wanted.length !== given.length || !timingSafeEqual(wanted, given)) return null;
  const [purpose, studentId, contentId, expires] = Buffer.from(payload, 'base64url').toString('utf8').split('|');
  const expiresAt = new Date(Number(expires));
  if (purpose !== expected.purpose || contentId !== expected.contentId || !studentId) return null;
  if (!Number.isFinite(expiresAt.getTime()) || expiresAt.getTime() <= expected.now.getTime()) return null;
  return { studentId, expiresAt };
}
