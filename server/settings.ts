// Every setting the server and the app's build read from the environment, as one TypeBox schema. The
// server checks the whole environment against it at start (configFrom) and names every wrong value at
// once; docs/settings.md's table is written from it (`npm run docs:settings`), and
// tests/unit/settings.test.ts fails when the two differ or when the code reads a variable the schema lacks.
// A new setting: add it here (its `default` as docs/settings.md shows it, what it means, what it accepts),
// read it in server/config.ts, then `npm run docs:settings`.
import { Type, type TString } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';

interface SettingOptions {
  /** The default as docs/settings.md shows it: one word is put in code type, words are shown as written. */
  default: string;
  /** What it does, one README cell. */
  description: string;
  /** What a wrong value is told it must be: "<NAME> must be <expected>, not "<value>"". */
  expected?: string;
  pattern?: string;
  /** Read by `vite build` into the app, not by the running server. */
  build?: true;
}

const setting = ({ expected = 'text', pattern = '^[\\s\\S]*$', ...options }: SettingOptions) => Type.Optional(Type.String({ ...options, expected, pattern }));

const WHOLE = { expected: 'a whole number', pattern: '^\\d+$' };
const POSITIVE_WHOLE = { expected: 'a positive whole number', pattern: '^0*[1-9]\\d*$' };
const POSITIVE = { expected: 'a positive number', pattern: '^(0*[1-9]\\d*(\\.\\d+)?|0*\\.\\d*[1-9]\\d*)$' };
const BOOLEAN = { expected: 'true or false', pattern: '^(true|false)$' };
const LIMIT = { expected: 'a limit such as 30/15m (at most 30 in 15 minutes; s, m or h)', pattern: '^\\s*\\d+/\\d+[smh]\\s*$' };
const HTTP_URL = { expected: 'an http(s) URL', pattern: '^https?://\\S+$' };

