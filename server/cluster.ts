// The production start on several cores: `npm run start:prod -- --workers N` (or WEB_CONCURRENCY=N;
// `--workers auto` or 0 for one per core). The primary process checks the settings, migrates the
// database (and seeds the demo academy when allowed) once, then forks N workers that each run the
// server (server/main.ts) on the same port; the operating system hands each new connection to one of
// them. Realtime events between workers go through Redis, so several workers need REDIS_URL. A worker
// that dies is replaced; SIGTERM or SIGINT stops the workers (each closing gracefully) and then the primary.
import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { configFrom } from './config.js';
import { connect } from './db/connect.js';
import { prepareDatabase } from './start.js';
import { WORKERS_REFUSALS, workerCount } from './workers.js';
import { serveClusterMetrics } from './metrics.js';

async function runPrimary(): Promise<void> {
  const workers = workerCount(process.argv.slice(2), process.env);
  // Every worker signs with the same key: a figure or upload address made by one is checked by another.
  // Production must name its own (configFrom says so); a made-up one would change at every start.
  if (!process.env.SIGNING_SECRET && process.env.NODE_ENV !== 'production') process.env.SIGNING_SECRET = randomBytes(32).toString('hex');
  const config = configFrom(process.env);
  if (workers > 1 && !config.redisUrl) throw new Error(WORKERS_REFUSALS.redisNeeded);

  const { db, dialect } = await connect(config.databaseUrl);
  try {
    await prepareDatabase(db, dialect, config);
  } finally {
    await db.destroy();
  }

  const here = fileURLToPath(import.meta.url);
  cluster.setupPrimary({ exec: path.join(path.dirname(here), `main${path.extname(here)}`) });
  let stopping = false;
  // GET /metrics on any worker reports every worker: the primary gathers them (server/metrics.ts).
  if (config.metricsToken) serveClusterMetrics();
  const fork = (): Worker => cluster.fork({ ACADEMY_WORKERS: String(workers) });
  for (let i = 0; i < workers; i += 1) fork();
  console.log(`  ${config.academyName}: ${workers} worker${workers === 1 ? '' : 's'} on port ${config.port} (primary ${process.pid})`);

  let recentDeaths: number[] = [];
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    // A worker that cannot start at all would be replaced forever: more than 10 deaths a minute stop the primary.
    const now = Date.now();
    recentDeaths = [...recentDeaths.filter((t) => now - t < 60_000), now];
    if (recentDeaths.length > 10) {
      console.error('workers keep exiting (more than 10 in a minute): stopping');
      process.exit(1);
    }
    fork();
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      const running = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
      let left = running.length;
      if (left === 0) process.exit(0);
      for (const worker of running) {
        worker.once('exit', () => {
          left -= 1;
          if (left === 0) process.exit(0);
        });
        worker.process.kill('SIGTERM');
      }
    });
  }
}

if (cluster.isPrimary) {
  runPrimary().catch((error: Error) => {
    console.error(error.message);
    process.exit(1);
  });
}
