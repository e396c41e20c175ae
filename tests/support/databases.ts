// Test databases: a fresh SQLite file each time, and a fresh PostgreSQL schema when TEST_DATABASE_URL is set.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

export interface TestDatabase {
  name: 'sqlite' | 'postgres';
  url: string;
  drop(): Promise<void>;
}

export const postgresUrl = process.env.TEST_DATABASE_URL ?? null;

export function sqliteDatabase(): TestDatabase {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'academy-test-'));
  return {
    name: 'sqlite',
    url: `sqlite:${path.join(dir, 'academy.sqlite')}`,
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A new schema in the test PostgreSQL database, selected through the connection's search_path. */
export async function postgresDatabase(): Promise<TestDatabase> {
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const pg = await import('pg');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.default.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    name: 'postgres',
    url: url.toString(),
    drop: async () => {
      const c = new pg.default.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`drop schema if exists ${schema} cascade`);
      await c.end();
    },
  };
}

/** The databases an API suite runs on: SQLite always, PostgreSQL when the run provides one. */
export function databaseKinds(): ('sqlite' | 'postgres')[] {
  if (!postgresUrl && !warned) {
    warned = true;
    console.warn('PostgreSQL API suites did not run: TEST_DATABASE_URL is not set.');
  }
  return postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
}
let warned = false;

export const createDatabase = (kind: 'sqlite' | 'postgres') => (kind === 'sqlite' ? Promise.resolve(sqliteDatabase()) : postgresDatabase());