export const SETTINGS = Type.Object({
  PORT: setting({ default: '3000', description: 'the port the server listens on (app, `/api`, socket.io)', expected: 'a port number (0 to 65535)', pattern: '^\\d{1,5}$' }),
  HOST: setting({ default: '0.0.0.0', description: 'the address the server listens on' }),
  NODE_ENV: setting({
    default: 'unset',
    description:
      '`production`: no demo academy (nor a database where a demo password still works, see `ALLOW_DEMO_ACCOUNTS`), no development SMS transport, no source maps served, a `SIGNING_SECRET` of 32 random bytes required; `test` logs nothing unless `LOG_LEVEL` says so',
  }),
  WEB_CONCURRENCY: setting({
    default: '1',
    description: 'workers of `npm run start:prod` (`--workers N` wins; `0` or `auto`: one per core); more than one needs `REDIS_URL`',
    expected: 'a whole number of 0 or more, or auto',
    pattern: '^(\\d+|auto)$',
  }),
  ACADEMY_WORKERS: setting({ default: 'set by `start:prod`', description: 'how many workers `npm run start:prod` started, told to each of them; not set by hand', ...WHOLE }),
  DATABASE_URL: setting({
    default: 'sqlite:./data/academy.sqlite',
    description: 'the database: `sqlite:<file>`, or `postgres://user@host/db`',
    expected: 'sqlite:<file> or a postgres:// URL',
    pattern: '^(sqlite:.+|postgres(ql)?://\\S+)$',
  }),
  DATABASE_POOL: setting({ default: '20', description: 'PostgreSQL connections per process', ...POSITIVE_WHOLE }),
  DATABASE_CONNECT_TIMEOUT_MS: setting({ default: '5000', description: 'how long a request waits for a PostgreSQL connection before answering 503', ...POSITIVE_WHOLE }),
  DATABASE_PIPELINE: setting({
    default: '1',
    description:
      "PostgreSQL connections per process, besides `DATABASE_POOL`, shared by the busiest statements (the exam requests' and the session's reads, the start's insert, the answer saves' batch) in pipeline mode: statements written without waiting for the answers of those before them. `0`: every statement on the pool",
    ...WHOLE,
  }),
  DATABASE_PIPELINE_LOCK_TIMEOUT_MS: setting({
    default: '1000',
    description: 'how long a pipelined write waits for a row lock before it gives up and answers 503 (the app sends it again), so that the statements behind it on its connection do not wait with it',
    ...POSITIVE_WHOLE,
  }),
  DATABASE_SOCKET_DIR: setting({
    default: 'unset (the URL\'s host)',
    description: 'a PostgreSQL on the same machine reached through its Unix socket in this directory (Debian: `/var/run/postgresql`) instead of the host of `DATABASE_URL`',
    expected: 'a directory path',
    pattern: '^/\\S*$',
  }),
  REDIS_URL: setting({
    default: 'unset',
    description:
      "socket.io's Redis adapter: events reach students on every server process. While Redis is away the process keeps serving alone (its own sockets only), logs it, reports the `redis` part `failing` and the server `degraded` in `/api/health`, and reconnects by itself",
    expected: 'a redis:// or rediss:// URL',
    pattern: '^rediss?://\\S+$',
  }),
  STORAGE_DIR: setting({ default: 'data/storage', description: 'uploaded files and generated media (`/api/health` says `degraded` when it cannot be written)' }),
  BACKUP_DIR: setting({
    default: 'unset',
    description:
      'where the server writes scheduled backups of the database (and a copy of `STORAGE_DIR` beside each); unset: none are scheduled (`npm run academy -- backup <file>` still works). Their state is in `/api/health` (`backup`)',
  }),
  BACKUP_EVERY: setting({ default: '6h', description: 'how often a scheduled backup is taken: minutes, hours or days (`30m`, `6h`, `1d`); one process of several takes each', expected: 'a period such as 30m, 6h or 1d', pattern: '^\\s*0*[1-9]\\d*[mhd]\\s*$' }),
  BACKUP_KEEP: setting({ default: '14', description: 'how many scheduled backups are kept; older ones are removed', ...POSITIVE_WHOLE }),
  APP_DIR: setting({ default: 'dist', description: 'the built app the server serves, when it exists (`npm run build` writes it)' }),
  ACADEMY_NAME: setting({ default: '`Medical Academy`', description: "the academy's name in the one-time code's SMS and the server's start message" }),
  LOG_LEVEL: setting({
    default: '`info` (`silent` under `NODE_ENV=test`)',
    description: 'how much the server logs',
    expected: 'one of fatal, error, warn, info, debug, trace, silent',
    pattern: '^(fatal|error|warn|info|debug|trace|silent)$',
  }),
  SIGNING_SECRET: setting({
    default: 'random per start',
    description:
      'HMAC key for upload URLs, stream tokens and known-device tokens; set it when running several processes. Production requires one of at least 32 random bytes (64 hex digits, or 43+ characters of base64 or other text, no repeated pattern: `openssl rand -hex 32`) and refuses to start otherwise',
  }),
  SMS_TRANSPORT: setting({
    default: 'console',
    description:
      '`console` (development: prints codes and returns them to the app), `file:<path>` (tests), or the gateway URL (with `SMS_TOKEN`); with `NODE_ENV=production` only the gateway is accepted, the server refuses to start otherwise',
    expected: 'console, file:<path> or an http(s) URL',
    pattern: '^(console|file:.+|https?://\\S+)$',
  }),
  SMS_TOKEN: setting({ default: 'unset', description: "the SMS gateway's bearer token" }),
  SEED_DEMO: setting({
    default: '`true` (`false` in production)',
    description: 'seed the demo academy into an empty database; with `NODE_ENV=production` it is never seeded (its passwords are published) and `SEED_DEMO=true` stops the start with a message',
    ...BOOLEAN,
  }),
  ALLOW_DEMO_ACCOUNTS: setting({
    default: 'false',
    description:
      'with `NODE_ENV=production` the server refuses to start on a database where a demo account (`teacher@academy.test`, `admin@academy.test`, `01700000001` …) still signs in with its published password, naming them; `true` starts anyway',
    ...BOOLEAN,
  }),
  SCRYPT_COST: setting({ default: '131072', description: "scrypt's cost N for passwords (2^17, as OWASP recommends with r=8, p=1); lower only for tests", expected: 'a power of two', pattern: '^\\d+$' }),
  SESSION_DAYS: setting({ default: '30', description: 'days a sign-in lasts', ...POSITIVE }),
  TRUST_PROXY: setting({
    default: 'unset (trust none)',
    description:
      'the proxies allowed to name the client address (`X-Forwarded-For`) and the scheme (`X-Forwarded-Proto`, for HSTS over TLS): a hop count (`1`), or their addresses and subnets, comma-separated. `true` believes any sender, which lets clients choose the address the limits count: only behind a proxy that overwrites the header',
  }),
  IPV6_PREFIX_LENGTH: setting({
    default: '64',
    description:
      'how many leading bits of an IPv6 address name one client in every per-address limit (sign-in, code requests): a client rotating through the addresses of its own /64 counts once; `48` or `56` for providers that hand out larger networks (an IPv4-mapped IPv6 address counts as its IPv4 address)',
    expected: 'a whole number of bits from 1 to 128 (64: one client per /64)',
    pattern: '^(12[0-8]|1[01]\\d|[1-9]\\d?)$',
  }),
  SIGN_IN_LIMIT_PER_ADDRESS: setting({
    default: '50/15m',
    description:
      'failed sign-ins from one client address (`max/window`, window in `s`, `m` or `h`); beyond it that address\'s attempts wait behind the rest for their password check, one at a time per address: a right password still passes, and each account\'s own back-off refuses guesses with 429 (`docs/decisions.md`, "Sign-in throttling")',
    ...LIMIT,
  }),
  SIGN_IN_LIMIT_GLOBAL: setting({ default: '1000/15m', description: 'failed sign-ins across the academy; beyond it the attempts of every address that failed lately wait behind the rest, as above', ...LIMIT }),
  CODE_REQUEST_LIMIT_PER_ADDRESS: setting({ default: '30/1h', description: 'code requests (each also tells whether a number is registered) from one address', ...LIMIT }),
  CODE_REQUEST_LIMIT_GLOBAL: setting({ default: '3000/1h', description: 'code requests across the academy', ...LIMIT }),
  CODE_SEND_LIMIT_GLOBAL: setting({ default: '500/1h', description: 'codes sent by SMS across the academy (5 per number per hour in any case)', ...LIMIT }),
  HASH_CONCURRENCY: setting({ default: '2', description: 'password hashes run at once per process', ...POSITIVE_WHOLE }),
  HASH_QUEUE: setting({
    default: '32',
    description:
      'password hashes waiting per process; beyond that sign-in answers "busy", except that a device which signed in to the account before (cookie `academy_device`) goes first and pushes the newest slowed or ordinary waiter out instead',
    ...WHOLE,
  }),
  HASH_WAIT_MS: setting({
    default: '10000',
    description:
      'how long a sign-in, registration or password reset waits for its password hash to start; then 503 `signInBusy` with `Retry-After` and a message, never a hang (`docs/decisions.md`, "The hash gate\'s lanes and limits")',
    ...POSITIVE_WHOLE,
  }),
  SIGN_IN_KNOWN_DEVICE_LIMIT: setting({
    default: '5/15m',
    description:
      "password checks of one account's known devices (cookie `academy_device`) that go ahead of the queue (counted in the database, the same on every process); beyond it they are not refused but wait after everyone else, one at a time per account. Either way a known device's checks run one at a time per account and never take the last hash thread",
    ...LIMIT,
  }),
  SOCKETS_PER_SESSION: setting({
    default: '5',
    description: 'realtime sockets (tabs) one sign-in may hold open on one server process; a socket beyond them is refused (`tooManySockets`) and that tab gets no live events, the others keep theirs',
    ...POSITIVE,
  }),
  UPLOAD_QUOTA_MB: setting({ default: '100', description: 'file space one student may use, in MB', ...POSITIVE }),
  UPLOADS_PER_10_MINUTES: setting({ default: '60', description: 'uploads one student may make in 10 minutes', ...POSITIVE }),
  FORUM_QUESTIONS_PER_HOUR: setting({
    default: '20',
    description: 'questions one student may ask in an hour; beyond it 429 with Retry-After and a message the app shows (counted in the database, the same on every process)',
    ...POSITIVE,
  }),
  FORUM_REPLIES_PER_HOUR: setting({ default: '60', description: 'forum replies one student may post in an hour', ...POSITIVE }),
  FORUM_EDITS_PER_HOUR: setting({ default: '60', description: 'edits of questions and replies one student may make in an hour', ...POSITIVE }),
  FORUM_REACTIONS_PER_HOUR: setting({ default: '300', description: 'likes, reply upvotes and bookmarks (each toggle) one student may make in an hour', ...POSITIVE }),
  VAPID_PUBLIC_KEY: setting({
    default: 'made once (development)',
    description:
      "the push keys' public half (URL-safe base64, `npx web-push generate-vapid-keys`), served at `GET /api/push/key`; production requires it with `VAPID_PRIVATE_KEY` and `VAPID_SUBJECT` and refuses to start without them; in development a pair is made once and kept in the database",
    expected: 'a URL-safe base64 key',
    pattern: '^[A-Za-z0-9_-]{80,100}$',
  }),
  VAPID_PRIVATE_KEY: setting({ default: 'made once (development)', description: "the push keys' private half, with `VAPID_PUBLIC_KEY`", expected: 'a URL-safe base64 key', pattern: '^[A-Za-z0-9_-]{40,50}$' }),
  VAPID_SUBJECT: setting({
    default: '`mailto:office@academy.test` (development)',
    description: 'how a push service can reach the academy about its pushes: a `mailto:` or `https:` address',
    expected: 'a mailto: or https: address',
    pattern: '^(mailto:\\S+|https://\\S+)$',
  }),
  QUIET_HOURS: setting({
    default: '22:00-07:00',
    description: "the academy's night (in `VITE_ACADEMY_TIME_ZONE`): only exam reminders go out in it; the others wait for its end",
    expected: 'two 24-hour times such as 22:00-07:00',
    pattern: '^\\s*([01]\\d|2[0-3]):[0-5]\\d-([01]\\d|2[0-3]):[0-5]\\d\\s*$',
  }),
  SMS_REMINDERS: setting({
    default: 'false',
    description: '`true`: the exam reminders also go by SMS (through `SMS_TRANSPORT`) to students with no device taking pushes, within `SMS_REMINDERS_PER_DAY`',
    ...BOOLEAN,
  }),
  SMS_REMINDERS_PER_DAY: setting({ default: '1000', description: 'exam reminders sent by SMS across the academy in any 24 hours; beyond it a reminder stays in the app only', ...WHOLE }),
  IMPORT_MEMORY_MB: setting({ default: '1024', description: "the memory (old generation, MB) the import's worker thread may use; a file that needs more fails its import in plain words and the next import gets a fresh worker", ...POSITIVE_WHOLE }),
  IMPORT_CHANGE_THRESHOLD: setting({ default: '10%', description: "the share of the academy's rows of a kind (students, exams, questions, batch members, …) an import may update or remove without confirming; beyond it the import stops at its check and names the figure, and goes on only when the administrator confirms (the desk's tick, the command line's `--confirm-large`)", expected: 'a percentage from 0 to 100, such as 10%', pattern: '^\\s*(100|\\d{1,2})(\\.\\d+)?\\s*%?\\s*$' }),
  MEDIA_MAX_MB: setting({ default: '4096', description: "the largest lecture video a teacher may upload (the desk's Lectures page, `npm run academy -- media add`), in MB", ...POSITIVE }),
  MEDIA_MAX_HOURS: setting({ default: '6', description: 'the longest lecture video the packaging accepts, in hours; a longer one is refused when probed, before any transcoding', ...POSITIVE }),
  MEDIA_WORKERS: setting({ default: '1', description: "lecture videos packaged at once by one server process or `npm run academy -- worker` (ffmpeg runs at the lowest CPU priority); `0`: this process packages none and leaves them to the workers", ...WHOLE }),
  CHALLENGE_WINDOW_HOURS: setting({ default: '48', description: "how long a published live exam's answer-key challenge window stays open (an exam's `challengeHours` wins)", ...POSITIVE }),
  EXAM_GRACE_SECONDS: setting({ default: '60', description: "how late an answer or submit may arrive after an attempt's end", ...WHOLE }),
  MEDIA_HOSTS: setting({ default: 'unset', description: 'comma-separated origins (a CDN) that may serve video, audio and images besides this server; added to the Content Security Policy' }),
  DRM_WIDEVINE_URL: setting({ default: 'unset', description: "the DRM provider's Widevine licence server (its origin is allowed by the Content Security Policy); ClearKey is served by the server itself", ...HTTP_URL }),
  DRM_PLAYREADY_URL: setting({ default: 'unset', description: "the DRM provider's PlayReady licence server", ...HTTP_URL }),
  DRM_FAIRPLAY_URL: setting({ default: 'unset', description: "the DRM provider's FairPlay licence server", ...HTTP_URL }),
  DRM_FAIRPLAY_CERTIFICATE_URL: setting({ default: 'unset', description: "the DRM provider's FairPlay certificate", ...HTTP_URL }),
  HEADERS_TIMEOUT_MS: setting({ default: '10000', description: "longest a client may take to send a request's headers; then 408 and the connection is closed (not more than `REQUEST_TIMEOUT_MS`)", ...POSITIVE_WHOLE }),
  REQUEST_TIMEOUT_MS: setting({ default: '120000', description: 'longest a client may take to send a whole request, body included (an upload on a slow phone); then 408 and the connection is closed', ...POSITIVE_WHOLE }),
  IDLE_TIMEOUT_MS: setting({ default: '60000', description: 'a connection with no traffic either way (a client that stopped reading) is closed after this', ...POSITIVE_WHOLE }),
  KEEP_ALIVE_TIMEOUT_MS: setting({ default: '72000', description: 'an idle keep-alive connection between requests is closed after this', ...POSITIVE_WHOLE }),
  MAX_CONNECTIONS: setting({ default: '10000', description: 'connections (HTTP and sockets together) one process accepts; raise it with the open-file limit (`ulimit -n`)', ...POSITIVE_WHOLE }),
  METRICS_TOKEN: setting({
    default: 'unset',
    description: 'turns on `GET /metrics` (Prometheus text: requests, answer saves, sign-ins, the hash gate, sockets, the database pool, jobs, backups); a scrape must send `Authorization: Bearer <token>` (401 without it); unset, the address answers 404',
  }),
  SUPPORT_PHONE: setting({ default: 'unset', description: 'the support number on the sign-in screen, served to the app (GET /api/student/support), so it changes without a new build; without it the screen shows `VITE_SUPPORT_PHONE`, or points to the academy office' }),
  VITE_SUPPORT_PHONE: setting({ default: 'unset', build: true, description: 'the support number on the sign-in screen; without it the screen points to the academy office' }),
  VITE_ACADEMY_TIME_ZONE: setting({
    default: 'Asia/Dhaka',
    build: true,
    description:
      'the IANA time zone in which the app shows exam, notification and note times, whatever the device\'s zone (an unknown name falls back to the default); the server reads it from its environment for the times in its messages ("Can be published after 26 Nov 2026 | 08:30 pm")',
  }),
});

