// `npm test`: the type check, then every test tier this machine can run (tests/support/tiers.ts) in one
// vitest run (one pool, as fast as before), the app built first when the browser tier runs. Ends with one
// line per tier and per service part: ran, or NOT RUN with the one command or setting that enables it.
// A machine without Chromium, Redis, HAProxy or PostgreSQL runs what it can and passes; with
// TEST_REQUIRE_ALL_TIERS=1 (CI, .ci/run) anything NOT RUN fails the run.
//
//   npm test [-- <vitest arguments, e.g. a file filter>]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Counts } from '../tests/support/closing-line-reporter.js';
import { missingFor, REQUIRE_ALL_TIERS, SERVICE_PARTS, TIERS } from '../tests/support/tiers.js';

function step(title: string, command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  console.log(`\n> ${title}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  return result.status ?? 1;
}

const started = Date.now();
const runnable = TIERS.filter((tier) => missingFor(tier.name) === null);
const lines: string[] = [];
let notRun = 0;
let status = step('type check', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']);

if (status === 0 && runnable.some((tier) => tier.name === 'browser')) status = step('build for the browser tier', 'npx', ['vite', 'build']);

let byTier: Record<string, Counts> = {};
if (status === 0) {
  const reportFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'academy-tiers-')), 'tiers.json');
  const projects = runnable.flatMap((tier) => ['--project', tier.name]);
  status = step('tests', 'npx', ['vitest', 'run', ...projects, ...process.argv.slice(2)], { ...process.env, TEST_TIER_REPORT: reportFile });
  if (fs.existsSync(reportFile)) byTier = (JSON.parse(fs.readFileSync(reportFile, 'utf8')) as { byTier: Record<string, Counts> }).byTier;
  fs.rmSync(path.dirname(reportFile), { recursive: true, force: true });
}

for (const tier of TIERS) {
  const missing = missingFor(tier.name);
  const counts = byTier[tier.name];
  if (missing) {
    notRun++;
    lines.push(`NOT RUN  ${tier.title}: ${missing}`);
  } else if (counts) {
    lines.push(`ran      ${tier.title}: ${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''} in ${counts.files} files`);
  } else {
    lines.push(`ran      ${tier.title}: no test file matched${status === 0 ? '' : ' (the run stopped before the tests)'}`);
  }
}
for (const part of SERVICE_PARTS) {
  if (process.env[part.variable]) lines.push(`ran      ${part.title} (${part.variable})`);
  else {
    notRun++;
    lines.push(`NOT RUN  ${part.title}: ${part.variable}=${part.example} npm test`);
  }
}

console.log(`\nTiers (${Math.round((Date.now() - started) / 1000)} s):\n${lines.map((line) => `  ${line}`).join('\n')}`);
if (notRun > 0 && process.env[REQUIRE_ALL_TIERS] === '1') {
  console.log(`${REQUIRE_ALL_TIERS}=1: ${notRun} NOT RUN, which fails this run.`);
  status = status || 1;
}
process.exit(status);
