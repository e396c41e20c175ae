// Writes docs/settings.md's table from the settings schema (server/settings.ts), between its two
// markers. `npm run docs:settings`; tests/unit/settings.test.ts fails when the page is stale.
import fs from 'node:fs';
import { settingsTable } from '../server/settings.js';

export const START = '<!-- settings table: written by `npm run docs:settings` from server/settings.ts -->';
export const END = '<!-- end of settings table -->';

/** The settings page with its table written afresh. */
export const SETTINGS_PAGE = 'docs/settings.md';

export function withSettingsTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`${SETTINGS_PAGE} has no settings table markers (${START} … ${END})`);
  return `${readme.slice(0, start + START.length)}\n${settingsTable()}\n${readme.slice(end)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const page = fs.readFileSync(SETTINGS_PAGE, 'utf8');
  const written = withSettingsTable(page);
  fs.writeFileSync(SETTINGS_PAGE, written);
  console.log(written === page ? `${SETTINGS_PAGE}: the settings table was current.` : `${SETTINGS_PAGE}: settings table rewritten.`);
}
