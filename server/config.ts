// Server settings, read once from the environment (checked against server/settings.ts); tests build their own with configFrom().
import { parseEvery, type BackupSchedule } from './backup/schedule.js';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Limit } from './account/rate-limit.js';
import { checkSettings } from './settings.js';
import { DEFAULT_CHALLENGE_WINDOW_HOURS } from '../src/domain/challenges.js';
import { DEFAULT_QUIET_HOURS, parseQuietHours, type QuietHours } from '../src/domain/reminders.js';

export type SmsTransportSetting =
  | { kind: 'console' } // development: prints the code and returns it to the client
  | { kind: 'file'; path: string } // appends each message as a JSON line (tests read codes here)
  | { kind: 'http'; url: string; token: string }; // a real SMS gateway

/** Limits that keep sign-in and code requests from exhausting the server or the SMS budget. */
export interface AccountLimits {
  /** Failed sign-ins from one client address, any account; counted before the password is hashed. */
  signInPerAddress: Limit;
  /** Failed sign-ins across the academy; counted before the password is hashed. */
  signInGlobal: Limit;
  /** Code requests ("is this number registered" checks included) from one client address. */
  codeRequestsPerAddress: Limit;
  /** Code requests ("is this number registered" checks included) across the academy. */
  codeRequestsGlobal: Limit;
  /** Codes sent by SMS across the academy. */
  codesSentGlobal: Limit;
  /** Password hashes computed at once (each scrypt takes 128 MB and a thread of the shared pool). */
  hashConcurrency: number;
  /** Hashes waiting for their turn; beyond this, sign-in answers "busy" at once. */
  hashQueue: number;
  /** How long a hash may wait for its turn; then the caller is answered "busy" (503 with Retry-After). */
  hashWaitMs: number;
  /** Password checks of one account's known devices that go ahead of the queue; beyond them they wait after everyone else. */
  signInKnownDevice: Limit;
}

/** What one student may write to the forum in an hour: a flood of posts or notifications is refused. */
export interface ForumLimits {
  questions: Limit;
  replies: Limit;
  /** Question edits and reply edits. */
  edits: Limit;
  /** Likes, reply upvotes and bookmarks (each toggle counts). */
  reactions: Limit;
}

