// How many server workers `npm run start:prod` runs (server/cluster.ts), from its flag or WEB_CONCURRENCY.
import os from 'node:os';

export const WORKERS_REFUSALS = {
  invalid: (raw: string) => `--workers (or WEB_CONCURRENCY) must be a whole number of 0 or more, or auto, not "${raw}"`,
  redisNeeded: 'Several workers need REDIS_URL: realtime events (notifications, sign-outs) must reach students held by every worker.',
};

/** How many workers: `--workers N` first, then WEB_CONCURRENCY, else 1; 0 or auto is one per core. */
export function workerCount(argv: string[], env: NodeJS.ProcessEnv): number {
  const at = argv.indexOf('--workers');
  const inline = argv.find((a) => a.startsWith('--workers='));
  const raw = (at >= 0 ? argv[at + 1] : inline?.slice('--workers='.length)) ?? env.WEB_CONCURRENCY ?? '1';
  if (raw === 'auto') return os.availableParallelism();
  if (!/^\d+$/.test(raw)) throw new Error(WORKERS_REFUSALS.invalid(raw));
  return Number(raw) === 0 ? os.availableParallelism() : Number(raw);
}
