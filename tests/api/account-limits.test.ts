// Sign-in and code requests under floods: failed sign-ins counted by client address and across the
// academy (slowing, never refusing: tests/api/sign-in-flood.test.ts), a bounded number of hashes at
// once, sign-in answers that take the same time whether or not the account exists, and code requests
// limited by address and across the academy.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountLimits } from '../../server/config.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { databaseKinds } from '../support/databases.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

const PASSWORD = 'student123';
const student = { id: 'a20000000000000000000001', name: 'Nusrat Jahan', sid: 'MA26-0001', phone: '01710000001', password: PASSWORD };
const withoutPassword = { id: 'a20000000000000000000002', name: 'Tanvir Ahmed', sid: 'MA26-0002', phone: '01710000002' };
const teacher = { id: 'a30000000000000000000001', name: 'Dr. Mahbub Alam', username: 'teacher@academy.test', role: 'teacher' as const, password: 'teacher-pass-1' };
const bundle = { staff: [teacher], students: [student, withoutPassword] };

const minutes = (n: number) => n * 60_000;
const tight: AccountLimits = {
  signInPerAddress: { max: 6, windowMs: minutes(15) },
  signInGlobal: { max: 15, windowMs: minutes(15) },
  codeRequestsPerAddress: { max: 4, windowMs: minutes(60) },
  codeRequestsGlobal: { max: 10, windowMs: minutes(60) },
  codesSentGlobal: { max: 6, windowMs: minutes(60) },
  hashConcurrency: 2,
  hashQueue: 64,
  hashWaitMs: 10_000,
  signInKnownDevice: { max: 5, windowMs: minutes(15) },
};

const api = (local: string) => `88${local}`;
let lastNumber = 0;
const freshPhone = () => `0193${String(++lastNumber).padStart(7, '0')}`;

