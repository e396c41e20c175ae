// Kysely's driver for PostgreSQL over node-postgres, with the busiest statements pipelined.
//
// Each statement on a pooled connection is a round trip: the server's thread writes it, the backend
// reads, runs and answers it, and the connection waits for the answer before the next. Under the
// opening storm the syscalls of those writes and reads were the largest item of the server's profile
// and a large part of the backends' CPU, and on a busy machine every statement also waited for its
// backend to be scheduled. The statements of the busiest requests (the prepared queries of
// server/db/engine/prepared.ts that are a `select` or an `insert`, outside a transaction: the reads
// and the start's one-row insert, and the answer saves' batch) go instead to one of a few shared
// connections in node-postgres's pipeline mode: each is written behind those already on the wire
// without waiting for their answers, the statements of one turn of the event loop leave in one write,
// and the backend reads and answers them in one go. Each still ends with its own Sync, so one failing
// does not touch the others.
//
// A pipelined insert commits at its own Sync, so it is answered only once its WAL is flushed, as on
// the pool. The backend waits for that flush (a fifth of a millisecond on this machine's disk) before
// it reads the next statement, so a lane is no place for many writes: the other writes (submits,
// everything in a transaction) stay on the ordinary pool, one connection each, where PostgreSQL
// flushes the commits waiting together at once. The start's insert (one per student in the opening
// storm) and the answer saves' batch (one per turn) are the exceptions: on the pool their socket
// writes were the largest item of the server's profile (docs/performance.md). Every other statement
// (ad-hoc queries, which may be long) runs as with Kysely's own driver.
import pg from 'pg';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type ColumnMetadata,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type TableMetadata,
  sql,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

export interface PipelineOptions {
  /** The ordinary pool: writes, ad-hoc statements and transactions take their connection from it. */
  pool: pg.Pool;
  /** Whether a statement outside a transaction may be pipelined (server/db/connect.ts: the prepared reads). */
  pipelines: (sql: string) => boolean;
  /** Opens one connection of the pipeline (connected by the driver). */
  client: () => pg.Client;
  /** How many shared pipelined connections; 0 sends every statement through the pool as Kysely's own driver does. */
  connections: number;
  /** Every new connection, the pool's and the pipeline's (named prepared statements, error listeners). */
  onClient?: (client: pg.ClientBase) => void;
}

type Client = pg.ClientBase;

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function run(client: Client, query: CompiledQuery): Promise<QueryResult<never>> {
  const { command, rowCount, rows } = await client.query(query.sql, [...query.parameters]);
  return {
    numAffectedRows: command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE' ? BigInt(rowCount ?? 0) : undefined,
    rows: (rows ?? []) as never[],
  };
}

interface Lane {
  client: pg.Client;
  ready: Promise<pg.Client>;
  /** Statements written and not yet answered. */
  inFlight: number;
  dead: boolean;
}

/**
 * The shared pipelined connections. A statement goes to the lane with the fewest statements waiting;
 * a lane whose connection fails or ends is dropped (its waiting statements fail, answered 503 and sent
 * again by the app) and a new one is opened for the next statement.
 */
class Pipeline {
  private readonly lanes: (Lane | null)[];

  constructor(private readonly options: PipelineOptions) {
    this.lanes = Array.from({ length: options.connections }, () => null);
  }

  private open(at: number): Lane {
    const client = this.options.client();
    const lane: Lane = { client, ready: Promise.resolve(client), inFlight: 0, dead: false };
    const drop = () => {
      lane.dead = true;
      if (this.lanes[at] === lane) this.lanes[at] = null;
    };
    client.on('error', drop);
    client.on('end', drop);
    this.options.onClient?.(client);
    lane.ready = client.connect().then(
      () => client,
      (error: unknown) => {
        drop();
        throw error;
      },
    );
    corkEachTurn(client);
    this.lanes[at] = lane;
    return lane;
  }

  private lane(): Lane {
    let best: Lane | null = null;
    for (let at = 0; at < this.lanes.length; at += 1) {
      const lane = this.lanes[at] ?? this.open(at);
      if (best === null || lane.inFlight < best.inFlight) best = lane;
      if (lane.inFlight === 0) break;
    }
    return best!;
  }

  inFlight(): number {
    return this.lanes.reduce((sum, lane) => sum + (lane?.inFlight ?? 0), 0);
  }

  async execute(query: CompiledQuery): Promise<QueryResult<never>> {
    const lane = this.lane();
    lane.inFlight += 1;
    try {
      return await run(await lane.ready, query);
    } finally {
      lane.inFlight -= 1;
    }
  }

