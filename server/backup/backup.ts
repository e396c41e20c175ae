// Backups and restores of the academy's database and storage directory, taken while the academy serves.
// SQLite: the online backup API of SQLite (through better-sqlite3) copies a consistent snapshot page by
// page while writers go on. PostgreSQL: `pg_dump` in its custom format, one consistent snapshot too.
// A backup is written under a temporary name and renamed only once whole and synced, so a full or
// read-only disk, or a process killed halfway, never leaves a half file named as a backup. The storage
// directory (uploads, media) is copied beside it as `<file>.storage/`.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export interface BackupOutcome {
  file: string;
  bytes: number;
  storage: { dir: string; files: number; bytes: number } | null;
  ms: number;
}

/** A failure in words for the operator: the command prints it, the server's state names it. */
export class BackupError extends Error {}

const temporaryBeside = (file: string) => path.join(path.dirname(file), `.${path.basename(file)}.partial-${randomBytes(4).toString('hex')}`);

/** Why a file-system call failed, in words: a full disk and a read-only one are the usual ones. */
export function diskReason(error: unknown, where: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'SQLITE_FULL' || code === 'EDQUOT') return `the disk holding ${where} is full`;
  if (code === 'EROFS') return `${where} is on a read-only disk`;
  if (code === 'EACCES' || code === 'EPERM') return `this process may not write to ${where}`;
  if (code === 'ENOENT') return `${where} does not exist`;
  return `${(error as Error).message}`;
}

function syncFile(file: string): void {
  const fd = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

function syncDir(dir: string): void {
  try {
    const fd = fs.openSync(dir, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    // Some file systems refuse to sync a directory; the rename is then as durable as they make it.
  }
}

/** The SQLite file a DATABASE_URL names. */
export const sqliteFileOf = (databaseUrl: string) => path.resolve(databaseUrl.slice('sqlite:'.length));

/** The schema a test's PostgreSQL URL selects through `options=-c search_path=…`, or null for the default. */
export function postgresSchemaOf(databaseUrl: string): string | null {
  const options = new URL(databaseUrl).searchParams.get('options') ?? '';
  return /search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options)?.[1] ?? null;
}

/** A PostgreSQL URL without the options libpq's tools would pass on (they take the schema as a flag). */
function toolUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.delete('options');
  return url.toString();
}

/** Runs one of PostgreSQL's command-line tools; its absence is named with the package that brings it. */
export function runPostgresTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 10_000) stderr += chunk.toString();
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        new BackupError(
          error.code === 'ENOENT'
            ? `${tool} is not installed on this machine: install the PostgreSQL client tools of your server's version (Debian: apt-get install postgresql-client).`
            : `${tool} could not run: ${error.message}`,
        ),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed: ${stderr.trim().split('\n').slice(-3).join(' ') || `exit code ${code}`}`));
    });
  });
}

async function copyDatabase(databaseUrl: string, target: string): Promise<void> {
  if (databaseUrl.startsWith('sqlite:')) {
    const source = sqliteFileOf(databaseUrl);
    if (!fs.existsSync(source)) throw new BackupError(`There is no database at ${source}.`);
    const { default: SQLite } = await import('better-sqlite3');
    // A connection of its own: the online backup reads a consistent snapshot while the server writes.
    const db = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      // Every page in one step, within one read of the file: copied in steps, the backup would start
      // over each time another connection writes between two of them, and under a storm of answer
      // saves it would never end. In WAL mode this read holds up no writer.
      await db.backup(target, { progress: ({ totalPages }) => Math.max(totalPages, 1) });
    } finally {
      db.close();
    }
    return;
  }
  const schema = postgresSchemaOf(databaseUrl);
  await runPostgresTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', ...(schema ? [`--schema=${schema}`] : []), `--file=${target}`, `--dbname=${toolUrl(databaseUrl)}`]);
}

/** Copies a directory tree file by file (the storage directory: uploads and media). */
function copyTree(from: string, to: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      const inner = copyTree(source, target);
      files += inner.files;
      bytes += inner.bytes;
    } else if (entry.isFile()) {
      fs.copyFileSync(source, target);
      files += 1;
      bytes += fs.statSync(target).size;
    }
  }
  return { files, bytes };
}

/**
 * Writes a backup of the database to `file` (and the storage directory to `<file>.storage/`). The copy
 * goes to a temporary name beside the file and is renamed once whole and synced; on any failure the
 * temporary copy is removed and the reason is thrown in words.
 */
export async function writeBackup(options: { databaseUrl: string; storageDir: string | null; file: string }): Promise<BackupOutcome> {
  const started = performance.now();
  const file = path.resolve(options.file);
  const dir = path.dirname(file);
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new BackupError(`The backup could not be written: ${diskReason(error, dir)}.`);
  }
  const temporary = temporaryBeside(file);
  try {
    // Made first, empty, so a read-only or forbidden place is named before any copying.
    fs.closeSync(fs.openSync(temporary, 'wx'));
    await copyDatabase(options.databaseUrl, temporary);
    syncFile(temporary);
    fs.renameSync(temporary, file);
    syncDir(dir);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The backup could not be written: ${diskReason(error, dir)}.`);
  }
  let storage: BackupOutcome['storage'] = null;
  if (options.storageDir && fs.existsSync(options.storageDir)) {
    const storageTarget = `${file}.storage`;
    const storageTemporary = temporaryBeside(storageTarget);
    try {
      const copied = copyTree(options.storageDir, storageTemporary);
      fs.rmSync(storageTarget, { recursive: true, force: true });
      fs.renameSync(storageTemporary, storageTarget);
      syncDir(dir);
      storage = { dir: storageTarget, ...copied };
    } catch (error) {
      fs.rmSync(storageTemporary, { recursive: true, force: true });
      throw new BackupError(`The database is backed up in ${file}, but the storage directory could not be copied: ${diskReason(error, dir)}.`);
    }
  }
  return { file, bytes: fs.statSync(file).size, storage, ms: Math.round(performance.now() - started) };
}
