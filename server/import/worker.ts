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
}

type Answer = { ok: true; result: ImportResult } | { ok: false; error: string };

/** Runs the job in a new worker thread and resolves with its result; a failure of the worker rejects. */
export function importInWorker(job: ImportJob): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    // The server runs its TypeScript through tsx: the worker registers it before loading this file.
    const tsx = import.meta.resolve('tsx/esm/api');
    const code = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
    const worker = new Worker(code, { eval: true, workerData: job });
    worker.once('message', (answer: Answer) => (answer.ok ? resolve(answer.result) : reject(new Error(answer.error))));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`the import worker stopped (${code})`)));
  });
}

async function work(job: ImportJob): Promise<Answer> {
  const [{ connect }, { importAcademy, BundleError }, { readFiles }, { resultOf }] = await Promise.all([
    import('../db/connect.js'), import('./index.js'), import('./read.js'), import('./result.js'),
  ]);
  const { db } = await connect(job.databaseUrl);
  try {
    const source = await readFiles([{ name: job.name, data: Buffer.from(job.data) }]);
    const report = await importAcademy(db, source.input, { now: new Date(job.now), scryptCost: job.scryptCost, dryRun: !job.apply, places: source.places, problems: source.problems });
    return { ok: true, result: resultOf(report, job.apply) };
  } catch (error) {
    if (error instanceof BundleError) return { ok: true, result: { applied: false, changed: false, kinds: [], problems: error.details } };
    return { ok: false, error: (error as Error).message };
  } finally {
    await db.destroy();
  }
}

if (!isMainThread && parentPort && (workerData as ImportJob | undefined)?.databaseUrl) {
  const port = parentPort;
  void work(workerData as ImportJob).then((answer) => port.postMessage(answer));
}
