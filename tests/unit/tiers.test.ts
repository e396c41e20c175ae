// Every test file is in exactly one tier (tests/support/tiers.ts), so a file put in a new folder is never
// left out of `npm test` unnoticed; and the fast tier holds no test that needs a build, a browser or a service.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TIERS } from '../support/tiers';

/** A tier's glob as a regular expression: `**\/` is any folders (or none), `*` any name part. */
const globPattern = (glob: string) =>
  new RegExp(`^${glob.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*\*\//g, '\u0000').replace(/\*/g, '[^/]*').replace(/\u0000/g, '(?:.*/)?')}$`);

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return entry.name.endsWith('.test.ts') ? [path.relative('.', full).split(path.sep).join('/')] : [];
  });
}

/** A run-time import of what starts a server, a browser or a server process, or of the built app's folder setting. */
const HEAVY_IMPORT = /^import (?!type )[^;]*from '[^']*(support\/(browser|test-server|fault-rig|databases)(\.js)?|playwright-core)';|process\.env\.E2E_APP_DIR/m;

describe('test tiers', () => {
  it('puts every test file in exactly one tier', () => {
    const misplaced = testFiles('tests').flatMap((file) => {
      const tiers = TIERS.filter((tier) => tier.include.some((glob) => globPattern(glob).test(file))).map((tier) => tier.name);
      return tiers.length === 1 ? [] : [`${file}: ${tiers.length === 0 ? 'in no tier' : `in ${tiers.join(' and ')}`}`];
    });
    expect(misplaced).toEqual([]);
  });

  it('reads the globs as folders and names', () => {
    expect(globPattern('tests/unit/**/*.test.ts').test('tests/unit/a.test.ts')).toBe(true);
    expect(globPattern('tests/unit/**/*.test.ts').test('tests/unit/deep/a.test.ts')).toBe(true);
    expect(globPattern('tests/unit/**/*.test.ts').test('tests/units/a.test.ts')).toBe(false);
    expect(globPattern('tests/unit/**/*.test.ts').test('tests/unit/a.model.ts')).toBe(false);
  });

  it('keeps the fast tier free of servers, browsers and the build', () => {
    const fast = TIERS.find((tier) => tier.name === 'fast')!;
    const heavy = testFiles('tests')
      .filter((file) => fast.include.some((glob) => globPattern(glob).test(file)))
      .filter((file) => HEAVY_IMPORT.test(fs.readFileSync(file, 'utf8')));
    expect(heavy).toEqual([]);
  });
});
