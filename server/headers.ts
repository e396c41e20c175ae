// Security headers on every answer (helmet), and the caching rules of the API and the app.
//
// The Content Security Policy lets scripts come from this server only, so an injected handler or
// <script> in stored HTML cannot run even if it slipped past the rich-text rule. Video, audio and
// images may also come from the configured media hosts, licences from the configured DRM servers.
import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Config } from './config.js';

/** The video-sharing site whose embed the player frames (VideoPlayerModal builds its address). */
export const VIDEO_SHARING_FRAMES = ['https://www.youtube.com', 'https://www.youtube-nocookie.com'];

/** HSTS on TLS answers: a year, subdomains included (browsers then refuse plain HTTP to this host). */
export const HSTS = 'max-age=31536000; includeSubDomains';

const originOf = (url: string | null): string[] => {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
};

/** The directives of the app's policy, from the configuration's media and licence hosts. */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const { widevineUrl, playReadyUrl, fairPlayUrl, fairPlayCertificateUrl } = config.drm;
  const licenceHosts = [widevineUrl, playReadyUrl, fairPlayUrl, fairPlayCertificateUrl].flatMap(originOf);
  const unique = (values: string[]) => [...new Set(values)];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // The toast library (sonner) adds its stylesheet as a <style> element at run time. Styles cannot
    // run code; scripts stay strict.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': unique(["'self'", 'data:', 'blob:', ...config.mediaHosts]),
    // The player feeds Media Source buffers through blob: addresses.
    'media-src': unique(["'self'", 'blob:', 'data:', ...config.mediaHosts]),
    // 'self' covers the socket.io WebSocket on the same host; the player fetches segments and licences.
    'connect-src': unique(["'self'", ...config.mediaHosts, ...licenceHosts]),
    'font-src': ["'self'", 'data:'],
    'frame-src': ["'self'", ...VIDEO_SHARING_FRAMES],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * The headers helmet sets, read once from its middleware: with no nonces and no per-request directives
 * they are the same on every answer, so a request copies them instead of running the middleware (which
 * cost about 0.1 ms of the server's thread per request in the exam-opening profile).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** The helmet options of every answer; `scriptHashes` adds inline scripts a page may run, by their SHA-256. */
function helmetOptions(config: Config, scriptHashes: string[] = []): HelmetOptions {
  const directives = contentSecurityPolicy(config);
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...directives, 'script-src': [...directives['script-src']!, ...scriptHashes.map((hash) => `'sha256-${hash}'`)] },
    },
    // The video-sharing embed refuses to play without knowing the embedding site; only the origin
    // leaves, never a path (exam and video addresses stay here).
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    // HSTS is sent only on TLS answers (below): on plain HTTP it would mean nothing to the browser.
    strictTransportSecurity: false,
    // The app embeds the video-sharing site's player, which is not cross-origin isolated.
    crossOriginEmbedderPolicy: false,
  };
}

/** The text of each inline script (one without src) of a page the build wrote. */
function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!).filter((text) => text.trim() !== '');
}

/**
 * The policy of a page that carries inline scripts of its own (the page for /login, written at build
 * with its early-press script): the app's policy, plus those scripts and no other, by their hashes.
 */
export function pagePolicy(config: Config, html: string): string {
  const hashes = inlineScripts(html).map((text) => createHash('sha256').update(text).digest('base64'));
  return securityHeaders(helmetOptions(config, hashes))['content-security-policy']!;
}

const apiHeaders = new WeakMap<Config, Record<string, string>>();

/** The headers helmet gives every answer of the API, read once per configuration. */
export function apiSecurityHeaders(config: Config): Record<string, string> {
  let headers = apiHeaders.get(config);
  if (!headers) apiHeaders.set(config, (headers = securityHeaders(helmetOptions(config))));
  return headers;
}

/** A raw HTTP answer (`HTTP/1.1 <status> ...\r\n<headers>`) with the given headers added after its status line. */
export function withRawHeaders(answer: string, headers: Record<string, string>): string {
  const end = answer.indexOf('\r\n');
  if (end < 0) return answer;
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return `${answer.slice(0, end + 2)}${lines}${answer.slice(end + 2)}`;
}

/**
 * socket.io answers the requests under its path itself, outside Fastify and its hooks: the polling
 * handshake and polls, its refusals (an unknown session id, a bad transport) and the WebSocket
 * upgrade, whose refusal it writes straight onto the connection as text/html. The API's headers are
 * set on each of those answers before socket.io handles the request.
 */
export function secureEngineAnswers(server: Server, path: string, headers: Record<string, string>): void {
  const ours = (request: IncomingMessage) => (request.url ?? '').startsWith(path);
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    if (!ours(request)) return;
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
  });
  server.prependListener('upgrade', (request: IncomingMessage, socket: Duplex) => {
    if (!ours(request)) return;
    const write = socket.write;
    // The first write on an upgrade is the answer's head (101, or socket.io's 400), written as text.
    socket.write = function (this: Duplex, chunk: unknown, ...rest: unknown[]) {
      socket.write = write;
      const head = typeof chunk === 'string' && chunk.startsWith('HTTP/1.1 ') ? withRawHeaders(chunk, headers) : chunk;
      return (write as (...args: unknown[]) => boolean).call(this, head, ...rest);
    } as Duplex['write'];
  });
}

export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const headers = apiSecurityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    // request.protocol reads X-Forwarded-Proto only when TRUST_PROXY says the proxy is ours.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (request.url.startsWith('/api/')) {
      // Answers of the API are about one student: no shared or browser cache keeps them, unless the
      // route chose its own rule (stored files by unguessable key may be cached privately).
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    } else if (!request.url.startsWith('/media/')) {
      // The app's files (and the page every app address answers with) exist pre-compressed (.br,
      // .gz) and are chosen by Accept-Encoding: a cache must keep one copy per encoding.
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    done(null, payload);
  });
}

/** The one inline handler of the hosted player page: no context menu (no "save video as"). */
export const NO_CONTEXT_MENU = 'return false';

/**
 * The hosted player page (/media/embed/{id}) is framed by the app itself: its own policy allows the
 * app's origin as its only ancestor, its video from here (or the media hosts), and nothing else.
 */
export function embedPageHeaders(config: Config): Record<string, string> {
  const handlerHash = createHash('sha256').update(NO_CONTEXT_MENU).digest('base64');
  const policy = [
    "default-src 'none'",
    `media-src ${["'self'", 'blob:', ...config.mediaHosts].join(' ')}`,
    "style-src 'unsafe-inline'",
    `script-src 'unsafe-hashes' 'sha256-${handlerHash}'`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
  return { 'content-security-policy': policy, 'x-frame-options': 'SAMEORIGIN' };
}
