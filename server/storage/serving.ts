// Serving stored files by key, whole or one byte range, under the API and at the site root.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { findStoredFile } from './queries.js';
import { ApiError, notFound } from '../errors.js';
import { FILE_EXTENSIONS, fileSafetyHeaders } from './file-headers.js';
import { isFileKey, storedFilePath } from './signing.js';
import { STORAGE_TITLES } from './uploads.js';

/** Parses "bytes=a-b" for a file of `size` bytes; null when absent or not satisfiable as one range. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end && start < size ? { start, end } : null;
}

/** Sends a stored file by key, whole or one byte range of it. */
export async function serveStoredFile(app: FastifyInstance, key: string, request: FastifyRequest, reply: FastifyReply) {
  if (!isFileKey(key)) throw notFound(STORAGE_TITLES.fileNotFound, 'fileNotFound');
  const file = await findStoredFile(app.db, key);
  const location = storedFilePath(app.config.storageDir, key);
  const stat = file ? await fsp.stat(location).catch(() => null) : null;
  if (!file || !stat) throw notFound(STORAGE_TITLES.fileNotFound, 'fileNotFound');
  reply
    .header('content-type', file.mime_type)
    .headers(fileSafetyHeaders(file.mime_type, `${key}.${FILE_EXTENSIONS[file.mime_type] ?? 'bin'}`))
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('accept-ranges', 'bytes');
  const range = request.headers.range ? byteRange(request.headers.range, stat.size) : null;
  if (request.headers.range && !range) {
    reply.header('content-range', `bytes */${stat.size}`);
    throw ApiError.of(416, 'The requested part of the file does not exist.', 'rangeNotSatisfiable');
  }
  if (range) {
    reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`).header('content-length', range.end - range.start + 1);
    return reply.send(fs.createReadStream(location, { start: range.start, end: range.end }));
  }
  reply.header('content-length', stat.size);
  return reply.send(fs.createReadStream(location));
}
