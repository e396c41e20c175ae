// The activity log's routes (contract: src/contracts/activity.ts): read and download only. There is no
// route that changes or removes an entry, and the table itself refuses it (migration 0026).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { activityContract } from '../../src/contracts/activity.js';
import { sendSheet } from './resultsRoutes.js';
import { activitySheet, readActivity } from './activityLog.js';

export async function activityRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...activityContract.list, handler: async (request) => ({ data: await readActivity(app.db, request.staff, request.query) }) });
  app.route({ ...activityContract.sheet, handler: async (request, reply) => {
    const { format, ...filters } = request.query;
    return sendSheet(reply, await activitySheet(app.db, request.staff, filters, format));
  } });
}
