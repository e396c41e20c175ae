// Server settings, read once from the environment; tests build their own with configFrom().
import { randomBytes } from 'node:crypto';
import path from 'node:path';

export type SmsTransportSetting =
  | { kind: 'console' } // development: prints the code and returns it to the client
  | { kind: 'file'; path: string } // appends each message as a JSON line (tests read codes here)
  | { kind: 'http'; url: string; token: string }; // a real SMS gateway

export interface Config {
  port: number;
  host: string;
  production: boolean;
  databaseUrl: string;
  redisUrl: string | null;
  /** Directory holding uploaded files and generated media. */
  storageDir: string;
  /** Directory of the built single-page app; served when it exists. */
  appDir: string;
  /** HMAC secret for signed upload URLs and stream tokens. */
  signingSecret: string;
  sms: SmsTransportSetting;
  academyName: string;
  /** Seed the demo academy into an empty database. */
  seedDemo: boolean;
  /** scrypt cost parameter N; OWASP recommends 2^17 with r=8, p=1. */
  scryptCost: number;
  sessionDays: number;
  /** Seconds an exam answer or submit may arrive after the attempt's end. */
  examGraceSeconds: number;
  logLevel: string;
  /**
   * Whether X-Forwarded-For/-Proto are believed: false (the default: the server faces clients itself),
   * true (every hop), a hop count, or the proxies' addresses/CIDRs (comma-separated in TRUST_PROXY).
   */
  trustProxy: boolean | number | string[];
  /** Bytes of uploaded files one student may keep (UPLOAD_QUOTA_MB). */
  uploadQuotaBytes: number;
  /** Uploads one student may make within the window (UPLOADS_PER_10_MINUTES per 10 minutes). */
  uploadRate: { max: number; windowMs: number };
  /** Origins besides this server that may serve video, audio or images (a CDN); the CSP allows them. */
  mediaHosts: string[];
  /** DRM licence servers of the external provider (Widevine, PlayReady, FairPlay). */
  drm: { widevineUrl: string | null; playReadyUrl: string | null; fairPlayUrl: string | null; fairPlayCertificateUrl: string | null };
}

function parseSms(value: string | undefined): SmsTransportSetting {
  if (!value || value === 'console') return { kind: 'console' };
  if (value.startsWith('file:')) return { kind: 'file', path: value.slice('file:'.length) };
  if (value.startsWith('http://') || value.startsWith('https://')) {
    return { kind: 'http', url: value, token: process.env.SMS_TOKEN ?? '' };
  }
  throw new Error(`SMS_TRANSPORT must be console, file:<path> or an http(s) URL, not "${value}"`);
}

function parseTrustProxy(value: string | undefined): boolean | number | string[] {
  const setting = (value ?? '').trim();
  if (!setting || setting === 'false') return false;
  if (setting === 'true') return true;
  if (/^\d+$/.test(setting)) return Number(setting);
  return setting.split(',').map((part) => part.trim()).filter(Boolean);
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} must be a positive number, not "${value}"`);
  return number;
}

/** Comma-separated origins, each checked and reduced to scheme://host[:port]. */
function parseOrigins(name: string, value: string | undefined): string[] {
  return (value ?? '').split(',').map((part) => part.trim()).filter(Boolean).map((part) => {
    let url: URL;
    try {
      url = new URL(part);
    } catch {
      throw new Error(`${name} must list origins such as https://cdn.example.org, not "${part}"`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must list http(s) origins, not "${part}"`);
    return url.origin;
  });
}

export function configFrom(env: NodeJS.ProcessEnv, overrides: Partial<Config> = {}): Config {
  const production = env.NODE_ENV === 'production';
  const sms = parseSms(env.SMS_TRANSPORT);
  if (production && sms.kind !== 'http') {
    throw new Error('Production needs a real SMS transport: set SMS_TRANSPORT to the gateway URL.');
  }
  if (production && !env.SIGNING_SECRET) {
    throw new Error('Production needs SIGNING_SECRET.');
  }
  const root = process.cwd();
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    production,
    databaseUrl: env.DATABASE_URL ?? 'sqlite:./data/academy.sqlite',
    redisUrl: env.REDIS_URL ?? null,
    storageDir: path.resolve(root, env.STORAGE_DIR ?? 'data/storage'),
    appDir: path.resolve(root, env.APP_DIR ?? 'dist'),
    signingSecret: env.SIGNING_SECRET ?? randomBytes(32).toString('hex'),
    sms,
    academyName: env.ACADEMY_NAME ?? 'Medical Academy',
    seedDemo: env.SEED_DEMO !== 'false',
    scryptCost: Number(env.SCRYPT_COST ?? 2 ** 17),
    sessionDays: Number(env.SESSION_DAYS ?? 30),
    examGraceSeconds: Number(env.EXAM_GRACE_SECONDS ?? 60),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    uploadQuotaBytes: positive('UPLOAD_QUOTA_MB', env.UPLOAD_QUOTA_MB, 100) * 1024 * 1024,
    uploadRate: { max: positive('UPLOADS_PER_10_MINUTES', env.UPLOADS_PER_10_MINUTES, 60), windowMs: 10 * 60_000 },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    mediaHosts: parseOrigins('MEDIA_HOSTS', env.MEDIA_HOSTS),
    drm: {
      widevineUrl: env.DRM_WIDEVINE_URL ?? null,
      playReadyUrl: env.DRM_PLAYREADY_URL ?? null,
      fairPlayUrl: env.DRM_FAIRPLAY_URL ?? null,
      fairPlayCertificateUrl: env.DRM_FAIRPLAY_CERTIFICATE_URL ?? null,
    },
    ...overrides,
  };
}
