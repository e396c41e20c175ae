// Media serving: protected streams (playlists and segments need a stream token for that video),
// the ClearKey licence server (needs a DRM token), the hosted player page, and public images.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Value } from '@sinclair/typebox/value';
import { ClearKeyRequest, mediaContract, mediaSiteContract } from '../../src/contracts/media.js';
import { mediaSitePaths, pathTo } from '../../src/contracts/paths.js';
import { readJson } from '../db/json.js';
import { badRequest, forbidden, notFound } from '../errors.js';
import { contentById, isVisible, reachableContent } from '../content/queries.js';
import { verifyToken } from '../media-tokens.js';
import { embedPageHeaders, NO_CONTEXT_MENU } from '../headers.js';
import { findStoredFile, findStreamFile, mimeTypeOf } from '../media-files.js';

const streamRefused = () => forbidden('This video link has expired or is not yours. Please reopen the video.', 'streamTokenInvalid');

/** HLS: every URI line and URI="..." attribute gets the token, so segments and renditions stay openable. */
function tokeniseHls(text: string, token: string): string {
  const withToken = (uri: string) => (/^[a-z]+:/i.test(uri) || uri.startsWith('/') ? uri : `${uri}${uri.includes('?') ? '&' : '?'}token=${token}`);
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (!trimmed) return line;
      if (!trimmed.startsWith('#')) return withToken(trimmed);
      return line.replace(/URI="([^"]+)"/g, (_, uri: string) => `URI="${withToken(uri)}"`);
    })
    .join('\n');
}

/** DASH: segment templates and base URLs carry the token as a query (already XML-safe characters). */
function tokeniseDash(text: string, token: string): string {
  return text
    .replace(/\b(media|initialization)="([^"?]+)"/g, (_, attribute: string, uri: string) => `${attribute}="${uri}?token=${token}"`)
    .replace(/<BaseURL>([^<?]+)<\/BaseURL>/g, (_, uri: string) => `<BaseURL>${uri}?token=${token}</BaseURL>`);
}

/** Sends a file with byte-range support (the browser's <video> asks for ranges of MP4 files). */
async function sendFile(request: FastifyRequest, reply: FastifyReply, file: string, cacheControl: string) {
  const { size } = await fs.promises.stat(file);
  reply.type(mimeTypeOf(file)).header('accept-ranges', 'bytes').header('cache-control', cacheControl);
  const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start >= size || start > end) {
      return reply.status(416).header('content-range', `bytes */${size}`).send();
    }
    return reply
      .status(206)
      .header('content-range', `bytes ${start}-${end}/${size}`)
      .header('content-length', end - start + 1)
      .send(fs.createReadStream(file, { start, end }));
  }
  return reply.header('content-length', size).send(fs.createReadStream(file));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Protected streams, the hosted player page and course images, at the site root for <video>, <iframe> and <img>. */
export async function mediaSiteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  /** The video a stream request is for, when the token is genuine, current and for this video. */
  async function videoForToken(contentId: string, token: string | undefined) {
    const claims = verifyToken(app.config.signingSecret, token, { purpose: 'stream', contentId, now: app.clock.now() });
    if (!claims || !token) throw streamRefused();
    const content = await contentById(app.db, contentId);
    // Unpublishing a video closes its streams at once, whatever tokens are still out.
    if (!content || content.type !== 'video' || !isVisible(content) || !content.key) throw notFound('This video is not available.', 'notInBatch');
    return { key: content.key, token };
  }

  app.route({
    ...mediaSiteContract.stream,
    handler: async (request, reply) => {
      const { contentId, file } = request.params;
      const { key, token } = await videoForToken(contentId, request.query.token);
      const found = findStreamFile(app.config, key, file);
      if (!found) throw notFound('This part of the video does not exist.', 'notFound');
      const extension = path.extname(file);
      if (extension === '.m3u8' || extension === '.mpd') {
        const text = await fs.promises.readFile(found, 'utf8');
        return reply
          .type(mimeTypeOf(file))
          .header('cache-control', 'private, no-store')
          .send(extension === '.m3u8' ? tokeniseHls(text, token) : tokeniseDash(text, token));
      }
      return sendFile(request, reply, found, 'private, max-age=30');
    },
  });

  app.route({
    ...mediaSiteContract.embed,
    handler: async (request, reply) => {
      const { contentId } = request.params;
      const { token } = request.query;
      const claims = verifyToken(app.config.signingSecret, token, { purpose: 'stream', contentId, now: app.clock.now() });
      const content = claims ? await contentById(app.db, contentId) : undefined;
      reply.type('text/html; charset=utf-8').header('cache-control', 'private, no-store').headers(embedPageHeaders(app.config));
      if (!claims || !token || !content || content.type !== 'video' || !isVisible(content)) {
        return reply
          .status(403)
          .send('<!doctype html><meta charset="utf-8"><body style="margin:0;background:#000;color:#fff;font:16px sans-serif;display:grid;place-items:center;height:100vh">This video link has expired. Please reopen the video.</body>');
      }
      const source = `${pathTo(mediaSitePaths.stream, { contentId, file: 'clip.mp4' })}?token=${encodeURIComponent(token)}`;
      return reply.send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
          `<title>${escapeHtml(content.title)}</title><style>html,body{margin:0;height:100%;background:#000}video{width:100%;height:100%;display:block}</style></head>` +
          `<body><video src="${escapeHtml(source)}" controls playsinline preload="auto" controlslist="nodownload" oncontextmenu="${NO_CONTEXT_MENU}"></video></body></html>`,
      );
    },
  });

  app.route({
    ...mediaSiteContract.image,
    handler: async (request, reply) => {
      const file = findStoredFile(app.config, `images/${request.params.name}`);
      if (!file) throw notFound('This image does not exist.', 'notFound');
      return sendFile(request, reply, file, 'public, max-age=86400');
    },
  });
}

/** The ClearKey licence server, under the API. */
export async function mediaRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // A licence request from the player's EME layer may come as raw bytes without a JSON content type.
  // Scoped to this plugin, so JSON bodies elsewhere keep the default parser.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));

  app.route({
    ...mediaContract.clearKey,
    handler: async (request) => {
      const { contentId } = request.params;
      const claims = verifyToken(app.config.signingSecret, request.headers['x-drm-token'], { purpose: 'drm', contentId, now: app.clock.now() });
      if (!claims) throw forbidden('This licence token has expired or is not yours. Please reopen the video.', 'drmTokenInvalid');
      // The token proves who asked; the batch check is repeated so a student removed from a batch is refused at once.
      const found = await reachableContent(app.db, claims.studentId, contentId);
      if (!found || found.content.type !== 'video') throw notFound('This video is not available to your batch.', 'notInBatch');
      let body: unknown = request.body;
      if (Buffer.isBuffer(body)) {
        try {
          body = JSON.parse(body.toString('utf8'));
        } catch {
          throw badRequest('The licence request is not valid.', 'invalidLicenceRequest');
        }
      }
      if (!Value.Check(ClearKeyRequest, body)) throw badRequest('The licence request is not valid.', 'invalidLicenceRequest');
      const pairs = readJson<{ keyId: string; key: string }[]>(found.content.drm_keys, []);
      const wanted = new Set(body.kids);
      const keys = pairs
        .map((pair) => ({ kty: 'oct' as const, kid: Buffer.from(pair.keyId, 'hex').toString('base64url'), k: Buffer.from(pair.key, 'hex').toString('base64url') }))
        .filter((key) => wanted.has(key.kid));
      if (!keys.length) throw notFound('No licence key matches this video.', 'unknownKey');
      return { keys, type: 'temporary' };
    },
  });
}
