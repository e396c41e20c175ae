// Writes the README's settings table from the settings schema (server/settings.ts), between its two
// markers. `npm run docs:settings`; tests/unit/settings.test.ts fails when the README is stale.
import fs from 'node:fs';
import { settingsTable } from '../server/settings.js';

export const START = '<!-- settings table: written by `npm run docs:settings` from server/settings.ts -->';
export const END = '<!-- end of settings table -->';

/** The README with its settings table written afresh. */
export function withSettingsTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no settings table markers (${START} … ${END})`);
  return `${readme.slice(0, start + START.length)}\n${settingsTable()}\n${readme.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readme = fs.readFileSync('README.md', 'utf8');
  const written = withSettingsTable(readme);
  fs.writeFileSync('README.md', written);
  console.log(written === readme ? 'README.md: the settings table was current.' : 'README.md: settings table rewritten.');
}
