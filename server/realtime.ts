// socket.io on the server's port: sockets authenticate with the session id and join their own room.
// With REDIS_URL set, the Redis adapter fans events out across every server process.
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { resolveSession } from './account/sessions.js';

export interface Realtime {
  io: Server;
  /** Sends an event to every open tab of one student, on whichever process holds it. */
  toStudent(studentId: string, event: string, payload: unknown): void;
  /** Closes the sockets of a revoked session, on whichever process holds them. */
  endSession(sessionHash: string): void;
  /** Closes every socket of a student whose sessions were all revoked. */
  endStudent(studentId: string): void;
  /** Resolves once events can leave this process (the Redis connection is up, when there is one). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const studentRoom = (studentId: string) => `student:${studentId}`;
/** Each socket also sits in a room of its session, so signing out closes exactly that session's sockets. */
const sessionRoom = (sessionHash: string) => `session:${sessionHash}`;

export function attachRealtime(app: FastifyInstance): Realtime {
  const io = new Server(app.server, { path: '/socket.io', serveClient: false, cors: { origin: false } });
  let redis: { pub: Redis; sub: Redis } | null = null;
  if (app.config.redisUrl) {
    const pub = new Redis(app.config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    redis = { pub, sub };
    io.adapter(createAdapter(pub, sub));
  }

  io.use(async (socket: Socket, next) => {
    try {
      const raw = (socket.handshake.auth?.sessionId as string | undefined) ?? socket.handshake.headers.authorization ?? '';
      const user = raw ? await resolveSession(app.db, String(raw), app.clock.now()) : null;
      if (!user || user.kind !== 'student') return next(new Error('notLoggedIn'));
      socket.data.studentId = user.student.id;
      socket.data.sessionHash = user.sessionHash;
      next();
    } catch (error) {
      next(error as Error);
    }
  });

  io.on('connection', (socket) => {
    void socket.join([studentRoom(socket.data.studentId as string), sessionRoom(socket.data.sessionHash as string)]);
  });

  return {
    io,
    toStudent(studentId, event, payload) {
      io.to(studentRoom(studentId)).emit(event, payload);
    },
    endSession(sessionHash) {
      io.in(sessionRoom(sessionHash)).disconnectSockets(true);
    },
    endStudent(studentId) {
      io.in(studentRoom(studentId)).disconnectSockets(true);
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
