// Protected streams, the hosted player page and public images: the token checked against the video
// (still published), playlists rewritten so every part carries the token, and files sent by range.
// The use-case floor under media/routes.ts; the video comes from content's queries.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mediaSitePaths, pathTo } from '../../src/contracts/paths.js';
import { forbidden, notFound } from '../errors.js';
import { contentById, isVisible } from '../content/queries.js';
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

export function mediaStreams(app: FastifyInstance) {
  /** The video a stream request is for, when the token is genuine, current and for this video. */
  async function videoForToken(contentId: string, token: string | undefined) {
    const claims = verifyToken(app.config.signingSecret, token, { purpose: 'stream', contentId, now: app.clock.now() });
    if (!claims || !token) throw streamRefused();
    const content = await contentById(app.db, contentId);
    // Unpublishing a video closes its streams at once, whatever tokens are still out.
    if (!content || content.type !== 'video' || !isVisible(content) || !content.key) throw notFound('This video is not available.', 'notInBatch');
    return { key: content.key, token };
  }

  return {
    /** A playlist (with the token written into it) or a part of a protected stream. */
    async sendStream(request: FastifyRequest, reply: FastifyReply, contentId: string, file: string, requestToken: string | undefined) {
      const { key, token } = await videoForToken(contentId, requestToken);
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

    /** The hosted player page of a video, or a page saying the link has expired. */
    async sendEmbed(reply: FastifyReply, contentId: string, token: string | undefined) {
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

    /** A public course image. */
    async sendImage(request: FastifyRequest, reply: FastifyReply, name: string) {
      const file = findStoredFile(app.config, `images/${name}`);
      if (!file) throw notFound('This image does not exist.', 'notFound');
      return sendFile(request, reply, file, 'public, max-age=86400');
    },
  };
}
