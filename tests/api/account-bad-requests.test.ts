// Account API: malformed requests are answered 4xx with a plain title, never 500.
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { accountSuite, PASSWORD, other, body } from './account-fixture.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('account (%s)', (kind) => {
  const account = accountSuite(kind);

  describe('bad requests never reach a 500', () => {
    const cases: { name: string; method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: string | object; headers?: Record<string, string>; status: number; title?: string; session?: boolean }[] = [
      { name: 'bad JSON', method: 'POST', url: apiPath(accountPaths.login), payload: '{"username": "88017', headers: { 'content-type': 'application/json' }, status: 400, title: 'The request body is not valid JSON.' },
      { name: 'empty JSON body', method: 'POST', url: apiPath(accountPaths.login), payload: '', headers: { 'content-type': 'application/json' }, status: 400 },
      { name: 'a list for a body', method: 'POST', url: apiPath(accountPaths.login), payload: [1, 2], status: 400, title: 'Invalid request' },
      { name: 'an object for a password', method: 'POST', url: apiPath(accountPaths.login), payload: { username: '8801710000001', password: { $gt: '' } }, status: 400, title: 'Invalid request' },
      { name: 'an unknown field', method: 'POST', url: apiPath(accountPaths.login), payload: { username: '8801710000001', password: PASSWORD, admin: true }, status: 400, title: 'Invalid request' },
      { name: 'a huge body', method: 'POST', url: apiPath(accountPaths.login), payload: JSON.stringify({ username: '8801710000001', password: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' }, status: 413, title: 'The request is too large.' },
      { name: 'a text body', method: 'POST', url: apiPath(accountPaths.login), payload: 'username=1', headers: { 'content-type': 'text/plain' }, status: 400 },
      { name: 'a form body', method: 'POST', url: apiPath(accountPaths.login), payload: 'username=1', headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 415 },
      { name: 'a long phone in the path', method: 'GET', url: apiPath(accountPaths.registrationCode, { phone: '8'.repeat(90) }), status: 400, title: 'Phone no. is not valid' },
      { name: 'a bad forgotPassword flag', method: 'PATCH', url: `${apiPath(accountPaths.setPassword)}?forgotPassword=maybe`, payload: { otp: '123456', hash: 'ffffffffffffffffffffffff', phone: '8801710000001', password: 'secret-1' }, status: 400, title: 'Invalid request' },
      { name: 'a number for the hash', method: 'PATCH', url: apiPath(accountPaths.setPassword), payload: { otp: '123456', hash: 12345, phone: '8801710000001', password: 'secret-1' }, status: 400, title: 'Invalid request' },
      { name: 'a number for the code', method: 'PATCH', url: apiPath(accountPaths.setPassword), payload: { otp: 123456, hash: 'ffffffffffffffffffffffff', phone: '8801710000001', password: 'secret-1' }, status: 400, title: 'Invalid request' },
      { name: 'bad JSON on the profile', method: 'PATCH', url: apiPath(accountPaths.profile), payload: '{SSCGPA:', headers: { 'content-type': 'application/json' }, status: 400, title: 'The request body is not valid JSON.', session: true },
      { name: 'a list for the profile', method: 'PATCH', url: apiPath(accountPaths.profile), payload: [4, 4], status: 400, session: true },
      { name: 'a number for the picture', method: 'PATCH', url: apiPath(accountPaths.profile), payload: { SSCGPA: 4, HSCGPA: 4, profilePic: { key: 1 } }, status: 400, title: 'Invalid request', session: true },
      { name: 'an unknown query on the profile', method: 'GET', url: `${apiPath(accountPaths.profile)}?studentId=a20000000000000000000001`, status: 400, title: 'Invalid request', session: true },
      { name: 'a staff login without fields', method: 'POST', url: apiPath(accountPaths.staffLogin), payload: {}, status: 400, title: 'Please enter username' },
    ];
    for (const c of cases) {
      it(`answers ${c.status} to ${c.name}`, async () => {
        const session = c.session ? await account.server.sessionFor(other.id) : undefined;
        const response = await account.server.call({ method: c.method, url: c.url, payload: c.payload, headers: c.headers, session });
        expect(response.statusCode).toBe(c.status);
        const errors = body(response).errors;
        expect(errors.title).toEqual(expect.any(String));
        if (c.title) expect(errors.title).toBe(c.title);
      });
    }
  });
});
