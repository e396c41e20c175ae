// Each product area registers its routes here, all under /api.
import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/routes.js';
import { contentRoutes } from './content/routes.js';
import { examRoutes } from './exams/routes.js';
import { mediaRoutes } from './media/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { storageRoutes } from './storage/routes.js';

export async function registerAreas(app: FastifyInstance): Promise<void> {
  await app.register(accountRoutes, { prefix: '/api' });
  await app.register(contentRoutes, { prefix: '/api' });
  await app.register(examRoutes, { prefix: '/api' });
  await app.register(notificationRoutes, { prefix: '/api' });
  // Streams, the hosted player page and images live under /media; the ClearKey licence under /api/media.
  await app.register(mediaRoutes);
  await app.register(storageRoutes);
}
