// A student's notifications: the list, marking one seen, deleting one. Only ever the student's own.
import type { FastifyInstance } from 'fastify';
import { Type, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { notFound } from '../errors.js';
import { deleteForStudent, markSeen, notificationsOf } from './queries.js';

const IdParam = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });

const noSuchNotification = () => notFound('This notification was not found.', 'notificationNotFound');

export async function notificationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/notification', async (request) => ({ data: await notificationsOf(app.db, request.student.id) }));

  app.patch('/notification/seen/:id', { schema: { params: IdParam } }, async (request) => {
    if (!(await markSeen(app.db, request.student.id, request.params.id))) throw noSuchNotification();
    return { data: { _id: request.params.id, isSeen: true } };
  });

  app.delete('/notification/id/:id', { schema: { params: IdParam } }, async (request) => {
    if (!(await deleteForStudent(app.db, request.student.id, request.params.id, app.clock.now().toISOString()))) throw noSuchNotification();
    return { data: { _id: request.params.id, deleted: true } };
  });
}
