// The account API's suites share one academy: its course and batch, six students and a teacher, and a
// server per suite whose SMS codes go to a file the suite reads back. Used by tests/api/account-*.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

export const COURSE = 'c10000000000000000000001';
export const GROUP = 'a10000000000000000000001';
export const PASSWORD = 'student123';
export const STAFF_PASSWORD = 'teacher-pass-1';

export const inBatch = { id: 'a20000000000000000000001', name: 'Nusrat Jahan', sid: 'MA26-0001', phone: '01710000001', password: PASSWORD, contact: '01811000001', session: '2025-26', branch: { name: 'Farmgate', division: 'Dhaka' }, SSCGPA: 5, HSCGPA: 4.83, groups: [GROUP] };
export const noBatch = { id: 'a20000000000000000000002', name: 'Rafiq Hasan', sid: 'MA26-0002', phone: '01710000002', password: PASSWORD, groups: [] };
/** Imported by the academy before choosing a password: registers with a code to set one. */
export const imported = { id: 'a20000000000000000000003', name: 'Tanvir Ahmed', sid: 'MA26-0003', phone: '01710000003' };
export const resetter = { id: 'a20000000000000000000004', name: 'Farhana Akter', sid: 'MA26-0004', phone: '01710000004', password: PASSWORD };
export const lockedOut = { id: 'a20000000000000000000005', name: 'Sadia Islam', sid: 'MA26-0005', phone: '01710000005', password: PASSWORD };
export const other = { id: 'a20000000000000000000006', name: 'Mehedi Hasan', sid: 'MA26-0006', phone: '01710000006', password: PASSWORD, SSCGPA: 4, HSCGPA: 4 };
export const teacher = { id: 'a30000000000000000000001', name: 'Dr. Mahbub Alam', username: 'teacher@academy.test', role: 'teacher' as const, password: STAFF_PASSWORD };

export const bundle = {
  staff: [teacher],
  courses: [{ id: COURSE, name: 'MBBS Admission 2026', subjects: [] }],
  groups: [{ id: GROUP, name: 'MBBS 2026 Morning Batch', courseId: COURSE, items: 'all' }],
  students: [inBatch, noBatch, imported, resetter, lockedOut, other],
};

export const api = (local: string) => `88${local}`;
export const body = (response: { body: string }) => JSON.parse(response.body);

type Answer = ReturnType<TestServer['call']>;

export interface AccountSuite {
  /** The suite's server, started in its beforeAll. */
  readonly server: TestServer;
  /** A fresh valid number no other test uses, so rate limits never cross tests. */
  freshPhone(): string;
  /** The newest code the file transport wrote for this number and purpose. */
  codeSentTo(local: string, purpose: 'register' | 'reset'): string;
  login(local: string, password: string): Answer;
  requestCode(local: string): Answer;
  requestReset(local: string): Answer;
  setPassword(payload: Record<string, unknown>, forgotPassword?: boolean): Answer;
  checkCode(payload: Record<string, unknown>, forgotPassword?: boolean): Answer;
  wrongCode(code: string): string;
}

/** Registers the calling suite's beforeAll/afterAll: a server with the academy above on `kind`, codes written to a file. */
export function accountSuite(kind: 'sqlite' | 'postgres'): AccountSuite {
  let server: TestServer | undefined;
  let smsFile: string;
  let lastNumber = 20_000_000;
  const running = () => {
    if (!server) throw new Error('The account suite\'s server has not started');
    return server;
  };
  beforeAll(async () => {
    smsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'academy-sms-')), 'codes.jsonl');
    // A lower scrypt cost keeps the suite quick; hashing and checking run the same code as in production.
    server = await startTestServer({ kind, bundle, env: { SMS_TRANSPORT: `file:${smsFile}` }, config: { scryptCost: 2 ** 14 } });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(path.dirname(smsFile), { recursive: true, force: true });
  });
  return {
    get server() {
      return running();
    },
    freshPhone: () => `0191${String(++lastNumber).slice(-7)}`,
    codeSentTo(local, purpose) {
      const lines = fs.readFileSync(smsFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { phone: string; code: string; purpose: string; at: string });
      const mine = lines.filter((line) => line.phone === api(local) && line.purpose === purpose);
      expect(mine.length).toBeGreaterThan(0);
      return mine[mine.length - 1]!.code;
    },
    login: (local, password) => running().call({ method: 'POST', url: apiPath(accountPaths.login), payload: { username: api(local), password } }),
    requestCode: (local) => running().call({ method: 'GET', url: apiPath(accountPaths.registrationCode, { phone: api(local) }) }),
    requestReset: (local) => running().call({ method: 'PATCH', url: apiPath(accountPaths.resetCode, { phone: api(local) }) }),
    setPassword: (payload, forgotPassword = false) =>
      running().call({ method: 'PATCH', url: `${apiPath(accountPaths.setPassword)}${forgotPassword ? '?forgotPassword=true' : ''}`, payload }),
    checkCode: (payload, forgotPassword = false) =>
      running().call({ method: 'POST', url: `${apiPath(accountPaths.checkCode)}${forgotPassword ? '?forgotPassword=true' : ''}`, payload }),
    wrongCode: (code) => String((Number(code) + 1) % 1_000_000).padStart(6, '0'),
  };
}
