// The desk's imports as jobs (server/jobs): an upload is queued with its file and answered at once;
// the runner checks (and writes) it on the import worker, one import at a time, and the desk follows
// the job by its events and GET until its outcome. The job's outcome is the one truth the desk reads:
// an import that started writing is marked so in the transaction of its first write, can no longer be
// cancelled, and is finished whole (again by the next runner if this one dies); one cancelled or
// failed before that wrote nothing.
import type { FastifyInstance } from 'fastify';
import type { ImportJob, ImportResult } from '../../src/contracts/import.js';
import { IMPORT_JOB_EVENT } from '../../src/domain/importFiles.js';
import { readJson } from '../db/json.js';
import { newId } from '../ids.js';
import { cancelJob, insertJob, jobById, jobsOfStaff, unfinishedJobs, type JobRow } from '../jobs/queries.js';
import type { JobHandler } from '../jobs/runner.js';
import { MAX_ATTEMPTS } from '../jobs/runner.js';
import { importInWorker, type ImportProgress } from './worker.js';

export interface ImportPayload {
  name: string;
  apply: boolean;
  /** The administrator confirmed changes beyond the change threshold (IMPORT_CHANGE_THRESHOLD). */
  confirmLarge?: boolean;
}

/** The desk lists an administrator's imports of the last day, at most this many. */
const LISTED = { ms: 24 * 3600_000, count: 10 };

export const IMPORT_JOB_FAILURES = {
  gaveUp: `The import stopped ${MAX_ATTEMPTS} times before it finished (the server restarted or ran out of memory). Nothing of it was written unless it says it started writing; import the same file again to finish it.`,
} as const;

export function importJobView(row: JobRow, line: JobRow[]): ImportJob {
  const payload = readJson<ImportPayload>(row.payload, { name: '', apply: false });
  const progress = readJson<ImportProgress | null>(row.progress, null);
  const place = line.findIndex((job) => job.id === row.id);
  const finished = row.state === 'done' || row.state === 'failed' || row.state === 'cancelled';
  return {
    id: row.id,
    name: payload.name,
    apply: payload.apply,
    state: row.state,
    ahead: row.state === 'queued' && place > 0 ? place : 0,
    phase: row.state === 'queued' ? 'waiting' : (progress?.phase ?? 'reading'),
    rows: progress?.rows ?? 0,
    writing: row.committed_at !== null,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    outcome: row.state === 'done' ? readJson<ImportResult | null>(row.result, null) : null,
    failure: finished ? row.failure : null,
  };
}

/** The import's job handler for the runner: the import worker reads the file from the job's row itself. */
export function importJobHandler(app: FastifyInstance): JobHandler {
  return {
    gaveUp: IMPORT_JOB_FAILURES.gaveUp,
    async run({ job, owner, signal, progress }) {
      const payload = readJson<ImportPayload>(job.payload, { name: '', apply: false });
      const result = await importInWorker(
        {
          databaseUrl: app.config.databaseUrl, name: payload.name, apply: payload.apply, now: app.clock.now().toISOString(),
          scryptCost: app.config.scryptCost, challengeWindowHours: app.config.challengeWindowHours, jobId: job.id, owner,
          recorded: job.committed_at ? job.result : null,
          staffId: job.staff_id, changeThreshold: app.config.importChangeThreshold, confirmLarge: payload.confirmLarge === true,
        },
        { memoryMb: app.config.importMemoryMb, signal, onProgress: progress },
      );
      // A run after one that started writing completes it; the outcome is what the first run recorded.
      return job.committed_at ? readJson<ImportResult>(job.result, result) : result;
    },
  };
}

/** The admin's desk hears every change of the imports waiting or running, and of the one that changed. */
export async function announceImports(app: FastifyInstance, changed: JobRow): Promise<void> {
  const line = await unfinishedJobs(app.db, 'import');
  const ended = line.some((job) => job.id === changed.id) ? undefined : await jobById(app.db, changed.id);
  for (const row of ended ? [...line, ended] : line) app.realtime.toAdmins(IMPORT_JOB_EVENT, importJobView(row, line));
}

export async function queueImport(app: FastifyInstance, staffId: string, payload: ImportPayload, data: Buffer): Promise<ImportJob> {
  const id = newId();
  await insertJob(app.db, { id, kind: 'import', payload: JSON.stringify(payload), input: data, staffId, now: app.clock.now() });
  // The answer is read before the runner is woken: starting the worker must not delay it.
  const view = await viewOf(app, id);
  app.jobs.wake();
  return view;
}

export async function importJobsOf(app: FastifyInstance, staffId: string): Promise<ImportJob[]> {
  const [rows, line] = await Promise.all([jobsOfStaff(app.db, 'import', staffId, new Date(app.clock.now().getTime() - LISTED.ms), LISTED.count), unfinishedJobs(app.db, 'import')]);
  return rows.map((row) => importJobView(row, line));
}

/** The job as it stands, or null when there is no import job of that id. */
export async function viewOf(app: FastifyInstance, id: string): Promise<ImportJob> {
  const [row, line] = await Promise.all([jobById(app.db, id), unfinishedJobs(app.db, 'import')]);
  return importJobView(row!, line);
}

export async function findImportJob(app: FastifyInstance, id: string): Promise<JobRow | undefined> {
  const row = await jobById(app.db, id);
  return row?.kind === 'import' ? row : undefined;
}

/**
 * Cancels the import unless it started writing (then it is finished whole, and the answer says
 * `writing`). A running check or an import not yet written stops at its runner's next renewal.
 */
export async function cancelImport(app: FastifyInstance, id: string): Promise<ImportJob> {
  if (await cancelJob(app.db, id, app.clock.now())) await announceImports(app, (await jobById(app.db, id))!);
  return viewOf(app, id);
}
