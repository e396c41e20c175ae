// The storage directory on disk: writing an upload so that a failure leaves nothing behind, telling
// a full or read-only disk from other faults, finding partial files left by a crash, and probing
// whether the directory can be written (for /api/health).
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ApiError } from '../errors.js';

export const DISK_TITLES = {
  full: 'The server has no room for files right now. Please try again later.',
  unwritable: 'Files cannot be saved right now. Please try again later.',
} as const;

/** A partial file is named `<key>.<random>.part` until it is complete and renamed to its key. */
export const PART_SUFFIX = '.part';
/** Partial files older than this belong to no running upload (a 10 MB body arrives well within it). */
export const STALE_PART_MS = 60 * 60_000;

const FULL = new Set(['ENOSPC', 'EDQUOT', 'EFBIG']);
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM', 'ENOENT', 'ENOTDIR', 'EEXIST', 'EIO']);

/** The answer a failed write of the storage directory gets: 507 when full, 503 when unwritable. */
export function diskError(error: unknown): ApiError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? '';
  if (FULL.has(code)) return ApiError.of(507, DISK_TITLES.full, 'storageFull', `The storage directory is full (${code}).`);
  if (UNWRITABLE.has(code)) return ApiError.of(503, DISK_TITLES.unwritable, 'storageUnavailable', `The storage directory cannot be written (${code}).`);
  return null;
}

/**
 * Writes `body` beside `target` as a partial file and hands its path to `commit`, which must record
 * the file and may refuse it; then renames it into place. Whatever fails on the way (the disk, the
 * database, a refusal), the partial file is removed, and disk faults are answered clearly.
 */
export async function writeThroughPartial(target: string, body: Buffer, commit: () => Promise<void>, undo: () => Promise<void>): Promise<void> {
  const partial = `${target}.${randomBytes(6).toString('hex')}${PART_SUFFIX}`;
  let committed = false;
  try {
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.writeFile(partial, body, { flag: 'wx' });
    await commit();
    committed = true;
    await fsp.rename(partial, target);
  } catch (error) {
    await fsp.rm(partial, { force: true }).catch(() => undefined);
    if (committed) await undo();
    throw diskError(error) ?? error;
  }
}

/** Removes partial files older than STALE_PART_MS (left by a crash or a power cut); returns their names. */
export async function removeStaleParts(dir: string, now: Date): Promise<string[]> {
  const names = await fsp.readdir(dir).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names.filter((entry) => entry.endsWith(PART_SUFFIX))) {
    const file = path.join(dir, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (!stat || now.getTime() - stat.mtimeMs < STALE_PART_MS) continue;
    if (await fsp.rm(file, { force: true }).then(() => true, () => false)) removed.push(name);
  }
  return removed;
}

export type StorageProbe = { writable: true } | { writable: false; reason: 'full' | 'unwritable'; message: string };

/** Writes, reads back and removes a small file in `dir`: what an upload needs, without keeping anything. */
export async function probeWritable(dir: string): Promise<StorageProbe> {
  const probe = path.join(dir, `.probe-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    await fsp.mkdir(dir, { recursive: true });
    // Bigger than one block, so a disk with no free block fails here too.
    await fsp.writeFile(probe, randomBytes(8192), { flag: 'wx' });
    return { writable: true };
  } catch (error) {
    const failure = diskError(error);
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    return { writable: false, reason: failure?.code === 'storageFull' ? 'full' : 'unwritable', message: `${dir}: ${code}` };
  } finally {
    await fsp.rm(probe, { force: true }).catch(() => undefined);
  }
}
