// The desk's import off the server's thread: reading a sheet of 10,000 rows, checking it and comparing
// it with the academy is seconds of work, and on the thread that answers students' saves it would hold
// every save of a running exam meanwhile. A worker thread does it over a connection of its own to the
// same database, tells its progress as it goes, and answers with the result (or the problems). The
// import's job (server/import/jobs.ts) runs it; cancelling the job stops the thread.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ImportPhase, ImportResult } from '../../src/contracts/import.js';

export interface ImportJob {
  databaseUrl: string;
  /** The file's name; its bytes the worker reads from the job's row, so they never cross the server's thread. */
  name: string;
  apply: boolean;
  /** The server clock's now, as ISO text. */
  now: string;
  scryptCost: number;
  /** The academy's answer-key challenge window in hours (server/import/index.ts ImportOptions). */
  challengeWindowHours: number;
  /** The job this import runs as, and its runner: the first write marks it, in the same transaction. */
  jobId: string;
  owner: string;
  /** The outcome already recorded by an earlier run that started writing (JSON), kept as the outcome. */
  recorded: string | null;
  /** The administrator who sent the file, for the import's history. */
  staffId: string | null;
  /** The share of a kind's rows an import may change without confirming (IMPORT_CHANGE_THRESHOLD). */
  changeThreshold: number;
  /** The administrator confirmed changes beyond it. */
  confirmLarge: boolean;
}

export interface ImportProgress {
  phase: ImportPhase;
  rows: number;
}

type Answer = { ok: true; result: ImportResult } | { ok: false; error: string };
type Message = { progress: ImportProgress } | { answer: Answer };

export const IMPORT_WORKER_FAILURES = {
  memory: (mb: number) => `The file needs more memory than an import may use (${mb} MB). Split it into smaller files and import them one by one.`,
  cancelled: 'The import was cancelled before anything was written.',
  fileGone: 'The file of this import is no longer kept. Send it again.',
  stopped: (code: number) => `The import stopped unexpectedly (${code}); nothing was written. Try again.`,
} as const;

/**
 * One worker thread, started at the first import and kept (unreferenced, so it never holds the process
 * open): loading the importer's code through tsx takes seconds of a core, paid once. Imports run one at
 * a time (the job runner takes one import job at a time); a thread that was stopped or died is replaced
 * at the next one. Its old generation is bounded (IMPORT_MEMORY_MB): a file that needs more ends the
 * thread and fails its own import in plain words, and the server's memory stays its own.
 */
let worker: { thread: Worker; memoryMb: number } | null = null;

function startWorker(memoryMb: number): Worker {
  // The server runs its TypeScript through tsx: the worker registers it before loading this file.
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const started = new Worker(code, { eval: true, workerData: { importWorker: true }, resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
  started.unref();
  started.once('exit', () => {
    if (worker?.thread === started) worker = null;
  });
  worker = { thread: started, memoryMb };
  return started;
}

/** The kept thread, or a new one when there is none or it was started with other limits. */
function workerWith(memoryMb: number): Worker {
  if (worker && worker.memoryMb === memoryMb) return worker.thread;
  if (worker) void worker.thread.terminate();
  return startWorker(memoryMb);
}

/**
 * Runs the import on the worker and resolves with its result; a failure of the worker rejects in plain
 * words. An aborted `signal` stops the thread: before the import's first write commits, nothing is
 * written; after it, the job is the runner's to finish again (server/jobs/runner.ts).
 */
export function importInWorker(job: ImportJob, options: { memoryMb: number; signal?: AbortSignal; onProgress?: (progress: ImportProgress) => void }): Promise<ImportResult> {
  return new Promise<ImportResult>((resolve, reject) => {
    if (options.signal?.aborted) return reject(new Error(IMPORT_WORKER_FAILURES.cancelled));
    const thread = workerWith(options.memoryMb);
    const done = () => {
      thread.off('message', onMessage);
      thread.off('error', onError);
      thread.off('exit', onExit);
      options.signal?.removeEventListener('abort', onAbort);
    };
    const onMessage = (message: Message) => {
      if ('progress' in message) return options.onProgress?.(message.progress);
      done();
      if (message.answer.ok) resolve(message.answer.result);
      else reject(new Error(message.answer.error));
    };
    const onError = (error: Error & { code?: string }) => {
      done();
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error(IMPORT_WORKER_FAILURES.memory(options.memoryMb)) : error);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(IMPORT_WORKER_FAILURES.stopped(code)));
    };
    const onAbort = () => {
      done();
      if (worker?.thread === thread) worker = null;
      void thread.terminate();
      reject(new Error(IMPORT_WORKER_FAILURES.cancelled));
    };
    thread.on('message', onMessage);
    thread.on('error', onError);
    thread.on('exit', onExit);
    options.signal?.addEventListener('abort', onAbort);
    thread.postMessage(job);
  });
}