export type SettingName = keyof typeof SETTINGS.properties;

/** Every setting's wrong value, one line each ("PORT must be a port number (0 to 65535), not "http""); empty when all are right. */
export function settingsProblems(env: NodeJS.ProcessEnv): string[] {
  // Unset and empty are the same: the default.
  const given = Object.fromEntries(Object.keys(SETTINGS.properties).flatMap((name) => (env[name] === undefined || env[name] === '' ? [] : [[name, env[name]]])));
  if (Value.Check(SETTINGS, given)) return [];
  const wrong = new Set([...Value.Errors(SETTINGS, given)].map((error) => error.path.replace(/^\//, '')));
  return [...wrong].map((name) => {
    const schema = SETTINGS.properties[name as SettingName] as TString & { expected: string };
    return `${name} must be ${schema.expected}, not "${given[name]}"`;
  });
}

/** Throws one error naming every wrong setting, before anything starts. */
export function checkSettings(env: NodeJS.ProcessEnv): void {
  const problems = settingsProblems(env);
  if (problems.length === 1) throw new Error(problems[0]);
  if (problems.length > 1) throw new Error(`These settings are wrong:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
}

/** docs/settings.md's settings table, one row per setting, in the schema's order. */
export function settingsTable(): string {
  const rows = Object.entries(SETTINGS.properties).map(([name, schema]) => {
    const { default: shown, description, build } = schema as TString & SettingOptions;
    const cell = (text: string) => text.replace(/\|/g, '\\|');
    // One word is a value, in code type; words are read as written (they carry their own code spans).
    const value = /^[^\s`]+$/.test(shown) && shown !== 'unset' ? `\`${shown}\`` : shown;
    return `| \`${name}\`${build ? ' (at build)' : ''} | ${cell(value)} | ${cell(description)} |`;
  });
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}
