// Queries of the busiest requests, built and compiled once per SQL dialect instead of at every request.
//
// Kysely builds a query as a tree of frozen nodes and compiles it to SQL each time it runs: for a
// one-row look-up that is more of the server's time than the database's. A prepared query is built once
// with a marker in place of each value, compiled, and its SQL kept with the position of every marker;
// each run hands the same SQL to the driver with that run's values in those positions (the SQLite
// driver then reuses its prepared statement: server/db/engine/sqlite-driver.ts).
//
// The builder gets the markers, never the values: a value may only be bound (a `where`, a `set`, a
// `values`), not looked at or spread into a list, since the SQL is fixed by the first build. A builder
// that leaves a value out of the SQL is refused when it is first compiled.
import type { CompiledQuery, Compilable, Kysely } from 'kysely';

/** Values a prepared query binds: one each, never a list. */
type Bindable = string | number | null;

const MARK = '\u0000prepared-value:';

interface Plan<Args> {
  compiled: CompiledQuery;
  /** For each parameter of the SQL, the argument it takes, or null for a constant of the query itself. */
  slots: ({ argument: keyof Args } | { constant: unknown })[];
}

export interface PreparedQuery<DB, Args, Row> {
  /** Every row. */
  all(db: Kysely<DB>, args: Args): Promise<Row[]>;
  /** The first row, if any. */
  first(db: Kysely<DB>, args: Args): Promise<Row | undefined>;
  /** How many rows an insert, update or delete changed. */
  changes(db: Kysely<DB>, args: Args): Promise<number>;
}

/**
 * The SQL of every prepared query, with a name: the PostgreSQL pool hands these to the database as
 * named prepared statements (server/db/connect.ts), so each connection parses and plans one once.
 * Bounded by the queries written in the code (one or two texts each), never by the values.
 */
export const statementNames = new Map<string, string>();

/**
 * Beginnings of statements that are not prepared (their text varies with their rows) and yet are as
 * short and as frequent as the prepared ones: on PostgreSQL, outside a transaction, they share the
 * pipelined connections with the prepared statements (server/db/connect.ts). The answer saves' batch
 * upsert of each turn is one (server/exams/answer-batch.ts).
 */
export const pipelinedStatementStarts: string[] = [];

/** The adapter identifies the dialect: a transaction shares its database's, so both use one plan. */
const dialectOf = <DB>(db: Kysely<DB>): object => db.getExecutor().adapter;

/** A query compiled once per dialect: `build` makes it from markers in place of the values it binds. */
export function preparedQuery<DB, Args extends Record<string, Bindable>, Row>(
  build: (db: Kysely<DB>, args: Args) => Compilable<Row>,
): PreparedQuery<DB, Args, Row> {
  const plans = new WeakMap<object, Plan<Args>>();

  const planFor = (db: Kysely<DB>): Plan<Args> => {
    const dialect = dialectOf(db);
    let plan = plans.get(dialect);
    if (plan) return plan;
    // Each value the builder reads is a marker naming it.
    const read = new Set<string>();
    const markers = new Proxy({} as Args, {
      get: (_, name) => {
        read.add(String(name));
        return `${MARK}${String(name)}`;
      },
    });
    const compiled = build(db, markers).compile();
    const slots = compiled.parameters.map((value) =>
      typeof value === 'string' && value.startsWith(MARK) ? { argument: value.slice(MARK.length) as keyof Args } : { constant: value },
    );
    const bound = new Set(slots.flatMap((slot) => ('argument' in slot ? [String(slot.argument)] : [])));
    const unbound = [...read].filter((name) => !bound.has(name));
    if (unbound.length > 0) throw new Error(`A prepared query must bind every value it reads; not bound: ${unbound.join(', ')}`);
    plan = { compiled, slots };
    plans.set(dialect, plan);
    if (!statementNames.has(compiled.sql)) statementNames.set(compiled.sql, `prepared_${statementNames.size + 1}`);
    return plan;
  };

  const run = (db: Kysely<DB>, args: Args) => {
    const { compiled, slots } = planFor(db);
    const parameters = slots.map((slot) => ('argument' in slot ? args[slot.argument] : slot.constant));
    return db.executeQuery<Row>({ ...compiled, parameters });
  };

  return {
    all: async (db, args) => (await run(db, args)).rows,
    first: async (db, args) => (await run(db, args)).rows[0],
    changes: async (db, args) => Number((await run(db, args)).numAffectedRows ?? 0n),
  };
}
