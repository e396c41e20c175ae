// Scheduled backups in the server (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP): every process looks once a
// minute whether the current slot of BACKUP_EVERY has its backup; the first to insert the slot's row
// takes it (the row's key is the slot), so several processes back up once. The newest BACKUP_KEEP
// good backups are kept, older files removed. The state (the last good backup, its age, the last
// failure) is read from the table, so every process reports the same in /api/health and on the desk.
import fs from 'node:fs';
import path from 'node:path';
import type { HealthPart } from '../../src/contracts/common.js';
import type { AreaDeps } from '../deps.js';
import { BackupError, writeBackup } from './backup.js';
import { claimBackupSlot, finishBackup, forgetBackups, lastBackups, lastGoodBackup } from './queries.js';

export interface BackupSchedule {
  dir: string;
  everyMs: number;
  keep: number;
}

const LOOK_EVERY_MS = 60_000;

/** `6h`, `30m`, `1d` in milliseconds; null for anything else. */
export function parseEvery(text: string): number | null {
  const match = /^(\d+)([mhd])$/.exec(text.trim());
  if (!match || Number(match[1]) === 0) return null;
  return Number(match[1]) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[match[2] as 'm' | 'h' | 'd'];
}

const slotOf = (now: Date, everyMs: number) => new Date(Math.floor(now.getTime() / everyMs) * everyMs).toISOString();
const fileOf = (dir: string, slot: string) => path.join(dir, `academy-${slot.replace(/[:.]/g, '-')}.backup`);

type ScheduleDeps = Pick<AreaDeps, 'db' | 'clock' | 'config' | 'log'>;

/** Takes the current slot's backup when no process has: true when this process took one. */
export async function backUpIfDue(app: ScheduleDeps, schedule: BackupSchedule, afterBackup?: (at: Date) => void): Promise<boolean> {
  const now = app.clock.now();
  const slot = slotOf(now, schedule.everyMs);
  const file = fileOf(schedule.dir, slot);
  if (!(await claimBackupSlot(app.db, { slot, started_at: now.toISOString(), file }))) return false;
  try {
    const done = await writeBackup({ databaseUrl: app.config.databaseUrl, storageDir: app.config.storageDir, file });
    await finishBackup(app.db, slot, { finished_at: app.clock.now().toISOString(), bytes: done.bytes, failure: null });
    app.log.info(`backup: wrote ${done.file} (${done.bytes} bytes) in ${done.ms} ms`);
    afterBackup?.(app.clock.now());
    await pruneBackups(app, schedule);
  } catch (error) {
    const reason = error instanceof BackupError ? error.message : `The backup failed: ${(error as Error).message}`;
    await finishBackup(app.db, slot, { finished_at: app.clock.now().toISOString(), bytes: null, failure: reason });
    app.log.error(`backup: ${reason}`);
  }
  return true;
}

async function pruneBackups(app: Pick<AreaDeps, 'db'>, schedule: BackupSchedule): Promise<void> {
  const rows = await lastBackups(app.db, 10_000);
  const good = rows.filter((r) => r.finished_at && !r.failure);
  const old = [...good.slice(schedule.keep), ...rows.filter((r) => r.failure).slice(schedule.keep)];
  for (const row of old) {
    fs.rmSync(row.file, { force: true });
    fs.rmSync(`${row.file}.storage`, { recursive: true, force: true });
  }
  await forgetBackups(app.db, old.map((r) => r.slot));
}

/**
 * Looks at once and then once a minute until stopped (the server starts it when ready and stops it on
 * close); `stop` waits for a backup under way.
 */
export function startBackupSchedule(deps: ScheduleDeps, schedule: BackupSchedule, afterBackup?: (at: Date) => void): { stop: () => Promise<void> } {
  let running: Promise<unknown> = Promise.resolve();
  const look = () => {
    running = backUpIfDue(deps, schedule, afterBackup).catch((error: unknown) => deps.log.error({ err: error }, 'backup schedule'));
  };
  look();
  const timer = setInterval(look, LOOK_EVERY_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

const hoursAgo = (ms: number) => (ms < 3_600_000 ? `${Math.max(1, Math.round(ms / 60_000))} min ago` : `${(ms / 3_600_000).toFixed(1)} h ago`);

/** The backups' part of /api/health: the last good backup and its age, or why the last one failed. */
export async function backupPart(app: Pick<AreaDeps, 'db' | 'clock' | 'config'>): Promise<HealthPart> {
  const schedule = app.config.backup;
  if (!schedule) return { status: 'ok', message: 'not scheduled (BACKUP_DIR is not set): back up with `npm run academy -- backup <file>`' };
  const [latest] = await lastBackups(app.db, 1);
  const good = await lastGoodBackup(app.db);
  const now = app.clock.now().getTime();
  if (latest?.failure) return { status: 'failing', message: `the last backup failed: ${latest.failure}${good ? ` The last good one is ${hoursAgo(now - Date.parse(good.started_at))}: ${good.file}.` : ''}` };
  if (!good) return { status: 'ok', message: 'scheduled; none taken yet' };
  const age = now - Date.parse(good.started_at);
  const message = `last backup ${good.started_at} (${hoursAgo(age)}): ${good.file}`;
  // Two periods without a good backup: the schedule is not keeping up.
  return age > 2 * schedule.everyMs ? { status: 'failing', message: `${message}; overdue` } : { status: 'ok', message };
}
