// The reminders' dependencies (server/reminders) drawn from the server once per app: its database, clock and settings,
// the academy's push keys, the SMS transport, the live channel and this process's job runner.
import type { FastifyInstance } from 'fastify';
import { DEVELOPMENT_VAPID_SUBJECT } from './config.js';
import { smsTransport } from './account/sms.js';
import { keptKey } from './reminders/queries.js';
import { makeVapidKeys, type VapidKeys } from './reminders/push.js';
import type { ReminderDeps } from './reminders/reminders.js';

const made = new WeakMap<FastifyInstance, ReminderDeps>();

/**
 * The academy's push keys: the configured ones (production requires them), else a pair made once and kept
 * in the database, so every process and every restart of a development academy signs with the same keys
 * and its subscribed devices stay subscribed.
 */
export function vapidKeysOf(app: FastifyInstance): () => Promise<VapidKeys> {
  let keys: Promise<VapidKeys> | null = null;
  return () => {
    if (app.config.vapid) return Promise.resolve(app.config.vapid);
    keys ??= keptKey(app.db, 'vapid', () => JSON.stringify(makeVapidKeys()))
      .then((value) => ({ ...(JSON.parse(value) as { publicKey: string; privateKey: string }), subject: DEVELOPMENT_VAPID_SUBJECT }))
      .catch((error: unknown) => {
        keys = null;
        throw error;
      });
    return keys;
  };
}

export function reminderDeps(app: FastifyInstance): ReminderDeps {
  let deps = made.get(app);
  if (!deps) {
    const quiet = app.config.logLevel === 'silent';
    deps = {
      db: app.db,
      dialect: app.dialect,
      clock: app.clock,
      academyName: app.config.academyName,
      quietHours: app.config.quietHours,
      smsReminders: app.config.smsReminders,
      keys: vapidKeysOf(app),
      sms: smsTransport(app.config.sms, { academyName: app.config.academyName, production: app.config.production, print: (line) => (quiet ? undefined : console.info(line)) }),
      live: (studentId, notification) => app.realtime.toStudent(studentId, 'notification', notification),
      wake: () => app.jobs?.wake(),
      log: { warn: (details, message) => app.log.warn(details, message) },
    };
    made.set(app, deps);
  }
  return deps;
}