describe.each(databaseKinds())('account limits (%s)', (kind) => {
  let server: TestServer;
  let smsFile: string;
  const start = async (limits: Partial<AccountLimits> = {}, scryptCost = 2 ** 14) => {
    server = await startTestServer({ kind, bundle, env: { SMS_TRANSPORT: `file:${smsFile}` }, config: { scryptCost, limits: { ...tight, ...limits } } });
  };
  beforeEach(() => {
    smsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'academy-sms-')), 'codes.jsonl');
  });
  afterEach(async () => {
    await server?.close();
    fs.rmSync(path.dirname(smsFile), { recursive: true, force: true });
  });

  const login = (local: string, password: string, from: string) =>
    server.call({ method: 'POST', url: apiPath(accountPaths.login), payload: { username: api(local), password }, remoteAddress: from });
  const staffLogin = (username: string, password: string, from: string) =>
    server.call({ method: 'POST', url: apiPath(accountPaths.staffLogin), payload: { username, password }, remoteAddress: from });
  const requestCode = (local: string, from: string) => server.call({ method: 'GET', url: apiPath(accountPaths.registrationCode, { phone: api(local) }), remoteAddress: from });
  const requestReset = (local: string, from: string) => server.call({ method: 'PATCH', url: apiPath(accountPaths.resetCode, { phone: api(local) }), remoteAddress: from });

  it('counts failed sign-ins from one address and slows them past the limit, without touching other addresses or successes', async () => {
    await start();
    for (let i = 0; i < 10; i++) expect((await login(student.phone, PASSWORD, '10.0.0.3')).statusCode).toBe(200);
    for (let i = 0; i < 6; i++) expect((await login(freshPhone(), 'guess-123', '10.0.0.1')).statusCode).toBe(401);
    const counted = (address: string) => server.app.db.selectFrom('rate_events').select('id').where('bucket', '=', `sign-in:address:${address}`).execute();
    expect(await counted('10.0.0.1')).toHaveLength(6);
    expect(await counted('10.0.0.3')).toHaveLength(0); // successes are not counted
    // Past the limit the address's attempts are still checked, in the slowed lane: right passwords pass.
    const slowed = server.app.hashGate.laneRuns.slowed;
    expect((await login(freshPhone(), 'guess-123', '10.0.0.1')).statusCode).toBe(401);
    expect((await login(student.phone, PASSWORD, '10.0.0.1')).statusCode).toBe(200);
    expect((await staffLogin(teacher.username, teacher.password, '10.0.0.1')).statusCode).toBe(200);
    expect(server.app.hashGate.laneRuns.slowed).toBe(slowed + 3);
    expect(await counted('10.0.0.1')).toHaveLength(6);
    // Another address is in good standing.
    const normal = server.app.hashGate.laneRuns.normal;
    expect((await login(student.phone, PASSWORD, '10.0.0.2')).statusCode).toBe(200);
    expect(server.app.hashGate.laneRuns.normal).toBe(normal + 1);
  });

  it('does not trust a forged X-Forwarded-For to choose the counted address', async () => {
    await start();
    for (let i = 0; i < 6; i++) {
      const forged = await server.call({ method: 'POST', url: apiPath(accountPaths.login), payload: { username: api(freshPhone()), password: 'guess-123' }, remoteAddress: '10.0.1.1', headers: { 'x-forwarded-for': `172.16.0.${i}` } });
      expect(forged.statusCode).toBe(401);
    }
    const buckets = await server.app.db.selectFrom('rate_events').select('bucket').where('bucket', 'like', 'sign-in:address:%').execute();
    expect(buckets.map((row) => row.bucket)).toEqual(Array(6).fill('sign-in:address:10.0.1.1'));
  });

  it('counts failed sign-ins across the academy without ever refusing a sign-in for them', async () => {
    await start();
    for (let i = 0; i < 15; i++) expect((await login(freshPhone(), 'guess-123', `10.1.0.${i}`)).statusCode).toBe(401);
    const counted = () => server.app.db.selectFrom('rate_events').select('id').where('bucket', '=', 'sign-in:all').execute();
    expect(await counted()).toHaveLength(15);
    // Full: further failures are still checked (and slowed in the hash queue), no longer counted.
    const hashed = server.app.hashGate.runs;
    expect((await login(freshPhone(), 'guess-123', '10.1.0.1')).statusCode).toBe(401);
    expect(server.app.hashGate.runs).toBe(hashed + 1);
    expect(await counted()).toHaveLength(15);
    expect((await login(student.phone, PASSWORD, '10.1.1.1')).statusCode).toBe(200);
    expect((await staffLogin(teacher.username, teacher.password, '10.1.1.2')).statusCode).toBe(200);
  });

  it('runs at most the configured hashes at once and answers busy beyond its queue', async () => {
    // A higher cost makes each hash last long enough for the flood to meet it.
    await start({ hashConcurrency: 1, hashQueue: 3, signInPerAddress: { max: 100, windowMs: minutes(15) }, signInGlobal: { max: 100, windowMs: minutes(15) } }, 2 ** 16);
    const flood = await Promise.all(Array.from({ length: 12 }, (_, i) => login(freshPhone(), 'guess-123', `10.2.0.${i}`)));
    const statuses = flood.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(4);
    expect(statuses.filter((s) => s === 503)).toHaveLength(8);
    for (const reply of flood.filter((r) => r.statusCode === 503)) expect(reply.json().errors.code).toBe('signInBusy');
    expect(server.app.hashGate.peakRunning).toBe(1);
    // A request turned away by the queue was not the caller's failure: it is not counted.
    const counted = await server.app.db.selectFrom('rate_events').select('id').where('bucket', '=', 'sign-in:all').execute();
    expect(counted).toHaveLength(4);
    expect((await login(student.phone, PASSWORD, '10.2.1.1')).statusCode).toBe(200);
  });

  it('does the same work for known and unknown numbers, students without a password, and staff: one full password hash each', async () => {
    await start({ signInPerAddress: { max: 100, windowMs: minutes(15) }, signInGlobal: { max: 100, windowMs: minutes(15) } }, 2 ** 15);
    // Counted, not timed: the time a sign-in takes is the time of its hash, and a loaded machine's
    // clock proves nothing. Every kind of failed sign-in runs exactly one hash at the configured cost.
    const hashesFor = async (attempt: () => Promise<unknown>) => {
      const before = server.app.hashGate.runs;
      const began = performance.now();
      await attempt();
      return { hashes: server.app.hashGate.runs - before, ms: performance.now() - began };
    };
    const kinds = {
      known: await hashesFor(() => login(student.phone, 'guess-123', '10.3.0.1')),
      unknown: await hashesFor(() => login(freshPhone(), 'guess-123', '10.3.1.1')),
      'without password': await hashesFor(() => login(withoutPassword.phone, 'guess-123', '10.3.2.1')),
      'staff known': await hashesFor(() => staffLogin(teacher.username, 'guess-123', '10.3.3.1')),
      'staff unknown': await hashesFor(() => staffLogin('nobody@academy.test', 'guess-123', '10.3.4.1')),
    };
    console.info(`sign-in (scrypt N=2^15): ${Object.entries(kinds).map(([name, k]) => `${name} ${k.ms.toFixed(1)} ms`).join(', ')}`);
    for (const [name, kind] of Object.entries(kinds)) expect(kind.hashes, name).toBe(1);
  });

  it('limits code requests and number checks from one address, whatever their answer', async () => {
    await start();
    expect((await requestCode(freshPhone(), '10.4.0.1')).statusCode).toBe(200);
    expect((await requestCode(student.phone, '10.4.0.1')).statusCode).toBe(409); // registered: a check all the same
    expect((await requestReset(freshPhone(), '10.4.0.1')).statusCode).toBe(404);
    expect((await requestReset(student.phone, '10.4.0.1')).statusCode).toBe(200);
    for (const refused of [await requestCode(freshPhone(), '10.4.0.1'), await requestReset(student.phone, '10.4.0.1')]) {
      expect(refused.statusCode).toBe(429);
      expect(refused.json().errors).toMatchObject({ code: 'tooManyCodeRequests', title: 'Too many code requests from your network. Please try again later.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    }
    // The refused checks did not reveal whether the number is registered, nor send anything.
    expect(fs.readFileSync(smsFile, 'utf8').trim().split('\n')).toHaveLength(2);
    expect((await requestCode(freshPhone(), '10.4.0.2')).statusCode).toBe(200);
  });

  it('limits codes sent and number checks across the academy', async () => {
    await start();
    for (let i = 0; i < 6; i++) expect((await requestCode(freshPhone(), `10.5.0.${i}`)).statusCode).toBe(200);
    const noMoreCodes = await requestCode(freshPhone(), '10.5.1.1');
    expect(noMoreCodes.statusCode).toBe(429);
    expect(noMoreCodes.json().errors).toMatchObject({ code: 'otpSendBusy', title: 'Too many codes are being requested right now. Please try again in a few minutes.' });
    expect(fs.readFileSync(smsFile, 'utf8').trim().split('\n')).toHaveLength(6);
    // Checks that send nothing still count: three more reach the limit of ten.
    for (let i = 0; i < 3; i++) expect((await requestCode(student.phone, `10.5.2.${i}`)).statusCode).toBe(409);
    const noMoreChecks = await requestCode(student.phone, '10.5.3.1');
    expect(noMoreChecks.statusCode).toBe(429);
    expect(noMoreChecks.json().errors.code).toBe('codeRequestsBusy');
    server.clock.advance(minutes(60) + 1000);
    expect((await requestCode(freshPhone(), '10.5.3.1')).statusCode).toBe(200);
  });
});
