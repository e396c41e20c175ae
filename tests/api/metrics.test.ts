// GET /metrics (server/metrics.ts): off unless METRICS_TOKEN is set, then only for its bearer token, and
// its figures move with what the server does (an answer saved, a sign-in refused), on both databases.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { GROUP, LIVE, LIVE_Q, STUDENT, examBundle } from './exams-fixture.js';
import { accountPaths, examsPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';
import { recordBackupSuccess } from '../../server/metrics.js';

const TOKEN = 'metrics-token-for-the-test-0123456789';

/** The value of one sample (metric name with its labels as written), or 0 when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('the metrics switched off', { timeout: 120_000 }, () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers 404 without METRICS_TOKEN, with or without a token sent', async () => {
    server = await startTestServer();
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await server.call({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('academy_');
    }
  });
});

describe.each(databaseKinds())('the metrics (%s)', { timeout: 120_000 }, (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: examBundle(), env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => server.close());

  const scrape = async () => {
    const response = await server.call({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    return response.body;
  };

  it('refuses a scrape without the token, or with another, and shows no figure', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, { authorization: `Bearer ${TOKEN}x` }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }]) {
      const response = await server.call({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toContain('Bearer');
      expect(response.json().errors.code).toBe('metricsTokenNeeded');
      expect(response.body).not.toContain('academy_');
      expect(response.body).not.toContain('process_cpu');
    }
  });

  it("gives the process's figures and the academy's own", async () => {
    const text = await scrape();
    for (const name of [
      'process_cpu_user_seconds_total', 'nodejs_eventloop_lag_seconds', 'academy_http_requests_total', 'academy_hash_gate_waiting', 'academy_hash_gate_running',
      'academy_open_sockets', 'academy_http_connections', 'academy_db_writes_waiting', 'academy_db_group_commits_total', 'academy_jobs',
      'academy_backup_last_success_timestamp_seconds',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(text).toContain('academy_hash_gate_waiting{lane="known"} 0');
    if (kind === 'postgres') expect(text).toMatch(/academy_db_pool_connections\{state="total"\} [1-9]/);
    else expect(text).not.toContain('academy_db_pool_connections{');
  });

  it('counts an answer saved and one refused, a sign-in refused, and the requests by route', async () => {
    const before = await scrape();
    const session = await server.sessionFor(STUDENT);
    expect((await server.call({ method: 'PATCH', url: apiPath(examsPaths.start, { examId: LIVE, groupId: GROUP }), session })).statusCode).toBe(200);
    const save = (questionId: string) =>
      server.call({ method: 'PATCH', url: `${apiPath(examsPaths.addAnswer, { examId: LIVE, groupId: GROUP })}?isLive=true`, session, payload: { questionId, answer: [1], timestamp: Date.now() } });
    expect((await save(LIVE_Q.mcq)).statusCode).toBe(200);
    expect((await save('0123456789abcdef01234567')).statusCode).toBeGreaterThanOrEqual(400);
    expect((await server.call({ method: 'POST', url: apiPath(accountPaths.login), payload: { username: '01799999999', password: 'not-the-password' } })).statusCode).toBe(401);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(moved('academy_answers_total', { outcome: 'saved', status: '200' })).toBe(1);
    const refused = after.split('\n').filter((line) => line.startsWith('academy_answers_total{outcome="refused"'));
    expect(refused.reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0)).toBe(1);
    expect(moved('academy_sign_ins_total', { who: 'student', outcome: 'refused' })).toBe(1);
    const route = `/api${examsPaths.addAnswer}`;
    expect(moved('academy_http_requests_total', { method: 'PATCH', route, status: '200' })).toBe(1);
    expect(moved('academy_http_request_duration_seconds_count', { method: 'PATCH', route, status: '200' })).toBe(1);
    if (kind === 'sqlite') expect(sample(after, 'academy_db_group_commits_total')).toBeGreaterThan(sample(before, 'academy_db_group_commits_total'));
  });

  it('reports the last backup that succeeded', async () => {
    const at = kind === 'sqlite' ? '2026-11-29T06:00:00Z' : '2026-11-29T12:00:00Z';
    recordBackupSuccess(new Date(at));
    expect(sample(await scrape(), 'academy_backup_last_success_timestamp_seconds')).toBe(Date.parse(at) / 1000);
  });
});
