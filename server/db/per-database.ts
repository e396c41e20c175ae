// One value per database handle, made on first use: what a module keeps for its database (a cache, a
// batch of writes) is never shared by servers over different databases in one process (the tests').
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

export function perDatabase<T>(make: (db: Kysely<Database>) => T): (db: Kysely<Database>) => T {
  const values = new WeakMap<Kysely<Database>, T>();
  return (db) => {
    let value = values.get(db);
    if (value === undefined) values.set(db, (value = make(db)));
    return value;
  };
}
