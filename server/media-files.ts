// Where media bytes live: the demo academy's media ships with the source (server/db/seed/media),
// files added later live in the configured storage directory. Keys never escape their root. Below the
// areas: content serves notes from here, media its files and streams.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Config } from './config.js';

/** Resolved from this file, not the working directory, so the server finds it from anywhere. */
export const seedMediaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'db/seed/media');

/** A key is a relative path of plain name segments: no '..', no absolute paths, no hidden names. */
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)*(?:\/[A-Za-z0-9][A-Za-z0-9_-]*(?:\.[A-Za-z0-9]+)*)*$/;

export const isSafeKey = (key: string) => key.length <= 300 && SAFE_KEY.test(key);

function inside(root: string, key: string): string | null {
  const full = path.resolve(root, key);
  return full.startsWith(root + path.sep) ? full : null;
}

/** The file holding a stored key (a note, an image), looked up in the seed media, then in storage. */
export function findStoredFile(config: Config, key: string): string | null {
  if (!isSafeKey(key)) return null;
  for (const root of [seedMediaDir, path.resolve(config.storageDir)]) {
    const full = inside(root, key);
    if (full && fs.statSync(full, { throwIfNoEntry: false })?.isFile()) return full;
  }
  return null;
}

/**
 * The file of a stream. A video's key is "<stream folder>/<video name>": videos cut from the same
 * packaged stream share its folder, so the folder is the key's first segment.
 */
export function findStreamFile(config: Config, videoKey: string, file: string): string | null {
  const folder = videoKey.split('/')[0] ?? '';
  if (!isSafeKey(folder) || !/^[A-Za-z0-9][A-Za-z0-9_-]*\.[a-z0-9]+$/.test(file)) return null;
  for (const root of [seedMediaDir, path.resolve(config.storageDir, 'streams')]) {
    const full = inside(root, `${folder}/${file}`);
    if (full && fs.statSync(full, { throwIfNoEntry: false })?.isFile()) return full;
  }
  return null;
}

export const mimeTypes: Record<string, string> = {
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.mpd': 'application/dash+xml',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
};

export const mimeTypeOf = (file: string) => mimeTypes[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
