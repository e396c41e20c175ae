// GET /metrics: what the people who run the academy watch, in the Prometheus text format (prom-client).
// Off unless METRICS_TOKEN is set (404, as for any unknown address); then only a caller with
// `Authorization: Bearer <token>` reads it (401 otherwise, never a figure).
//
// Each app has a registry of its own (tests build several apps in one process): Node's default process
// metrics plus the academy's own, prefixed `academy_`. Counters move as requests end (onResponse);
// gauges read their figure when scraped (the hash gate, the sockets, the database pool and pipeline, the
// group commit, the jobs table). In the cluster (server/cluster.ts, node:cluster) the worker that answers
// asks the primary, which gathers every worker's registry (prom-client's AggregatorRegistry): one scrape
// reports the whole server, counters and gauges summed over the workers (docs/decisions.md, "Metrics").
import cluster from 'node:cluster';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ApiError, notFound } from './errors.js';
import { databaseStats } from './db/connect.js';
import { jobCounts } from './jobs/queries.js';
import { metricsContract } from '../src/contracts/common.js';
import { API_PREFIX, accountPaths, examsPaths, mistakesPaths } from '../src/contracts/paths.js';

/** The last backup that succeeded (a scheduled one or the command's, in this process), for academy_backup_last_success_timestamp_seconds. */
let lastBackupSuccess: Date | null = null;

/** Records a backup that succeeded, for the metrics (`academy_backup_last_success_timestamp_seconds`). */
export function recordBackupSuccess(at: Date = new Date()): void {
  lastBackupSuccess = at;
}

/** The answer-saving routes (an exam's saves, a mistakes review's checks): saved (2xx) or refused (anything else). */
const ANSWER_ROUTES = new Set([examsPaths.addAnswer, mistakesPaths.check].map((p) => `${API_PREFIX}${p}`));
/** The sign-in routes, students' and staff's. */
const SIGN_IN_ROUTES = new Map([
  [`${API_PREFIX}${accountPaths.login}`, 'student'],
  [`${API_PREFIX}${accountPaths.staffLogin}`, 'staff'],
]);

/** A sign-in's outcome in words, by its status. */
function signInOutcome(status: number): string {
  if (status < 300) return 'signedIn';
  if (status === 401 || status === 403) return 'refused';
  if (status === 429) return 'limited';
  if (status === 503) return 'busy';
  if (status < 500) return 'badRequest';
  return 'failed';
}

