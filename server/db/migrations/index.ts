// Every migration, in order. A landed migration is frozen: add a new file instead of editing one.
import type { Kysely } from 'kysely';
import type { Dialect } from '../connect.js';
import * as initial from './20261122-0001-initial.js';
import * as contentsKey from './20261122-0002-contents-key.js';
import * as results from './20261201-0003-results.js';

export interface Migration {
  name: string;
  up(db: Kysely<any>, dialect: Dialect): Promise<void>;
}

export const migrations: Migration[] = [
  { name: '20261122-0001-initial', up: initial.up },
  { name: '20261122-0002-contents-key', up: contentsKey.up },
  { name: '20261201-0003-results', up: results.up },
];
