// The teacher desk's session check (GET /api/staff/session): the signed-in staff member for a live
// staff session, 401 without one (none, or signed out), 403 for a student's session. Nothing of the
// staff row beyond the contract's four fields leaves the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signedCalls } from '../support/api-calls.js';
import { DEMO_STUDENT, DEMO_TEACHER } from '../support/demo-academy.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe('the desk session check', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ bundle: 'demo', config: { scryptCost: 1024 } });
  });
  afterAll(() => server?.close());
  const call = signedCalls(() => server, () => []);

  it('answers the staff member of a live staff session, and 401 once it has ended', async () => {
    const teacher = await server.sessionFor(DEMO_TEACHER.id, 'staff');
    const alive = await call('GET', apiPath(accountPaths.staffSession), teacher);
    expect(alive.status).toBe(200);
    expect(alive.body).toEqual({ data: { staff: { _id: DEMO_TEACHER.id, name: expect.any(String), username: DEMO_TEACHER.username, role: 'teacher' } } });
    expect((await call('GET', apiPath(accountPaths.logout), teacher)).status).toBe(200);
    const ended = await call('GET', apiPath(accountPaths.staffSession), teacher);
    expect(ended.status).toBe(401);
    expect(ended.body.errors?.code).toBe('notLoggedIn');
  });

  it('refuses a request without a session (401) and a student (403)', async () => {
    expect((await server.call({ method: 'GET', url: apiPath(accountPaths.staffSession) })).statusCode).toBe(401);
    const student = await call('GET', apiPath(accountPaths.staffSession), await server.sessionFor(DEMO_STUDENT.id));
    expect(student.status).toBe(403);
    expect(student.body.errors?.code).toBe('staffOnly');
  });
});
