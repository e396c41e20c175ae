// A student's notifications (contracts: src/contracts/notifications.ts): the list, marking one (or all) seen,
// deleting one. Only ever the student's own.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { notificationsContract } from '../../src/contracts/notifications.js';
import { notFound } from '../errors.js';
import { deleteForStudent, markAllSeen, markSeen, notificationsOf } from './queries.js';

const noSuchNotification = () => notFound('This notification was not found.', 'notificationNotFound');

export async function notificationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...notificationsContract.list, handler: async (request) => {
    return { data: await notificationsOf(app.db, request.student.id) };
  } });

  app.route({ ...notificationsContract.markSeen, handler: async (request) => {
    if (!(await markSeen(app.db, request.student.id, request.params.id))) throw noSuchNotification();
    return { data: { _id: request.params.id, isSeen: true as const } };
  } });

  app.route({ ...notificationsContract.markAllSeen, handler: async (request) => {
    return { data: { seen: await markAllSeen(app.db, request.student.id) } };
  } });

  app.route({ ...notificationsContract.delete, handler: async (request) => {
    if (!(await deleteForStudent(app.db, request.student.id, request.params.id, app.clock.now().toISOString()))) throw noSuchNotification();
    return { data: { _id: request.params.id, deleted: true as const } };
  } });
}