export interface Config {
  port: number;
  host: string;
  production: boolean;
  databaseUrl: string;
  redisUrl: string | null;
  /** Directory holding uploaded files and generated media. */
  storageDir: string;
  /** Scheduled backups (server/backup/schedule.ts); null without BACKUP_DIR. */
  backup: BackupSchedule | null;
  /** Directory of the built single-page app; served when it exists. */
  appDir: string;
  /** HMAC secret for signed upload URLs and stream tokens. */
  signingSecret: string;
  sms: SmsTransportSetting;
  academyName: string;
  /** Seed the demo academy into an empty database (never in production). */
  seedDemo: boolean;
  /** Production starts even when demo accounts with their published passwords are in the database. */
  allowDemoAccounts: boolean;
  /** scrypt cost parameter N; OWASP recommends 2^17 with r=8, p=1. */
  scryptCost: number;
  sessionDays: number;
  limits: AccountLimits;
  /**
   * Which proxies may name the client address in X-Forwarded-For: none (false), all (true), the
   * nearest n hops, or a comma-separated list of addresses and subnets.
   */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Leading bits of an IPv6 address that name one client in per-address limits (its /64 unless set). */
  ipv6PrefixLength: number;
  /** Seconds an exam answer or submit may arrive after the attempt's end. */
  examGraceSeconds: number;
  /** Hours a published live exam's answer-key challenge window stays open unless the exam sets its own (CHALLENGE_WINDOW_HOURS). */
  challengeWindowHours: number;
  /** Memory (old generation, MB) of the import's worker thread (IMPORT_MEMORY_MB). */
  importMemoryMb: number;
  /** The share of a kind's rows an import may update or remove without confirming (IMPORT_CHANGE_THRESHOLD, 0.1 for 10 %). */
  importChangeThreshold: number;
  /** Lecture videos: the largest upload (MEDIA_MAX_MB), the longest (MEDIA_MAX_HOURS), packaged at once here (MEDIA_WORKERS). */
  media: { maxBytes: number; maxSeconds: number; workers: number };
  logLevel: string;
  /** Bytes of uploaded files one student may keep (UPLOAD_QUOTA_MB). */
  uploadQuotaBytes: number;
  /** Uploads one student may make within the window (UPLOADS_PER_10_MINUTES per 10 minutes). */
  uploadRate: { max: number; windowMs: number };
  /** Realtime sockets one session may hold open on one process (SOCKETS_PER_SESSION); more are refused. */
  socketsPerSession: number;
  /** Forum writes one student may make in an hour (FORUM_*_PER_HOUR), counted across processes. */
  forumLimits: ForumLimits;
  /** Origins besides this server that may serve video, audio or images (a CDN); the CSP allows them. */
  mediaHosts: string[];
  /** The support number on the sign-in screen (GET /api/student/support); null: the screen keeps the build's line. */
  supportPhone: string | null;
  /** The bearer token of GET /metrics (METRICS_TOKEN); null: the metrics are off (404). */
  metricsToken: string | null;
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
  /** Web Push's keys (VAPID); null in development until the server makes its own pair (server/reminder-deps.ts). */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** The academy's night, when only exam reminders go out (QUIET_HOURS). */
  quietHours: QuietHours;
  /** Exam reminders by SMS to students with no push subscription (SMS_REMINDERS), at most so many a day. */
  smsReminders: { enabled: boolean; perDay: number };
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

/** Why production refuses to start, in words an operator can act on. */
export const PRODUCTION_REFUSALS = {
  consoleSms:
    'Production refuses SMS_TRANSPORT=console (the default): it prints one-time codes and returns them in the API, for development only. Set SMS_TRANSPORT to your SMS gateway URL (and SMS_TOKEN).',
  fileSms: 'Production refuses SMS_TRANSPORT=file:...: it writes one-time codes to a file, for tests only. Set SMS_TRANSPORT to your SMS gateway URL (and SMS_TOKEN).',
  demoSeed:
    'Production refuses SEED_DEMO=true: the demo academy has published passwords. Unset SEED_DEMO and import your academy with `npm run academy -- import <bundle>`.',
  signingSecret: 'Production needs SIGNING_SECRET.',
  vapid:
    'Production needs VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT for pushes: make a pair once with `npx web-push generate-vapid-keys` and keep it (a new pair cuts off every subscribed device).',
  weakSigningSecret:
    'Production refuses this SIGNING_SECRET: it must hold at least 32 random bytes: 64 hex digits or 43 characters of base64 or other text (`openssl rand -hex 32`), not a repeated pattern.',
} as const;

/**
 * Whether a signing secret carries at least 32 bytes of entropy, as far as text can tell: 64 or more
 * hex digits (32 bytes decoded), or else 43 or more characters (32 bytes of base64, or text as long),
 * and no pattern: not one piece repeated, at least 8 different characters, none making up more than a
 * quarter of it.
 */
export function strongSecret(secret: string): boolean {
  const hex = /^[0-9a-f]+$/i.test(secret);
  if (secret.length < (hex ? 64 : 43) || /^(.+)\1+$/s.test(secret)) return false;
  const counts = new Map<string, number>();
  for (const character of secret) counts.set(character, (counts.get(character) ?? 0) + 1);
  return counts.size >= 8 && Math.max(...counts.values()) <= secret.length / 4;
}

/** "30/15m", "500/1h", "10/30s": at most 30 in any 15 minutes. */
export function parseLimit(name: string, value: string | undefined, fallback: Limit): Limit {
  if (value === undefined || value === '') return fallback;
  const match = /^(\d+)\/(\d+)(s|m|h)$/.exec(value.trim());
  if (!match) throw new Error(`${name} must look like 30/15m (at most 30 in 15 minutes; s, m or h), not "${value}"`);
  const unit = { s: 1_000, m: 60_000, h: 3_600_000 }[match[3] as 's' | 'm' | 'h'];
  return { max: Number(match[1]), windowMs: Number(match[2]) * unit };
}

function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

function prefixLength(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 64;
  const bits = Number(value);
  if (!Number.isInteger(bits) || bits < 1 || bits > 128) throw new Error(`IPV6_PREFIX_LENGTH must be a whole number of bits from 1 to 128 (64: one client per /64), not "${value}"`);
  return bits;
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) throw new Error(`${name} must be a positive number, not "${value}"`);
  return number;
}

