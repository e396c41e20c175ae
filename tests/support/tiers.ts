// The test tiers, by folder: a new test file belongs to the tier of the folder it is put in
// (tests/unit/tiers.test.ts fails on a test file that is in no tier, or in two). Vitest runs each tier as
// a project (vite.config.ts); `npm test` (scripts/test.ts) runs every tier this machine can run and names
// the others NOT RUN with what enables them.
//
//   fast     no build, no browser, no services: unit, machine paths, contracts. `npm run test:fast`.
//   api      a real server in-process on SQLite, and on PostgreSQL too when TEST_DATABASE_URL is set
//            (Redis-backed cases when TEST_REDIS_URL is set).
//   browser  Chromium against the built app (`vite build` first), and checks of the build itself.
//   faults   real server processes: kill -9, Redis lost, connections dropped, slow clients, a full disk,
//            two processes behind HAProxy. Needs redis-server, haproxy and root (it mounts a tmpfs).

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

export type TierName = 'fast' | 'api' | 'browser' | 'faults';

export interface Tier {
  name: TierName;
  /** What it is, in the closing lines of `npm test`. */
  title: string;
  include: string[];
}

export const TIERS: readonly Tier[] = [
  { name: 'fast', title: 'fast (unit, machines, contracts)', include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/contracts/**/*.test.ts'] },
  { name: 'api', title: 'api (real server on SQLite)', include: ['tests/api/**/*.test.ts'] },
  { name: 'browser', title: 'browser (Chromium, the built app)', include: ['tests/e2e/**/*.test.ts', 'tests/build/**/*.test.ts'] },
  { name: 'faults', title: 'faults/scale (server processes, Redis, HAProxy)', include: ['tests/faults/**/*.test.ts', 'tests/scale/**/*.test.ts'] },
];

/** Debian's Chromium, which the browser tier drives through playwright-core. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

const installed = (command: string, versionFlag: string) => spawnSync(command, [versionFlag]).status === 0;

/**
 * What a tier needs that this machine lacks, as the one command that provides it; null when it can run.
 * The api tier needs nothing beyond Node (SQLite is embedded).
 */
export function missingFor(tier: TierName, env: NodeJS.ProcessEnv = process.env): string | null {
  if (tier === 'browser') return fs.existsSync(CHROMIUM_PATH) ? null : `apt-get install chromium (for ${CHROMIUM_PATH})`;
  if (tier === 'faults') {
    const packages = [
      ...(installed('redis-server', '--version') ? [] : ['redis-server']),
      ...(installed('haproxy', '-v') ? [] : ['haproxy']),
    ];
    const root = process.getuid?.() === 0;
    if (packages.length === 0 && root) return null;
    return [packages.length > 0 ? `apt-get install ${packages.join(' ')}` : null, root ? null : 'run as root (it mounts a tmpfs)'].filter(Boolean).join(', then ');
  }
  return null;
}

/** Parts of the tiers that run only when a service is named: each with the setting that turns it on. */
export const SERVICE_PARTS = [
  { title: 'api and faults on PostgreSQL', variable: 'TEST_DATABASE_URL', example: 'postgres://postgres@127.0.0.1:5432/test' },
  { title: 'realtime across processes over Redis (api)', variable: 'TEST_REDIS_URL', example: 'redis://127.0.0.1:6379' },
] as const;

/** Set by CI (.ci/run): any tier or part NOT RUN fails `npm test`. */
export const REQUIRE_ALL_TIERS = 'TEST_REQUIRE_ALL_TIERS';
