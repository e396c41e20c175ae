// buildApp(config): the whole API server as a Fastify instance, used by main.ts and by tests.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Kysely } from 'kysely';
import type { Config } from './config.js';
import type { Clock } from './clock.js';
import { systemClock } from './clock.js';
import type { Database, Staff, Student } from './db/schema.js';
import type { Dialect } from './db/connect.js';
import { ApiError, badRequest, notLoggedIn, forbidden } from './errors.js';
import type { RefusalCode } from '../src/contracts/refusals.js';
import { resolveSession, type SessionUser } from './account/sessions.js';
import { SessionCache } from './account/session-cache.js';
import { attachRealtime, type Realtime } from './realtime.js';
import { attachJobs } from './job-kinds.js';
import { depsOf } from './deps.js';
import type { JobRunner } from './jobs/runner.js';
import { registerAreas } from './areas.js';
import { requestValidatorCompiler, validationProblem, type Refusals } from './validation.js';
import { HashGate } from './account/hash-gate.js';
import { apiSecurityHeaders, pagePolicy, registerSecurityHeaders, withRawHeaders } from './headers.js';
import { healthCheck } from './health.js';
import { attachMetrics, recordBackupSuccess } from './metrics.js';
import { startBackupSchedule } from './backup/schedule.js';
import { databaseUnavailable } from './db/unavailable.js';
import { writesFor, type Writes } from './db/engine/group-commit.js';
import { healthContract, type Access, type StaffAccess } from '../src/contracts/common.js';
import { adminCheck, courseCheck } from './staff/access.js';
import { API_PREFIX } from '../src/contracts/paths.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    /** The hot writes (start, answer save, submit): group commit on SQLite (server/db/engine/group-commit.ts). */
    writes: Writes;
    config: Config;
    clock: Clock;
    realtime: Realtime;
    /** Sessions resolved in the last seconds (server/account/session-cache.ts). */
    sessionCache: SessionCache;
    /** Bounds the password hashes running and waiting in this process. */
    hashGate: HashGate;
    /** Takes and runs the durable jobs of the jobs table (server/jobs). */
    jobs: JobRunner;
  }
  interface FastifyRequest {
    /** The signed-in user of this request, or null on public routes. */
    user: SessionUser | null;
    /** The signed-in student; set on every route whose access is 'student'. */
    student: Student;
    /** The signed-in teacher or administrator; set on every route whose access is 'staff'. */
    staff: Staff;
  }
  interface FastifyContextConfig {
    /** Who may call the route, as its contract says (src/contracts); 'student' when not given. */
    access?: Access;
    /** What a staff route acts on (src/contracts/common.ts, StaffAccess), checked by one hook before the handler. */
    staff?: StaffAccess;
    /** The route's own answers to a body its schema refuses (server/validation.ts). */
    refusals?: Refusals;
  }
}

/** Clear titles for the request errors Fastify raises before a route runs. */
const requestErrorTitles: Record<string, { status: number; title: string; code: RefusalCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, title: 'The request body is not valid JSON.', code: 'invalidJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, title: 'The request body is empty.', code: 'emptyBody' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, title: 'The request is too large.', code: 'bodyTooLarge' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, title: 'This kind of request body is not accepted.', code: 'unsupportedMediaType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, title: 'The request body does not match its declared length.', code: 'badContentLength' },
  FST_ERR_BAD_URL: { status: 400, title: 'The address is not valid.', code: 'badUrl' },
  FST_ERR_ASYNC_CONSTRAINT: { status: 400, title: 'Invalid request', code: 'invalidRequest' },
};

/** Whether a parsed JSON value (raw byte bodies are left alone) holds a NUL character in any string. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  const items = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return items.some((item) => holdsNul(item, depth + 1));
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers too large, a malformed
 * request line, a client too slow to send its headers) are answered in the same error envelope.
 */
const clientErrors: Record<string, { status: number; title: string; code: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, title: 'The request headers are too large.', code: 'headersTooLarge' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, title: 'The request took too long to arrive.', code: 'requestTimeout' },
};
const malformedRequest = { status: 400, title: 'The request is not valid HTTP.', code: 'badHttpRequest' };

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, headers: Record<string, string>): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, title, code } = (error.code && clientErrors[error.code]) || malformedRequest;
  const body = JSON.stringify({ errors: { title, message: title, code } });
  if (socket.writable) {
    socket.write(
      withRawHeaders(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        headers,
      ),
    );
  }
  socket.destroy(error);
}

