// Restores a backup (server/backup/backup.ts) into an empty database, refusing one that holds an
// academy unless forced (SQLite; PostgreSQL restores only into an empty database), then checks what it restored: SQLite's integrity check, the migrations
// brought current, and the counts of the academy's main records. A restore killed at any moment leaves
// the database as it was or as the backup, never between: SQLite gets the whole restored file by one
// rename, PostgreSQL restores in one transaction (pg_restore --single-transaction).
import fs from 'node:fs';
import path from 'node:path';
import { connect } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { BackupError, diskReason, runPostgresTool, sqliteFileOf } from './backup.js';
import { academyCounts, appliedMigrations, holdsAcademy, type AcademyCounts } from './queries.js';

export interface RestoreReport {
  integrity: string;
  migrationsApplied: number;
  counts: AcademyCounts;
  storageFiles: number | null;
}

/** Whether the database at the URL already holds an academy (a missing SQLite file holds none). */
async function targetHoldsAcademy(databaseUrl: string): Promise<boolean> {
  if (databaseUrl.startsWith('sqlite:') && !fs.existsSync(sqliteFileOf(databaseUrl))) return false;
  const { db } = await connect(databaseUrl);
  try {
    return await holdsAcademy(db);
  } finally {
    await db.destroy();
  }
}

async function sqliteIntegrity(file: string): Promise<string> {
  const { default: SQLite } = await import('better-sqlite3');
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    return rows.map((r) => r.integrity_check).join('; ');
  } catch (error) {
    return (error as Error).message;
  } finally {
    db.close();
  }
}

async function restoreSqlite(databaseUrl: string, file: string): Promise<void> {
  const target = sqliteFileOf(databaseUrl);
  const dir = path.dirname(target);
  fs.mkdirSync(dir, { recursive: true });
  const temporary = path.join(dir, `.${path.basename(target)}.restoring`);
  try {
    fs.copyFileSync(file, temporary);
    const integrity = await sqliteIntegrity(temporary);
    if (integrity !== 'ok') throw new BackupError(`The backup ${file} is damaged (SQLite integrity check: ${integrity}); nothing was restored.`);
    if (fs.existsSync(target)) {
      // The old file's write-ahead log is folded in and emptied first, so no log of the old database
      // is left beside the new one.
      const { default: SQLite } = await import('better-sqlite3');
      const old = new SQLite(target);
      old.pragma('wal_checkpoint(TRUNCATE)');
      old.pragma('journal_mode = DELETE');
      old.close();
    }
    fs.renameSync(temporary, target);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The restore failed, the database is as it was: ${diskReason(error, dir)}.`);
  }
}

async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  // The dump holds its schema (`public`, or a test's own) with the schema's name: restored as it is.
  const url = new URL(databaseUrl);
  url.searchParams.delete('options');
  await runPostgresTool('pg_restore', [
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    `--dbname=${url.toString()}`,
    file,
  ]);
}

function restoreStorage(from: string, storageDir: string): number {
  const parent = path.dirname(storageDir);
  fs.mkdirSync(parent, { recursive: true });
  const incoming = path.join(parent, `.${path.basename(storageDir)}.restoring`);
  const outgoing = path.join(parent, `.${path.basename(storageDir)}.replaced`);
  fs.rmSync(incoming, { recursive: true, force: true });
  fs.cpSync(from, incoming, { recursive: true });
  fs.rmSync(outgoing, { recursive: true, force: true });
  if (fs.existsSync(storageDir)) fs.renameSync(storageDir, outgoing);
  fs.renameSync(incoming, storageDir);
  fs.rmSync(outgoing, { recursive: true, force: true });
  let files = 0;
  const count = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) count(path.join(dir, entry.name));
      else files += 1;
    }
  };
  count(storageDir);
  return files;
}

/** The checks after a restore: integrity (SQLite), migrations brought current, counts. */
export async function checkRestored(databaseUrl: string): Promise<Omit<RestoreReport, 'storageFiles'>> {
  const integrity = databaseUrl.startsWith('sqlite:') ? await sqliteIntegrity(sqliteFileOf(databaseUrl)) : 'ok';
  const { db, dialect } = await connect(databaseUrl);
  try {
    const before = await appliedMigrations(db);
    await migrate(db, dialect);
    const after = await appliedMigrations(db);
    return { integrity, migrationsApplied: after - before, counts: await academyCounts(db) };
  } finally {
    await db.destroy();
  }
}


export async function restoreBackup(options: { databaseUrl: string; storageDir: string | null; file: string; force: boolean }): Promise<RestoreReport> {
  const file = path.resolve(options.file);
  if (!fs.existsSync(file)) throw new BackupError(`There is no backup at ${file}.`);
  const postgres = !options.databaseUrl.startsWith('sqlite:');
  // pg_restore's own --clean cannot drop and make again the activity log's guard in one transaction, and
  // dropping the academy outside the restore's transaction would leave nothing if it were killed.
  if (postgres && options.force && (await targetHoldsAcademy(options.databaseUrl))) {
    throw new BackupError('PostgreSQL restores only into an empty database: nothing was restored. Make an empty database (createdb), point DATABASE_URL at it and restore there.');
  }
  if (!options.force && (await targetHoldsAcademy(options.databaseUrl))) {
    throw new BackupError('The database already holds an academy: nothing was restored. Restore into an empty database, or add --force to replace this one.');
  }
  const storageBackup = `${file}.storage`;
  const storageDir = options.storageDir;
  if (!options.force && storageDir && fs.existsSync(storageBackup) && fs.existsSync(storageDir) && fs.readdirSync(storageDir).length > 0) {
    throw new BackupError(`The storage directory ${storageDir} is not empty: nothing was restored. Empty it, or add --force to replace it.`);
  }
  if (postgres) await restorePostgres(options.databaseUrl, file);
  else await restoreSqlite(options.databaseUrl, file);
  const storageFiles = storageDir && fs.existsSync(storageBackup) ? restoreStorage(storageBackup, storageDir) : null;
  return { ...(await checkRestored(options.databaseUrl)), storageFiles };
}
