// The settings schema (server/settings.ts) is the one list of environment variables: docs/settings.md's table is
// written from it, every variable the code reads is in it, and a wrong value stops the start naming it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configFrom } from '../../server/config';
import { checkSettings, SETTINGS, settingsProblems, settingsTable } from '../../server/settings';
import { SETTINGS_PAGE, withSettingsTable } from '../../scripts/settings-docs';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The environment variables a file reads: process.env.X, env.X, env['X'], import.meta.env.VITE_X,
 * config.env.VITE_X, and a reader handed the environment and a name (`positiveNumber(env, 'X', …)`).
 */
const readVariables = (text: string) =>
  [...text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\]|, '([A-Z][A-Z0-9_]+)')/g)].map((match) => (match[1] ?? match[2] ?? match[3])!);
/** Vite's own flags, not settings. */
const VITE_FLAGS = new Set(['DEV', 'PROD', 'MODE', 'SSR', 'BASE_URL']);

describe('settings', () => {
  it('writes the table of docs/settings.md from the schema (npm run docs:settings when this fails)', () => {
    const page = fs.readFileSync(SETTINGS_PAGE, 'utf8');
    expect(withSettingsTable(page)).toBe(page);
  });

  it('lists every variable the server and the app read, and none they do not', () => {
    const files = [...sourceFiles('server'), ...sourceFiles('src'), 'vite.config.ts'];
    const read = new Set(files.flatMap((file) => readVariables(fs.readFileSync(file, 'utf8'))).filter((name) => !VITE_FLAGS.has(name)));
    const listed = new Set(Object.keys(SETTINGS.properties));
    expect([...read].filter((name) => !listed.has(name)).sort()).toEqual([]);
    expect([...listed].filter((name) => !read.has(name)).sort()).toEqual([]);
  });

  it('has one row per setting, each with a default and a meaning', () => {
    const rows = settingsTable().split('\n').slice(2);
    expect(rows).toHaveLength(Object.keys(SETTINGS.properties).length);
    for (const row of rows) expect(row).toMatch(/^\| `[A-Z0-9_]+`( \(at build\))? \| [^|]+ \| .{10,} \|$/);
  });

  it('accepts no settings at all, and the values the settings page shows', () => {
    expect(settingsProblems({})).toEqual([]);
    expect(
      settingsProblems({ PORT: '8080', DATABASE_URL: 'postgres://academy@db/academy', REDIS_URL: 'redis://127.0.0.1:6379', SIGN_IN_LIMIT_GLOBAL: '1000/15m', WEB_CONCURRENCY: 'auto', SEED_DEMO: 'false', SMS_TRANSPORT: 'file:/tmp/sms.log', LOG_LEVEL: 'warn', PORT_UNKNOWN: 'x' }),
    ).toEqual([]);
  });

  it('names every wrong value at once, with what it must be', () => {
    const env = { PORT: 'eighty', SIGN_IN_LIMIT_GLOBAL: '1000 per hour', SEED_DEMO: 'yes', REDIS_URL: 'localhost:6379', HASH_CONCURRENCY: '0' };
    expect(settingsProblems(env)).toEqual([
      'PORT must be a port number (0 to 65535), not "eighty"',
      'REDIS_URL must be a redis:// or rediss:// URL, not "localhost:6379"',
      'SEED_DEMO must be true or false, not "yes"',
      'SIGN_IN_LIMIT_GLOBAL must be a limit such as 30/15m (at most 30 in 15 minutes; s, m or h), not "1000 per hour"',
      'HASH_CONCURRENCY must be a positive whole number, not "0"',
    ]);
    expect(() => checkSettings(env)).toThrow(/^These settings are wrong:\n {2}PORT must be/);
    expect(() => configFrom({ NODE_ENV: 'test', LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, not "loud"');
  });

  it('takes an empty value as unset', () => {
    expect(settingsProblems({ PORT: '', REDIS_URL: '' })).toEqual([]);
  });
});
