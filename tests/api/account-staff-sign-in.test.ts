// Account API: staff sign-in, and the student routes refusing a staff session.
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { accountSuite, PASSWORD, STAFF_PASSWORD, inBatch, teacher, api, body } from './account-fixture.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('account (%s)', (kind) => {
  const account = accountSuite(kind);

  describe('staff sign-in', () => {
    it('signs staff in with a session that student routes refuse', async () => {
      const response = await account.server.call({ method: 'POST', url: apiPath(accountPaths.staffLogin), payload: { username: teacher.username, password: STAFF_PASSWORD } });
      expect(response.statusCode).toBe(200);
      expect(body(response).data.staff).toEqual({ _id: teacher.id, name: teacher.name, username: teacher.username, role: 'teacher' });
      const session = response.headers.sessionid as string;
      expect(session).toMatch(/^[0-9a-f]{32}$/);
      const profile = await account.server.call({ method: 'GET', url: apiPath(accountPaths.profile), session });
      expect(profile.statusCode).toBe(403);
      expect((await account.server.call({ method: 'GET', url: apiPath(accountPaths.logout), session })).statusCode).toBe(200);
    });

    it('refuses a wrong staff password and a student trying the staff door', async () => {
      const wrong = await account.server.call({ method: 'POST', url: apiPath(accountPaths.staffLogin), payload: { username: teacher.username, password: 'nope-nope' } });
      expect(wrong.statusCode).toBe(401);
      expect(body(wrong).errors).toMatchObject({ title: 'Username or password is incorrect', code: 'invalidCredentials' });
      const student = await account.server.call({ method: 'POST', url: apiPath(accountPaths.staffLogin), payload: { username: api(inBatch.phone), password: PASSWORD } });
      expect(student.statusCode).toBe(401);
    });
  });
});