/** Rows of a bundle: the entries of its lists (a sheet's rows, a JSON bundle's records). */
const rowsOf = (input: unknown): number => Object.values(input as Record<string, unknown>).reduce<number>((n, list) => n + (Array.isArray(list) ? list.length : 0), 0);

async function work(job: ImportJob, progress: (value: ImportProgress) => void): Promise<Answer> {
  const [{ connect }, { importAcademy, BundleError }, { readFiles }, { resultOf }, { commitJob, inputOf }, { loadNames, staffName }, { NameBook }, { createHash }, { newId }] = await Promise.all([
    import('../db/connect.js'), import('./index.js'), import('./read.js'), import('./result.js'), import('../jobs/queries.js'), import('./queries.js'), import('./names.js'),
    import('node:crypto'), import('../ids.js'),
  ]);
  const { db } = await connect(job.databaseUrl);
  try {
    progress({ phase: 'reading', rows: 0 });
    const data = await inputOf(db, job.jobId);
    if (!data) return { ok: false, error: IMPORT_WORKER_FAILURES.fileGone };
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    const source = await readFiles([{ name: job.name, data: bytes }], new NameBook(await loadNames(db)));
    // The history keeps the import from its first run; a run that completes one already writing adds no second entry.
    const record = job.apply && !job.recorded ? {
      id: newId(), jobId: job.jobId, fileName: job.name, checksum: createHash('sha256').update(bytes).digest('hex'),
      by: { staffId: job.staffId, name: (job.staffId && (await staffName(db, job.staffId))) || 'an administrator' },
    } : undefined;
    const rows = rowsOf(source.input);
    progress({ phase: 'checking', rows });
    const now = new Date(job.now);
    const report = await importAcademy(db, source.input, {
      now, scryptCost: job.scryptCost, challengeWindowHours: job.challengeWindowHours, dryRun: !job.apply, places: source.places, problems: source.problems,
      changeThreshold: job.changeThreshold, confirmLarge: job.confirmLarge, record,
      // The job is marked as written in the transaction of the first write: cancelled before it, nothing is written.
      beforeWrite: async (trx, checked) => {
        if (!(await commitJob(trx, job.jobId, job.owner, now, job.recorded ?? JSON.stringify(resultOf(checked, true))))) throw new Error(IMPORT_WORKER_FAILURES.cancelled);
        progress({ phase: 'writing', rows });
      },
    });
    return { ok: true, result: resultOf(report, job.apply) };
  } catch (error) {
    if (error instanceof BundleError) return { ok: true, result: { applied: false, changed: false, kinds: [], problems: error.details } };
    return { ok: false, error: (error as Error).message };
  } finally {
    await db.destroy();
  }
}

if (!isMainThread && parentPort && (workerData as { importWorker?: boolean } | undefined)?.importWorker) {
  const port = parentPort;
  port.on('message', (job: ImportJob) => {
    void work(job, (value) => port.postMessage({ progress: value } satisfies Message)).then((answer) => port.postMessage({ answer } satisfies Message));
  });
}
