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
  /** What one slow or idle connection may hold (slowloris-like clients are cut, others keep being served). */
  connections: {
    /** Longest a client may take to send a request's headers. */
    headersTimeoutMs: number;
    /** Longest a client may take to send a whole request, body included (an upload on a slow phone). */
    requestTimeoutMs: number;
    /** How long an idle keep-alive connection stays open between requests. */
    keepAliveTimeoutMs: number;
    /** A connection with no traffic either way for this long is closed (a client that stopped reading). */
    idleTimeoutMs: number;
    /** Connections beyond this many (sockets and HTTP together) are refused at once. */
    max: number;
  };
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

function positiveNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, not "${raw}"`);
  return value;
}

function connectionLimits(env: NodeJS.ProcessEnv): Config['connections'] {
  const limits = {
    headersTimeoutMs: positiveNumber(env, 'HEADERS_TIMEOUT_MS', 10_000),
    requestTimeoutMs: positiveNumber(env, 'REQUEST_TIMEOUT_MS', 120_000),
    keepAliveTimeoutMs: positiveNumber(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000),
    idleTimeoutMs: positiveNumber(env, 'IDLE_TIMEOUT_MS', 60_000),
    max: positiveNumber(env, 'MAX_CONNECTIONS', 10_000),
  };
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) throw new Error('HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  return limits;
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
    connections: connectionLimits(env),
    drm: {
      widevineUrl: env.DRM_WIDEVINE_URL ?? null,
      playReadyUrl: env.DRM_PLAYREADY_URL ?? null,
      fairPlayUrl: env.DRM_FAIRPLAY_URL ?? null,
      fairPlayCertificateUrl: env.DRM_FAIRPLAY_CERTIFICATE_URL ?? null,
    },
    ...overrides,
  };
}
