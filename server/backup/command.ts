// `npm run academy -- backup <file>` and `npm run academy -- restore <file> [--force]`: the operator's
// backup of the database (and the storage directory beside it) while the academy serves, and its
// restore into an empty database with the checks after it.
import type { Config } from '../config.js';
import { BackupError, writeBackup } from './backup.js';
import { restoreBackup } from './restore.js';

export const BACKUP_USAGE = ['  npm run academy -- backup <file>', '  npm run academy -- restore <file> [--force]'];

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export async function backupCommand(config: Config, args: string[]): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error(`Usage:\n${BACKUP_USAGE.join('\n')}`);
    return 2;
  }
  try {
    const done = await writeBackup({ databaseUrl: config.databaseUrl, storageDir: config.storageDir, file });
    console.log(`Backed up the database to ${done.file} (${megabytes(done.bytes)}) in ${(done.ms / 1000).toFixed(1)} s.`);
    if (done.storage) console.log(`Copied the storage directory to ${done.storage.dir} (${done.storage.files} files, ${megabytes(done.storage.bytes)}).`);
    return 0;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  }
}

export async function restoreCommand(config: Config, args: string[]): Promise<number> {
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) {
    console.error(`Usage:\n${BACKUP_USAGE.join('\n')}`);
    return 2;
  }
  try {
    console.log(`Restoring ${file}…`);
    const report = await restoreBackup({ databaseUrl: config.databaseUrl, storageDir: config.storageDir, file, force: args.includes('--force') });
    console.log(`Restored. Integrity check: ${report.integrity}.`);
    console.log(report.migrationsApplied ? `Migrations: ${report.migrationsApplied} applied now, the database is current.` : 'Migrations: current.');
    console.log(`Counts: ${Object.entries(report.counts).map(([table, n]) => `${table} ${n}`).join(', ')}.`);
    if (report.storageFiles !== null) console.log(`Storage: ${report.storageFiles} files restored to ${config.storageDir}.`);
    return report.integrity === 'ok' ? 0 : 1;
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    return 1;
  }
}
