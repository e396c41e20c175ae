// Signed upload links: the server names the key, the owner, the file type and the expiry, and an
// HMAC over all four lets a plain PUT prove it was handed out by us.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import path from 'node:path';

/** Forum attachments, profile pictures and the in-browser recorder's audio. */
export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'application/pdf', 'audio/mpeg', 'audio/wav', 'audio/webm'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const UPLOAD_LINK_TTL_MS = 15 * 60_000;

/** 128 random bits in hex: unguessable, and nothing a path could be built from. */
export const FILE_KEY_PATTERN = '^[0-9a-f]{32}$';
const FILE_KEY = new RegExp(FILE_KEY_PATTERN);
export const isFileKey = (value: string): boolean => FILE_KEY.test(value);
export const newFileKey = (): string => randomBytes(16).toString('hex');

/** Where the browser loads a stored file. */
export const fileUrl = (key: string): string => `/api/media/files/${key}`;

export const storedFilePath = (storageDir: string, key: string): string => {
  if (!isFileKey(key)) throw new Error('not a file key');
  return path.join(storageDir, 'uploads', key);
};

// Browsers name a few types differently (Firefox: audio/x-wav; some: image/jpg); they are the same file.
const ALIASES: Record<string, UploadType> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'audio/mp3': 'audio/mpeg',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
};

/** The allowed type a Content-Type or mimeType names (parameters such as codecs ignored), or null. */
export function uploadTypeOf(value: string | undefined): UploadType | null {
  const bare = (value ?? '').split(';')[0]!.trim().toLowerCase();
  const type = ALIASES[bare] ?? bare;
  return (UPLOAD_TYPES as readonly string[]).includes(type) ? (type as UploadType) : null;
}

export interface UploadGrant {
  key: string;
  /** ms since epoch */
  expires: number;
  owner: string;
  type: UploadType;
}

export function signGrant(grant: UploadGrant, secret: string): string {
  return createHmac('sha256', secret).update(['upload', grant.key, grant.expires, grant.owner, grant.type].join('\n')).digest('hex');
}

export function signedUploadUrl(grant: UploadGrant, secret: string): string {
  const query = new URLSearchParams({ expires: String(grant.expires), owner: grant.owner, type: grant.type, signature: signGrant(grant, secret) });
  return `/api/uploads/${grant.key}?${query}`;
}

export type GrantCheck = { ok: true; grant: UploadGrant } | { ok: false; reason: 'invalid' | 'expired' };

/** Checks the signature first, so an expired link is only reported as such when it is genuine. */
export function checkGrant(key: string, query: Record<string, unknown>, secret: string, now: Date): GrantCheck {
  const { expires, owner, type, signature } = query;
  if (![expires, owner, type, signature].every((v) => typeof v === 'string')) return { ok: false, reason: 'invalid' };
  const uploadType = uploadTypeOf(type as string);
  if (!isFileKey(key) || !/^\d{1,16}$/.test(expires as string) || !uploadType || uploadType !== type || !/^[0-9a-f]{64}$/.test(signature as string)) {
    return { ok: false, reason: 'invalid' };
  }
  const grant: UploadGrant = { key, expires: Number(expires), owner: owner as string, type: uploadType };
  const expected = Buffer.from(signGrant(grant, secret), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(signature as string, 'hex'))) return { ok: false, reason: 'invalid' };
  if (grant.expires <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}
