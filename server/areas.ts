// Each product area registers its routes here: the API under /api (each route from its contract in
// src/contracts), and the media the browser loads by address at the site root.
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../src/contracts/paths.js';
import { accountRoutes } from './account/routes.js';
import { challengeRoutes } from './challenges/routes.js';
import { contentRoutes } from './content/routes.js';
import { examRoutes } from './exams/routes.js';
import { forumRoutes } from './forum/routes.js';
import { lectureRoutes } from './lectures/routes.js';
import { mediaRoutes, mediaSiteRoutes } from './media/routes.js';
import { mistakesRoutes } from './mistakes/routes.js';
import { notificationRoutes } from './notifications/routes.js';
import { reminderRoutes } from './reminders/routes.js';
import { resultRoutes } from './results/routes.js';
import { staffRoutes } from './staff/routes.js';
import { storageRoutes, storageSiteRoutes } from './storage/routes.js';

export async function registerAreas(app: FastifyInstance): Promise<void> {
  for (const area of [accountRoutes, contentRoutes, examRoutes, resultRoutes, staffRoutes, notificationRoutes, forumRoutes, storageRoutes, mediaRoutes, challengeRoutes, mistakesRoutes, reminderRoutes, lectureRoutes]) {
    await app.register(area, { prefix: API_PREFIX });
  }
  // Streams, the hosted player page, images and stored files for <video>, <img> and links.
  await app.register(mediaSiteRoutes);
  await app.register(storageSiteRoutes);
}
