// Opens the database named by DATABASE_URL: sqlite:<path> (better-sqlite3, WAL) or postgres://...
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Connection {
  db: Kysely<Database>;
  dialect: Dialect;
}

export async function connect(databaseUrl: string): Promise<Connection> {
  if (databaseUrl.startsWith('sqlite:')) {
    const { default: SQLite } = await import('better-sqlite3');
    const file = databaseUrl.slice('sqlite:'.length) || ':memory:';
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), dialect: 'sqlite' };
  }
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) {
    const pg = await import('pg');
    // int8 (bigint) and numeric come back as strings by default; every such column here fits a double.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    pg.default.types.setTypeParser(1700, (v: string) => Number(v));
    const pool = new pg.default.Pool({ connectionString: databaseUrl, max: Number(process.env.DATABASE_POOL ?? 20) });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), dialect: 'postgres' };
  }
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, not "${databaseUrl}"`);
}
