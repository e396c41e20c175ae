// socket.io on the server's port: sockets authenticate with the session id and join their own room.
// With REDIS_URL set, the Redis adapter fans events out across every server process. Redis is a
// helper, never a dependency: while it is unreachable (at boot or later) the process keeps serving
// and reaches the sockets it holds itself, says so in the log and in /api/health, and the clients
// reconnect and resubscribe by themselves when Redis returns.
import cluster from 'node:cluster';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { liveSessionHashes, resolveSession } from './account/sessions.js';
import { coursesOf } from './staff/access.js';
import { apiSecurityHeaders, secureEngineAnswers } from './headers.js';

/** Where the Redis link of this process stands: not configured, connected, or away (serving alone). */
export type RedisState = 'notConfigured' | 'connected' | 'unavailable';

export interface Realtime {
  io: Server;
  redisState(): RedisState;
  /** Sends an event to every open tab of one student, on whichever process holds it. */
  toStudent(studentId: string, event: string, payload: unknown): void;
  /**
   * Sends an event of one course to the desks that act on it, on whichever process holds them: the
   * teachers of the course and every administrator. A teacher of another course hears nothing of it.
   */
  toStaffOfCourse(courseId: string, event: string, payload: unknown): void;
  /** Sends an event to every open tab of an administrator's desk (imports), on whichever process holds it. */
  toAdmins(event: string, payload: unknown): void;
  /** Closes the sockets of a revoked session, on whichever process holds them. */
  endSession(sessionHash: string): void;
  /** Closes every socket of a student whose sessions were all revoked. */
  endStudent(studentId: string): void;
  /** The student's row changed: every process asks the database again for their sessions. */
  studentChanged(studentId: string): void;
  /** Resolves once events can leave this process (the Redis connection is up, when there is one). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const studentRoom = (studentId: string) => `student:${studentId}`;

/** The refusal of a socket beyond SOCKETS_PER_SESSION: the client reads `message`, people read `data`. */
export const TOO_MANY_SOCKETS = 'tooManySockets';
function tooManySockets(max: number): Error {
  return Object.assign(new Error(TOO_MANY_SOCKETS), {
    data: {
      title: 'This session already has too many live connections.',
      message: `At most ${max} tabs or windows of one sign-in get live updates; close one and reload this one to get them here.`,
    },
  });
}

/**
 * A teacher's desk sockets sit in the room of each course they teach, taken from staff_courses when the
 * socket connects: a course given or taken away reaches the desk's live events at its next connection
 * (a reload, or the reconnection after a network break), as it reaches its reads at once.
 */
export const courseRoom = (courseId: string) => `course:${courseId}`;
/** An administrator's desk sockets sit in this room, which hears every course's events. */
export const ADMIN_ROOM = 'admins';
/** Each socket also sits in a room of its session, so signing out closes exactly that session's sockets. */
const sessionRoom = (sessionHash: string) => `session:${sessionHash}`;

export function attachRealtime(app: FastifyInstance): Realtime {
  // Workers of one port (server/cluster.ts) share no memory: a long-polling client's requests would
  // reach different workers, so there sockets are WebSocket only (the app tries WebSocket first).
  const workersShareThePort = cluster.isWorker && Number(process.env.ACADEMY_WORKERS ?? '1') > 1;
  const io = new Server(app.server, {
    path: '/socket.io',
    serveClient: false,
    cors: { origin: false },
    ...(workersShareThePort ? { transports: ['websocket' as const] } : {}),
  });
  secureEngineAnswers(app.server, '/socket.io/', apiSecurityHeaders(app.config));
  // Sign-outs made on other processes while Redis was away never reached this one: when it returns,
  // the sockets of sessions revoked meanwhile are closed here.
  const closeRevokedSockets = async () => {
    const sockets = [...io.of('/').sockets.values()];
    const live = await liveSessionHashes(app.db, [...new Set(sockets.map((socket) => socket.data.sessionHash as string))], app.clock.now());
    const revoked = sockets.filter((socket) => !live.has(socket.data.sessionHash as string));
    for (const socket of revoked) socket.disconnect(true);
    if (revoked.length > 0) app.log.info(`closed ${revoked.length} sockets of sessions signed out while Redis was away`);
  };
  const redis = app.config.redisUrl
    ? connectRedis(app, app.config.redisUrl, () => {
        closeRevokedSockets().catch((error: Error) => app.log.warn({ err: error }, 'could not check open sockets after Redis returned'));
      })
    : null;
  if (redis) io.adapter(createAdapter(redis.pub, redis.sub));

  io.use(async (socket: Socket, next) => {
    try {
      const raw = (socket.handshake.auth?.sessionId as string | undefined) ?? socket.handshake.headers.authorization ?? '';
      const user = raw ? await resolveSession(app.db, String(raw), app.clock.now(), app.sessionCache) : null;
      if (!user) return next(new Error('notLoggedIn'));
      const courses = user.kind === 'staff' ? await coursesOf(app.db, user.staff) : [];
      // A few tabs per session; the newest beyond them is refused (checked and joined in one step, so
      // sockets opened at once cannot all pass). Counted per process.
      const room = sessionRoom(user.sessionHash);
      if ((io.of('/').adapter.rooms.get(room)?.size ?? 0) >= app.config.socketsPerSession) return next(tooManySockets(app.config.socketsPerSession));
      void socket.join(room);
      if (user.kind === 'staff') {
        socket.data.staffId = user.staff.id;
        void socket.join(courses === null ? [ADMIN_ROOM] : courses.map(courseRoom));
      } else {
        socket.data.studentId = user.student.id;
        void socket.join(studentRoom(user.student.id));
      }
      socket.data.sessionHash = user.sessionHash;
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  // Cached sessions (server/account/session-cache.ts) are forgotten on every process: this one at
  // once, the others through the adapter when Redis is there.
  const forget = (what: 'session' | 'user', id: string, everywhere: boolean) => {
    if (what === 'session') app.sessionCache.forgetSession(id);
    else app.sessionCache.forgetUser(id);
    if (everywhere && redis) io.serverSideEmit('forgetSessions', what, id);
  };
  io.on('forgetSessions', (what: 'session' | 'user', id: string) => forget(what, String(id), false));

  return {
    io,
    redisState: () => (redis ? (redis.connected() ? 'connected' : 'unavailable') : 'notConfigured'),
    toStudent(studentId, event, payload) {
      io.to(studentRoom(studentId)).emit(event, payload);
    },
    toStaffOfCourse(courseId, event, payload) {
      // One emit to both rooms: an administrator who also teaches the course gets the event once.
      io.to([courseRoom(courseId), ADMIN_ROOM]).emit(event, payload);
    },
    toAdmins(event, payload) {
      io.to(ADMIN_ROOM).emit(event, payload);
    },
    // The adapter closes sockets only when its own request comes back through Redis; closing this
    // process's sockets first makes a sign-out hold here even while Redis is away.
    endSession(sessionHash) {
      forget('session', sessionHash, true);
      io.local.in(sessionRoom(sessionHash)).disconnectSockets(true);
      io.in(sessionRoom(sessionHash)).disconnectSockets(true);
    },
    endStudent(studentId) {
      forget('user', studentId, true);
      io.local.in(studentRoom(studentId)).disconnectSockets(true);
      io.in(studentRoom(studentId)).disconnectSockets(true);
    },
    studentChanged(studentId) {
      forget('user', studentId, true);
    },
    async ready() {
      if (redis && redis.pub.status !== 'ready') await new Promise<void>((resolve, reject) => {
        redis!.pub.once('ready', () => resolve());
        redis!.pub.once('error', reject);
      });
    },
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      if (redis) {
        redis.pub.disconnect();
        redis.sub.disconnect();
      }
    },
  };
}

interface RedisLink {
  pub: Redis;
  sub: Redis;
  connected(): boolean;
}

/**
 * The adapter's two clients, made safe to lose. The publisher never queues while Redis is away and its
 * failures are dropped here (the adapter does not wait for a publish, so a rejected one would end the
 * process): an event meant for another process is lost, the sockets of this one still get theirs. The
 * subscriber queues its subscriptions until Redis is reachable and never gives up on them, and ioredis
 * renews them on every reconnection. Both retry with a back-off of at most 2 s.
 */
function connectRedis(app: FastifyInstance, url: string, onReconnected: () => void): RedisLink {
  const retryStrategy = (times: number) => Math.min(times * 100, 2000);
  const pub = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, retryStrategy });
  const sub = new Redis(url, { maxRetriesPerRequest: null, retryStrategy });
  const publish = pub.publish.bind(pub);
  pub.publish = ((channel: string, message: string | Buffer) =>
    publish(channel, message).catch((error: Error) => {
      app.log.debug({ err: error }, 'realtime event not sent to other server processes: Redis is unavailable');
      return 0;
    })) as typeof pub.publish;

  const ready = { pub: false, sub: false };
  let state: 'connecting' | 'connected' | 'unavailable' = 'connecting';
  let lastError = '';
  let wasAway = false;
  const update = () => {
    const now = ready.pub && ready.sub ? 'connected' : 'unavailable';
    if (now === state) return;
    if (now === 'connected') {
      app.log.info('Redis connected: realtime events reach students on every server process');
      if (wasAway) onReconnected();
    } else {
      wasAway = true;
      app.log.warn(`Redis unavailable${lastError ? ` (${lastError})` : ''}: serving alone, realtime events reach only the sockets of this process until it returns`);
    }
    state = now;
  };
  for (const [name, client] of [['pub', pub], ['sub', sub]] as const) {
    client.on('ready', () => {
      ready[name] = true;
      update();
    });
    client.on('close', () => {
      ready[name] = false;
      update();
    });
    // Without a listener ioredis prints every failed reconnection; the state change above is logged once.
    client.on('error', (error: Error) => {
      lastError = error.message;
      if (state === 'connecting') update();
    });
  }
  return { pub, sub, connected: () => state === 'connected' };
}