/** How long a resolved session is trusted without asking the database again. */
export const SESSION_CACHE_MS = 5_000;

export interface AppDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock?: Clock;
  /** Sees every route as it is registered (tests check that each one declares its contract). */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(config: Config, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    // Slow clients (slowloris-like: headers a byte at a time, bodies that never end, answers never read)
    // are cut after these limits, so they hold a connection each for a bounded time and never the thread.
    http: { headersTimeout: config.connections.headersTimeoutMs, connectionsCheckingInterval: 1000 },
    requestTimeout: config.connections.requestTimeoutMs,
    keepAliveTimeout: config.connections.keepAliveTimeoutMs,
    connectionTimeout: config.connections.idleTimeoutMs,
    bodyLimit: 1024 * 1024,
    // Off unless configured: a forged X-Forwarded-For must not choose the address limits count by.
    trustProxy: config.trustProxy,
    // Path values are ids and phone numbers; anything longer is refused in the envelope below.
    routerOptions: { maxParamLength: 200 },
    clientErrorHandler: (error, socket) => answerClientError(error, socket, apiSecurityHeaders(config)),
    frameworkErrors: (error, _request, reply) => {
      const status = error.code === 'FST_ERR_BAD_URL' ? 400 : (error as FastifyError).statusCode ?? 400;
      void (reply as FastifyReply).code(status).send({ errors: { title: 'The address is not valid.', message: error.message, code: 'badUrl' } });
    },
  });
  app.setValidatorCompiler(requestValidatorCompiler());
  app.server.maxConnections = config.connections.max;
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  await registerSecurityHeaders(app, config);
  app.decorate('db', deps.db);
  app.decorate('dialect', deps.dialect);
  app.decorate('writes', writesFor(deps.db, deps.dialect));
  app.decorate('config', config);
  app.decorate('clock', deps.clock ?? systemClock);
  // 5 s: a session ended elsewhere while Redis is away is refused here at most that much later.
  app.decorate('sessionCache', new SessionCache(SESSION_CACHE_MS, 100_000));
  app.decorate('hashGate', new HashGate(config.limits.hashConcurrency, config.limits.hashQueue, config.limits.hashWaitMs));
  app.decorateRequest('user', null);
  app.decorateRequest('student', null as unknown as Student);
  app.decorateRequest('staff', null as unknown as Staff);

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.status).send({ errors: { title: error.title, message: error.message, code: error.code } });
    }
    if (error.validation) {
      return reply.status(400).send({ errors: validationProblem(error.validation, error.validationContext, request.routeOptions.config.refusals) });
    }
    const known = requestErrorTitles[error.code];
    if (known) {
      return reply.status(known.status).send({ errors: { title: known.title, message: error.message, code: known.code } });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      // A request Fastify refused by itself (a body cut off by the client): no code of its own reaches the app.
      const code = status === 400 ? 'invalidRequest' : error.code ?? 'badRequest';
      return reply.status(status).send({ errors: { title: error.message || 'Invalid request', message: error.message, code } });
    }
    if (databaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable: answered 503');
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({ errors: { title: 'The server is busy for a moment. Please try again.', message: 'The database is briefly unavailable.', code: 'serviceUnavailable' } });
    }
    request.log.error(error);
    return reply.status(500).send({ errors: { title: 'Something went wrong on our side. Please try again.', message: 'Internal server error', code: 'internal' } });
  });

  // Auth runs before body parsing and validation, so an anonymous caller learns nothing else. API
  // routes are for signed-in students unless they say otherwise; the app's files are public. Each
  // route's access is read once, when it is registered: only the routes that need a session carry
  // the hook, and no request pays for working out which kind it is.
  const authenticate = (access: Exclude<Access, 'public'>) => async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const sessionId = header.replace(/^Bearer\s+/i, '').trim();
    const user = sessionId ? await resolveSession(app.db, sessionId, app.clock.now(), app.sessionCache) : null;
    if (!user) throw notLoggedIn();
    request.user = user;
    if (access === 'student') {
      if (user.kind !== 'student') throw forbidden('This action is for students only.', 'studentsOnly');
      request.student = user.student;
    } else if (access === 'staff') {
      if (user.kind !== 'staff') throw forbidden('This action is for teachers and administrators only.', 'staffOnly');
      request.staff = user.staff;
    }
  };
  app.addHook('onRoute', (route) => {
    const config = route.config as { access?: Access; staff?: StaffAccess } | undefined;
    const access: Access = config?.access ?? (route.url.startsWith('/api/') ? 'student' : 'public');
    if (access === 'public') return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    // What a staff route acts on, as it declares (server/staff/access.ts): checked here, by no handler.
    const admins = access === 'staff' ? adminCheck(config?.staff) : null;
    route.onRequest = [authenticate(access), ...(admins ? [admins] : []), ...own];
    const course = access === 'staff' ? courseCheck(() => app.db, config?.staff) : null;
    if (course) route.preHandler = [course, ...(route.preHandler ? [route.preHandler].flat() : [])];
  });

  // PostgreSQL cannot store a NUL character in text and would fail the whole statement; no field of
  // the product needs one, so it is refused up front, the same on every database. (Path values are
  // ids and keys whose patterns already exclude it.)
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    if (holdsNul(request.body) || holdsNul(request.query)) {
      done(badRequest('Invalid request', 'invalidCharacter', 'The request contains a NUL character.'));
    } else done();
  });

  const health = healthCheck(app);
  app.route({ ...healthContract, url: `${API_PREFIX}${healthContract.url}`, handler: async () => ({ data: await health() }) });

  // Before the areas' routes, so that its onResponse hook counts every one of them.
  attachMetrics(app);
  await registerAreas(app);

  // The page for /login as the build wrote it: its policy is read once per build of it.
  let loginPageRead: { modified: number; policy: string } | null = null;
  const loginPage = (): { policy: string } | null => {
    const file = path.join(config.appDir, 'login.html');
    const modified = fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (modified === undefined) return null;
    if (loginPageRead?.modified !== modified) loginPageRead = { modified, policy: pagePolicy(config, fs.readFileSync(file, 'utf8')) };
    return loginPageRead;
  };

  app.setNotFoundHandler((request, reply) => {
    const pathName = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' && !/^\/(api|media|assets)\//.test(pathName) && !pathName.endsWith('.map');
    // /login has its own page, the sign-in form already in it (written at build), so a visitor's phone
    // draws the form before any script arrives; every other address gets index.html.
    const signInPage = pathName === '/login' ? loginPage() : null;
    const page = signInPage ? 'login.html' : 'index.html';
    if (wantsPage && (signInPage || fs.existsSync(path.join(config.appDir, page)))) {
      // Its one inline script (the early press of Sign In) is allowed by its hash, and no other.
      if (signInPage) reply.header('content-security-policy', signInPage.policy);
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile(page, config.appDir);
    }
    return reply.status(404).send({ errors: { title: 'Not found', message: `${request.method} ${request.url.split('?')[0]} does not exist`, code: 'notFound' } });
  });

  if (fs.existsSync(config.appDir)) {
    await app.register(fastifyStatic, {
      root: config.appDir,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      // The build writes .br/.gz beside each asset: phones on slow links get a third of the bytes.
      preCompressed: true,
      cacheControl: false,
      // Source maps would hand out the app's whole source: development only.
      allowedPath: (pathName) => !(config.production && pathName.endsWith('.map')),
      setHeaders(res, filePath) {
        // Hashed asset names change with their content, so they may be cached for good; the page itself never.
        res.setHeader('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.decorate('realtime', attachRealtime(app));
  app.addHook('onClose', async () => {
    await app.realtime.close();
  });
  app.decorate('jobs', attachJobs(app));
  const backups = config.backup;
  if (backups) {
    // Scheduled backups (BACKUP_DIR): looked for once a minute from ready to close.
    let schedule: { stop: () => Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      schedule = startBackupSchedule(depsOf(app), backups, recordBackupSuccess);
    });
    app.addHook('onClose', async () => {
      await schedule?.stop();
    });
  }
  return app;
}