  async end(): Promise<void> {
    const lanes = this.lanes.splice(0).filter((lane): lane is Lane => lane !== null);
    await Promise.all(lanes.map((lane) => lane.ready.then((client) => client.end(), () => undefined)));
  }
}

/**
 * The messages of every statement written in one turn of the event loop leave in one write: node-postgres
 * corks the socket around each statement's messages; holding one more cork until the turn ends joins them.
 */
function corkEachTurn(client: pg.Client): void {
  const connection = (client as unknown as { connection: { stream: import('node:net').Socket } }).connection;
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let corked = false;
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const stream = connection.stream;
    if (!corked && stream.writable) {
      corked = true;
      stream.cork();
      process.nextTick(() => {
        corked = false;
        stream.uncork();
      });
    }
    return query(...args);
  };
}

/**
 * A connection as Kysely sees it. Outside a transaction each statement goes to the pipeline or takes a
 * pool connection for itself; a transaction reserves one pool connection for all of its statements.
 */
class RoutedConnection implements DatabaseConnection {
  reserved: pg.PoolClient | null = null;

  constructor(private readonly driver: PipelinedPostgresDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return (this.reserved ? run(this.reserved, query) : this.driver.outsideTransaction(query)) as Promise<QueryResult<R>>;
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not used with PostgreSQL here.');
  }
}

export class PipelinedPostgresDriver implements Driver {
  private readonly pipeline: Pipeline | null;

  constructor(private readonly options: PipelineOptions) {
    this.pipeline = options.connections > 0 ? new Pipeline(options) : null;
  }

  async init(): Promise<void> {}

  /** Statements on the pipelined connections not yet answered. */
  inFlight(): number {
    return this.pipeline?.inFlight() ?? 0;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    return new RoutedConnection(this);
  }

  async outsideTransaction(query: CompiledQuery): Promise<QueryResult<never>> {
    if (this.pipeline && this.options.pipelines(query.sql)) return this.pipeline.execute(query);
    const client = await this.options.pool.connect();
    try {
      return await run(client, query);
    } finally {
      client.release();
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const routed = connection as RoutedConnection;
    routed.reserved ??= await this.options.pool.connect();
    let begin = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      begin = 'start transaction';
      if (settings.isolationLevel) begin += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) begin += ` ${settings.accessMode}`;
    }
    await routed.executeQuery(CompiledQuery.raw(begin));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoted(name)}`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoted(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoted(name)}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const routed = connection as RoutedConnection;
    routed.reserved?.release();
    routed.reserved = null;
  }

  async destroy(): Promise<void> {
    await this.pipeline?.end();
    await this.options.pool.end();
  }
}

export class PipelinedPostgresDialect implements Dialect {
  private readonly drivers: PipelinedPostgresDriver[] = [];
  constructor(private readonly options: PipelineOptions) {}

  createDriver(): Driver {
    const driver = new PipelinedPostgresDriver(this.options);
    this.drivers.push(driver);
    return driver;
  }

  /** Statements on the pipelined connections not yet answered (the metrics read it). */
  inFlight(): number {
    return this.drivers.reduce((sum, driver) => sum + driver.inFlight(), 0);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db);
  }
}

/**
 * Kysely's introspector for PostgreSQL, its tables limited to the connection's own schema (the first of
 * its search_path). The stock one reads every schema of the database with per-row catalog functions,
 * so a schema dropped or altered meanwhile by another academy or a test run beside this one failed it
 * ("schema … does not exist"); Kysely's Migrator asks it for its tables at every start.
 */
export class OwnSchemaIntrospector extends PostgresIntrospector {
  constructor(private readonly database: Kysely<unknown>) {
    super(database);
  }

  override async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; table: string; kind: string; column: string | null; type: string | null; notNull: boolean | null; hasDefault: boolean | null }>`
      select ns.nspname as "schema", c.relname as "table", c.relkind as "kind", a.attname as "column",
             typ.typname as "type", a.attnotnull as "notNull", a.atthasdef as "hasDefault"
      from pg_catalog.pg_class c
      join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      left join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      left join pg_catalog.pg_type typ on typ.oid = a.atttypid
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname, a.attnum`.execute(this.database);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && (row.table === 'kysely_migration' || row.table === 'kysely_migration_lock')) continue;
      let table = tables.get(row.table);
      if (!table) tables.set(row.table, (table = { name: row.table, schema: row.schema, isView: row.kind === 'v', columns: [] }));
      if (row.column === null) continue;
      (table.columns as ColumnMetadata[]).push({
        name: row.column,
        dataType: row.type ?? '',
        isNullable: !row.notNull,
        isAutoIncrementing: false,
        hasDefaultValue: Boolean(row.hasDefault),
      });
    }
    return [...tables.values()];
  }
}
