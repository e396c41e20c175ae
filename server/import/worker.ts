// The desk's import off the server's thread: reading a sheet of 10,000 rows, checking it and comparing
// it with the academy is seconds of work, and on the thread that answers students' saves it would hold
// every save of a running exam meanwhile. A worker thread does it over a connection of its own to the
// same database, and answers with the result (or the problems).
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { ImportResult } from '../../src/contracts/import.js';

export interface ImportJob {
  databaseUrl: string;
  name: string;
  data: Uint8Array;
  apply: boolean;
  /** The server clock's now, as ISO text. */
  now: string;
  scryptCost: number;
  /** The academy's answer-key challenge window in hours (server/import/index.ts ImportOptions). */
  challengeWindowHours: number;
}

type Answer = { ok: true; result: ImportResult } | { ok: false; error: string };

/**
 * One worker thread, started at the first import and kept (unreferenced, so it never holds the process
 * open): loading the importer's code through tsx takes seconds of a core, paid once. Jobs run one at a
 * time, as an import's transaction would anyway.
 */
let worker: Worker | null = null;
let queue: Promise<unknown> = Promise.resolve();

function startWorker(): Worker {
  // The server runs its TypeScript through tsx: the worker registers it before loading this file.
  const tsx = import.meta.resolve('tsx/esm/api');
  const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const started = new Worker(code, { eval: true, workerData: { importWorker: true } });
  started.unref();
  started.once('exit', () => {
    if (worker === started) worker = null;
  });
  return started;
}

/** Runs the job on the import worker and resolves with its result; a failure of the worker rejects. */
export function importInWorker(job: ImportJob): Promise<ImportResult> {
  const run = () =>
    new Promise<ImportResult>((resolve, reject) => {
      const thread = (worker ??= startWorker());
      const done = () => {
        thread.off('message', onMessage);
        thread.off('error', onError);
        thread.off('exit', onExit);
      };
      const onMessage = (answer: Answer) => {
        done();
        if (answer.ok) resolve(answer.result);
        else reject(new Error(answer.error));
      };
      const onError = (error: Error) => {
        done();
        reject(error);
      };
      const onExit = (code: number) => {
        done();
        reject(new Error(`the import worker stopped (${code})`));
      };
      thread.on('message', onMessage);
      thread.on('error', onError);
      thread.on('exit', onExit);
      thread.postMessage(job);
    });
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

async function work(job: ImportJob): Promise<Answer> {
  const [{ connect }, { importAcademy, BundleError }, { readFiles }, { resultOf }] = await Promise.all([
    import('../db/connect.js'), import('./index.js'), import('./read.js'), import('./result.js'),
  ]);
  const { db } = await connect(job.databaseUrl);
  try {
    const source = await readFiles([{ name: job.name, data: Buffer.from(job.data) }]);
    const report = await importAcademy(db, source.input, { now: new Date(job.now), scryptCost: job.scryptCost, challengeWindowHours: job.challengeWindowHours, dryRun: !job.apply, places: source.places, problems: source.problems });
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
    void work(job).then((answer) => port.postMessage(answer));
  });
}