/** A percentage ("10%" or "10") as a share (0.1). */
function share(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const percent = Number(value.trim().replace(/\s*%$/, ''));
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) throw new Error(`${name} must be a percentage from 0 to 100 such as 10%, not "${value}"`);
  return percent / 100;
}

const perHour = (name: string, value: string | undefined, fallback: number): Limit => ({ max: Math.max(1, Math.floor(positive(name, value, fallback))), windowMs: 3_600_000 });

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

/** The push keys when all three are set; one or two of them alone is a mistake worth stopping for. */
function vapidFrom(env: NodeJS.ProcessEnv): Config['vapid'] {
  const publicKey = env.VAPID_PUBLIC_KEY || '';
  const privateKey = env.VAPID_PRIVATE_KEY || '';
  const subject = env.VAPID_SUBJECT || '';
  if (!publicKey && !privateKey) return null;
  if (!publicKey || !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither in development.');
  return { publicKey, privateKey, subject: subject || DEVELOPMENT_VAPID_SUBJECT };
}

/** Who a push service may write to about the development's pushes. */
export const DEVELOPMENT_VAPID_SUBJECT = 'mailto:office@academy.test';

export function configFrom(env: NodeJS.ProcessEnv, overrides: Partial<Config> = {}): Config {
  // Every variable against the settings schema first: all wrong values named at once.
  checkSettings(env);
  const production = env.NODE_ENV === 'production';
  const sms = parseSms(env.SMS_TRANSPORT);
  if (production && sms.kind === 'console') throw new Error(PRODUCTION_REFUSALS.consoleSms);
  if (production && sms.kind === 'file') throw new Error(PRODUCTION_REFUSALS.fileSms);
  if (production && env.SEED_DEMO === 'true') throw new Error(PRODUCTION_REFUSALS.demoSeed);
  if (production && !env.SIGNING_SECRET) throw new Error(PRODUCTION_REFUSALS.signingSecret);
  if (production && !strongSecret(env.SIGNING_SECRET!)) throw new Error(PRODUCTION_REFUSALS.weakSigningSecret);
  const vapid = vapidFrom(env);
  if (production && (!vapid || !env.VAPID_SUBJECT)) throw new Error(PRODUCTION_REFUSALS.vapid);
  const root = process.cwd();
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    production,
    databaseUrl: env.DATABASE_URL ?? 'sqlite:./data/academy.sqlite',
    redisUrl: env.REDIS_URL ?? null,
    storageDir: path.resolve(root, env.STORAGE_DIR ?? 'data/storage'),
    appDir: path.resolve(root, env.APP_DIR ?? 'dist'),
    backup: env.BACKUP_DIR
      ? { dir: path.resolve(root, env.BACKUP_DIR), everyMs: parseEvery(env.BACKUP_EVERY ?? '6h') ?? 6 * 3_600_000, keep: Number(env.BACKUP_KEEP ?? 14) }
      : null,
    signingSecret: env.SIGNING_SECRET ?? randomBytes(32).toString('hex'),
    sms,
    academyName: env.ACADEMY_NAME ?? 'Medical Academy',
    // Production never seeds the demo academy; elsewhere it is seeded unless turned off.
    seedDemo: !production && env.SEED_DEMO !== 'false',
    allowDemoAccounts: env.ALLOW_DEMO_ACCOUNTS === 'true',
    scryptCost: Number(env.SCRYPT_COST ?? 2 ** 17),
    sessionDays: Number(env.SESSION_DAYS ?? 30),
    limits: {
      signInPerAddress: parseLimit('SIGN_IN_LIMIT_PER_ADDRESS', env.SIGN_IN_LIMIT_PER_ADDRESS, { max: 50, windowMs: 15 * 60_000 }),
      signInGlobal: parseLimit('SIGN_IN_LIMIT_GLOBAL', env.SIGN_IN_LIMIT_GLOBAL, { max: 1000, windowMs: 15 * 60_000 }),
      codeRequestsPerAddress: parseLimit('CODE_REQUEST_LIMIT_PER_ADDRESS', env.CODE_REQUEST_LIMIT_PER_ADDRESS, { max: 30, windowMs: 60 * 60_000 }),
      codeRequestsGlobal: parseLimit('CODE_REQUEST_LIMIT_GLOBAL', env.CODE_REQUEST_LIMIT_GLOBAL, { max: 3000, windowMs: 60 * 60_000 }),
      codesSentGlobal: parseLimit('CODE_SEND_LIMIT_GLOBAL', env.CODE_SEND_LIMIT_GLOBAL, { max: 500, windowMs: 60 * 60_000 }),
      hashConcurrency: Math.max(1, Number(env.HASH_CONCURRENCY ?? 2)),
      hashQueue: Math.max(0, Number(env.HASH_QUEUE ?? 32)),
      hashWaitMs: positiveNumber(env, 'HASH_WAIT_MS', 10_000),
      signInKnownDevice: parseLimit('SIGN_IN_KNOWN_DEVICE_LIMIT', env.SIGN_IN_KNOWN_DEVICE_LIMIT, { max: 5, windowMs: 15 * 60_000 }),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    ipv6PrefixLength: prefixLength(env.IPV6_PREFIX_LENGTH),
    examGraceSeconds: Number(env.EXAM_GRACE_SECONDS ?? 60),
    challengeWindowHours: positive('CHALLENGE_WINDOW_HOURS', env.CHALLENGE_WINDOW_HOURS, DEFAULT_CHALLENGE_WINDOW_HOURS),
    importMemoryMb: Math.floor(positive('IMPORT_MEMORY_MB', env.IMPORT_MEMORY_MB, 1024)),
    importChangeThreshold: share('IMPORT_CHANGE_THRESHOLD', env.IMPORT_CHANGE_THRESHOLD, 0.1),
    media: {
      maxBytes: Math.floor(positive('MEDIA_MAX_MB', env.MEDIA_MAX_MB, 4096) * 1024 * 1024),
      maxSeconds: positive('MEDIA_MAX_HOURS', env.MEDIA_MAX_HOURS, 6) * 3600,
      workers: Math.floor(Number(env.MEDIA_WORKERS ?? 1)),
    },
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    uploadQuotaBytes: positive('UPLOAD_QUOTA_MB', env.UPLOAD_QUOTA_MB, 100) * 1024 * 1024,
    uploadRate: { max: positive('UPLOADS_PER_10_MINUTES', env.UPLOADS_PER_10_MINUTES, 60), windowMs: 10 * 60_000 },
    socketsPerSession: Math.floor(positive('SOCKETS_PER_SESSION', env.SOCKETS_PER_SESSION, 5)),
    forumLimits: {
      questions: perHour('FORUM_QUESTIONS_PER_HOUR', env.FORUM_QUESTIONS_PER_HOUR, 20),
      replies: perHour('FORUM_REPLIES_PER_HOUR', env.FORUM_REPLIES_PER_HOUR, 60),
      edits: perHour('FORUM_EDITS_PER_HOUR', env.FORUM_EDITS_PER_HOUR, 60),
      reactions: perHour('FORUM_REACTIONS_PER_HOUR', env.FORUM_REACTIONS_PER_HOUR, 300),
    },
    mediaHosts: parseOrigins('MEDIA_HOSTS', env.MEDIA_HOSTS),
    supportPhone: env.SUPPORT_PHONE?.trim() || null,
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    connections: connectionLimits(env),
    vapid,
    quietHours: parseQuietHours(env.QUIET_HOURS || DEFAULT_QUIET_HOURS)!,
    smsReminders: { enabled: env.SMS_REMINDERS === 'true', perDay: Number(env.SMS_REMINDERS_PER_DAY || 1000) },
    drm: {
      widevineUrl: env.DRM_WIDEVINE_URL ?? null,
      playReadyUrl: env.DRM_PLAYREADY_URL ?? null,
      fairPlayUrl: env.DRM_FAIRPLAY_URL ?? null,
      fairPlayCertificateUrl: env.DRM_FAIRPLAY_CERTIFICATE_URL ?? null,
    },
    ...overrides,
  };
}
