// Reminders outside the app (contracts: src/contracts/push.ts): the academy's public push key, the
// signed-in student's devices, and the kinds of reminders they take.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { pushContract, type ReminderSettings } from '../../src/contracts/push.js';
import { quietHoursText } from '../../src/domain/reminders.js';
import { badRequest } from '../errors.js';
import { newId } from '../ids.js';
import { reminderDeps } from '../reminder-deps.js';
import { deviceCount, preferencesOf, removeSubscription, savePreferences, saveSubscription } from './queries.js';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A push service's address the server will post to: https, or plain http to this machine outside production. */
function endpointProblem(endpoint: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The subscription’s endpoint is not an address.';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && !production && LOCAL_HOSTS.has(url.hostname)) return null;
  return 'The subscription’s endpoint must be an https address of a push service.';
}

export async function reminderRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const deps = reminderDeps(app);

  const settingsOf = async (studentId: string): Promise<ReminderSettings> => ({
    preferences: await preferencesOf(app.db, studentId),
    quietHours: quietHoursText(app.config.quietHours),
    devices: await deviceCount(app.db, studentId),
    sms: app.config.smsReminders.enabled,
  });

  app.route({ ...pushContract.key, handler: async () => ({ data: { publicKey: (await deps.keys()).publicKey } }) });

  app.route({ ...pushContract.subscribe, handler: async (request) => {
    const { endpoint, keys } = request.body;
    const problem = endpointProblem(endpoint, app.config.production);
    if (problem) throw badRequest('This device cannot take reminders.', 'badEndpoint', problem);
    const devices = await saveSubscription(app.db, { id: newId(), student_id: request.student.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, created_at: app.clock.now().toISOString() });
    return { data: { endpoint, devices } };
  } });

  app.route({ ...pushContract.unsubscribe, handler: async (request) => {
    const removed = await removeSubscription(app.db, request.student.id, request.body.endpoint);
    return { data: { endpoint: request.body.endpoint, removed, devices: await deviceCount(app.db, request.student.id) } };
  } });

  app.route({ ...pushContract.reminders, handler: async (request) => ({ data: await settingsOf(request.student.id) }) });

  app.route({ ...pushContract.setReminders, handler: async (request) => {
    await savePreferences(app.db, request.student.id, request.body);
    return { data: await settingsOf(request.student.id) };
  } });
}
