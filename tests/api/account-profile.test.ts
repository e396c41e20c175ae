// Account API: the student's own profile.
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { accountSuite, noBatch, other, teacher, body } from './account-fixture.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('account (%s)', (kind) => {
  const account = accountSuite(kind);

  describe('profile', () => {
    it('reads and updates only GPA, and each student only their own profile', async () => {
      const mine = await account.server.sessionFor(noBatch.id);
      const theirs = await account.server.sessionFor(other.id);
      const read = await account.server.call({ method: 'GET', url: apiPath(accountPaths.profile), session: mine });
      expect(read.statusCode).toBe(200);
      expect(body(read).data).toMatchObject({ _id: noBatch.id, name: noBatch.name, groups: [], courses: [] });

      const update = await account.server.call({ method: 'PATCH', url: apiPath(accountPaths.profile), session: mine, payload: { SSCGPA: 4.5, HSCGPA: 0 } });
      expect(update.statusCode).toBe(200);
      expect(body(update).data).toMatchObject({ _id: noBatch.id, SSCGPA: 4.5, HSCGPA: 0 });
      expect(body(await account.server.call({ method: 'GET', url: apiPath(accountPaths.profile), session: mine })).data).toMatchObject({ SSCGPA: 4.5, HSCGPA: 0 });
      // The other student's profile is untouched and is all they can see.
      expect(body(await account.server.call({ method: 'GET', url: apiPath(accountPaths.profile), session: theirs })).data).toMatchObject({ _id: other.id, SSCGPA: 4, HSCGPA: 4 });
      // An id in the body is not a way to reach someone else.
      const sneaky = await account.server.call({ method: 'PATCH', url: apiPath(accountPaths.profile), session: theirs, payload: { _id: noBatch.id, SSCGPA: 1, HSCGPA: 1 } });
      expect(sneaky.statusCode).toBe(400);
      expect(body(await account.server.call({ method: 'GET', url: apiPath(accountPaths.profile), session: mine })).data).toMatchObject({ SSCGPA: 4.5, HSCGPA: 0 });
    });

    it('refuses GPA outside 0 to 5 or not a number with the spec message', async () => {
      const session = await account.server.sessionFor(other.id);
      for (const payload of [{ SSCGPA: 5.01, HSCGPA: 4 }, { SSCGPA: 4, HSCGPA: -1 }, { SSCGPA: null, HSCGPA: 4 }, { SSCGPA: 'abc', HSCGPA: 4 }, { SSCGPA: false, HSCGPA: 4 }, { HSCGPA: 4 }]) {
        const response = await account.server.call({ method: 'PATCH', url: apiPath(accountPaths.profile), session, payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(body(response).errors, JSON.stringify(payload)).toMatchObject({ title: 'The given number is not valid', code: 'gpaInvalid' });
      }
      expect(body(await account.server.call({ method: 'GET', url: apiPath(accountPaths.profile), session })).data).toMatchObject({ SSCGPA: 4, HSCGPA: 4 });
    });

    it('refuses changes to any other field', async () => {
      const session = await account.server.sessionFor(other.id);
      for (const field of ['name', 'username', 'sid', 'contact', 'branch', 'session', 'groups']) {
        const response = await account.server.call({ method: 'PATCH', url: apiPath(accountPaths.profile), session, payload: { SSCGPA: 4, HSCGPA: 4, [field]: 'x' } });
        expect(response.statusCode, field).toBe(400);
        expect(body(response).errors).toMatchObject({ title: 'Only SSCGPA, HSCGPA and the profile picture can be changed.', code: 'fieldNotEditable' });
      }
      expect(body(await account.server.call({ method: 'GET', url: apiPath(accountPaths.profile), session })).data.name).toBe(other.name);
    });

    it('needs a student session', async () => {
      const anonymous = await account.server.call({ method: 'GET', url: apiPath(accountPaths.profile) });
      expect(anonymous.statusCode).toBe(401);
      expect(body(anonymous).errors.code).toBe('notLoggedIn');
      const forged = await account.server.call({ method: 'GET', url: apiPath(accountPaths.profile), session: '0123456789abcdef0123456789abcdef' });
      expect(forged.statusCode).toBe(401);
      const staff = await account.server.call({ method: 'GET', url: apiPath(accountPaths.profile), session: await account.server.sessionFor(teacher.id, 'staff') });
      expect(staff.statusCode).toBe(403);
    });
  });
});
