// Each product area registers its routes here, all under /api.
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/routes.js';

export async function registerAreas(app: FastifyInstance): Promise<void> {
  await app.register(accountRoutes, { prefix: '/api' });
}