/** Seconds: most answers are a few milliseconds; a regrade's decision takes seconds. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export interface Metrics {
  registry: Registry;
}

/** The academy's metrics of one app, counted from its requests and read from its parts when scraped. */
export function attachMetrics(app: FastifyInstance): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const requests = new Counter({ name: 'academy_http_requests_total', help: 'HTTP requests answered, by route (its pattern) and status', labelNames: ['method', 'route', 'status'], registers });
  const durations = new Histogram({
    name: 'academy_http_request_duration_seconds', help: 'Time to answer an HTTP request, by route and status', labelNames: ['method', 'route', 'status'], buckets: DURATION_BUCKETS, registers,
  });
  const answers = new Counter({ name: 'academy_answers_total', help: 'Answer saves (exams and mistake practice), by outcome: saved, or refused with its status', labelNames: ['outcome', 'status'], registers });
  const signIns = new Counter({ name: 'academy_sign_ins_total', help: 'Sign-ins of students and staff, by outcome (signedIn, refused, limited, busy, badRequest, failed)', labelNames: ['who', 'outcome'], registers });

  new Gauge({
    name: 'academy_hash_gate_waiting', help: 'Password hashes waiting for a thread, by lane (known device, normal, slowed)', labelNames: ['lane'], registers,
    collect() {
      for (const [lane, n] of Object.entries(app.hashGate.waitingByLane())) this.set({ lane }, n);
    },
  });
  new Gauge({
    name: 'academy_hash_gate_running', help: 'Password hashes running', registers,
    collect() {
      this.set(app.hashGate.runningNow);
    },
  });
  new Gauge({
    name: 'academy_open_sockets', help: 'Realtime sockets open on this process', registers,
    collect() {
      this.set(app.realtime.io.engine.clientsCount);
    },
  });
  new Gauge({
    name: 'academy_http_connections', help: 'HTTP connections open on this process (sockets included)', registers,
    async collect() {
      this.set(await new Promise<number>((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count))));
    },
  });
  new Gauge({
    name: 'academy_db_pool_connections', help: 'PostgreSQL pool connections by state (total, idle, waiting: requests waiting for one); none on SQLite', labelNames: ['state'], registers,
    collect() {
      const stats = databaseStats(app.db);
      if (!stats?.pool) return;
      this.set({ state: 'total' }, stats.pool.total);
      this.set({ state: 'idle' }, stats.pool.idle);
      this.set({ state: 'waiting' }, stats.pool.waiting);
    },
  });
  new Gauge({
    name: 'academy_db_pipeline_in_flight', help: 'Statements sent on the PostgreSQL pipelined connections and not yet answered; none on SQLite', registers,
    collect() {
      const stats = databaseStats(app.db);
      if (stats?.pipelineInFlight !== undefined) this.set(stats.pipelineInFlight());
    },
  });
  new Gauge({
    name: 'academy_db_writes_waiting', help: "Hot writes (attempt start, answer save, submit) waiting for SQLite's next group commit; 0 on PostgreSQL", registers,
    collect() {
      this.set(app.writes.waiting);
    },
  });
  new Counter({
    name: 'academy_db_group_commits_total', help: "SQLite group commits (one COMMIT for many requests' writes); 0 on PostgreSQL", registers,
    collect() {
      this.reset();
      this.inc(app.writes.commits);
    },
  });
  new Gauge({
    name: 'academy_jobs', help: 'Durable jobs in the database by kind (import, …) and state (waiting, running, done, failed, cancelled)', labelNames: ['kind', 'state'], registers,
    async collect() {
      this.reset();
      for (const row of await jobCounts(app.db, app.clock.now())) this.set({ kind: row.kind, state: row.state }, row.count);
    },
  });
  new Gauge({
    name: 'academy_backup_last_success_timestamp_seconds', help: 'When the last backup succeeded (Unix seconds); absent until one has', registers,
    collect() {
      this.reset();
      if (lastBackupSuccess) this.set(lastBackupSuccess.getTime() / 1000);
    },
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = String(reply.statusCode);
    const labels = { method: request.method, route, status };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    if (ANSWER_ROUTES.has(route)) answers.inc({ outcome: reply.statusCode < 300 ? 'saved' : 'refused', status });
    const who = SIGN_IN_ROUTES.get(route);
    if (who) signIns.inc({ who, outcome: signInOutcome(reply.statusCode) });
  });

  // In the cluster, the primary gathers every worker's registry; this registry is the one it asks for.
  if (cluster.isWorker) {
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([registry]);
  }

  const expected = app.config.metricsToken ? digest(app.config.metricsToken) : null;
  app.route({
    ...metricsContract,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!expected) throw notFound('Not found', 'notFound', `GET ${metricsContract.url} does not exist`);
      const given = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() ?? '';
      if (!given || !timingSafeEqual(digest(given), expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw ApiError.of(401, 'The metrics need the token the server was given (METRICS_TOKEN), sent as "Authorization: Bearer <token>".', 'metricsTokenNeeded');
      }
      const text = cluster.isWorker && process.send ? await clusterMetrics() : await registry.metrics();
      return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
    },
  });
  return { registry };
}

/** Hashed, so that the comparison takes the same time whatever the length of what was given. */
const digest = (token: string) => createHash('sha256').update(token).digest();

/** How long a worker waits for the primary's gathering of every worker's metrics. */
const CLUSTER_METRICS_MS = 5000;
const CLUSTER_REQUEST = 'academy:metricsReq';
const CLUSTER_RESPONSE = 'academy:metricsRes';
let clusterRequests = 0;

/** A worker's request to the primary: the whole cluster's metrics as text. */
function clusterMetrics(): Promise<string> {
  const id = (clusterRequests += 1);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      process.off('message', listen);
      reject(new Error('The primary process did not send the metrics in time.'));
    }, CLUSTER_METRICS_MS);
    const listen = (message: { type?: string; id?: number; text?: string; error?: string }) => {
      if (message?.type !== CLUSTER_RESPONSE || message.id !== id) return;
      clearTimeout(timer);
      process.off('message', listen);
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.text ?? '');
    };
    process.on('message', listen);
    process.send!({ type: CLUSTER_REQUEST, id });
  });
}

/** In the cluster's primary: answers a worker's request with every worker's metrics, aggregated. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== CLUSTER_REQUEST) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: CLUSTER_RESPONSE, id: message.id, text }),
      (error: Error) => worker.send({ type: CLUSTER_RESPONSE, id: message.id, error: error.message }),
    );
  });
}
