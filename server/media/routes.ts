// Media serving: protected streams (playlists and segments need a stream token for that video),
// the ClearKey licence server (needs a DRM token), the hosted player page, and public images. Thin:
// streams.ts and licence.ts do the work.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { mediaContract, mediaSiteContract } from '../../src/contracts/media.js';
import { mediaStreams } from './streams.js';
import { clearKeyLicence } from './licence.js';

/** Protected streams, the hosted player page and course images, at the site root for <video>, <iframe> and <img>. */
export async function mediaSiteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const streams = mediaStreams(app);

  app.route({ ...mediaSiteContract.stream, handler: async (request, reply) => {
    return streams.sendStream(request, reply, request.params.contentId, request.params.file, request.query.token);
  } });

  app.route({ ...mediaSiteContract.embed, handler: async (request, reply) => {
    return streams.sendEmbed(reply, request.params.contentId, request.query.token);
  } });

  app.route({ ...mediaSiteContract.image, handler: async (request, reply) => {
    return streams.sendImage(request, reply, request.params.name);
  } });
}

/** The ClearKey licence server, under the API. */
export async function mediaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // A licence request from the player's EME layer may come as raw bytes without a JSON content type.
  // Scoped to this plugin, so JSON bodies elsewhere keep the default parser.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));

  app.route({ ...mediaContract.clearKey, handler: async (request) => {
    return clearKeyLicence(app, request.params.contentId, request.headers['x-drm-token'], request.body);
  } });
}
