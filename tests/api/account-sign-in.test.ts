// Account API: sign-in and sign-out.
import { describe, expect, it, onTestFinished } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { accountSuite, COURSE, GROUP, PASSWORD, inBatch, noBatch, lockedOut, api, body } from './account-fixture.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('account (%s)', (kind) => {
  const account = accountSuite(kind);
  const { freshPhone, login, requestCode } = account;

  describe('sign-in and sign-out', () => {
    it('signs in with the session id in the sessionid header and the contract Student object', async () => {
      const response = await login(inBatch.phone, PASSWORD);
      expect(response.statusCode).toBe(200);
      expect(response.headers.sessionid).toMatch(/^[0-9a-f]{32}$/);
      expect(response.headers['access-control-expose-headers']).toContain('sessionid');
      expect(body(response).data.student).toEqual({
        _id: inBatch.id,
        name: inBatch.name,
        sid: inBatch.sid,
        username: api(inBatch.phone),
        contact: inBatch.contact,
        session: inBatch.session,
        branch: inBatch.branch,
        profilePic: null,
        SSCGPA: 5,
        HSCGPA: 4.83,
        groups: [{ _id: GROUP, name: 'MBBS 2026 Morning Batch', courseId: COURSE }],
        courses: [{ _id: COURSE, name: 'MBBS Admission 2026' }],
      });
      const profile = await account.server.call({ method: 'GET', url: apiPath(accountPaths.profile), session: response.headers.sessionid as string });
      expect(body(profile).data._id).toBe(inBatch.id);
    });

    it('answers with My Courses\' list as the course list gives it, and an empty one for a student in no batch', async () => {
      const response = await login(inBatch.phone, PASSWORD);
      const list = await account.server.call({ method: 'GET', url: `/api/student/courseByStudent/${inBatch.id}`, session: response.headers.sessionid as string });
      expect(body(response).data.myCourses).toEqual(body(list).data);
      expect(body(response).data.myCourses).toEqual([{ _id: COURSE, name: 'MBBS Admission 2026', description: null, image: null, subjects: [] }]);
      expect(body(await login(noBatch.phone, PASSWORD)).data.myCourses).toEqual([]);
    });

    it('refuses wrong credentials with invalidCredentials, never notLoggedIn', async () => {
      for (const [phone, password] of [[noBatch.phone, 'wrong-password'], [freshPhone(), PASSWORD]] as const) {
        const response = await login(phone, password);
        expect(response.statusCode).toBe(401);
        expect(body(response).errors).toMatchObject({ title: 'Phone no. or password is incorrect', code: 'invalidCredentials' });
        expect(response.headers.sessionid).toBeUndefined();
      }
    });

    it('gives a student without a password the same answer', async () => {
      const phone = freshPhone();
      // A code was requested but no password set: the row does not exist yet, and never leaks.
      await requestCode(phone);
      const response = await login(phone, PASSWORD);
      expect(response.statusCode).toBe(401);
      expect(body(response).errors.code).toBe('invalidCredentials');
    });

    it('checks the sign-in fields with the spec messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ username: api(noBatch.phone) }, 'Please enter password'],
        [{ username: api(noBatch.phone), password: '' }, 'Please enter password'],
        [{ password: PASSWORD }, 'Please enter phone no.'],
        [{ username: '8801200000000', password: PASSWORD }, 'Phone no. is not valid'],
      ];
      for (const [payload, title] of cases) {
        const response = await account.server.call({ method: 'POST', url: apiPath(accountPaths.login), payload });
        expect(response.statusCode, title).toBe(400);
        expect(body(response).errors.title).toBe(title);
      }
    });

    it('slows sign-in after five failures with a growing delay, never a lockout, and never for the owner elsewhere', async () => {
      // The delays are counted on the server's clock, held still: a busy machine's own seconds never pass for them.
      account.server.clock.hold();
      onTestFinished(() => account.server.clock.release());
      for (let i = 0; i < 5; i++) expect((await login(lockedOut.phone, `wrong-${i}`)).statusCode).toBe(401);
      // The sixth try, even with the right password, must wait a second.
      const slowed = await login(lockedOut.phone, PASSWORD);
      expect(slowed.statusCode).toBe(429);
      expect(body(slowed).errors).toMatchObject({
        title: 'Too many sign-in attempts. Please wait a moment and try again.',
        message: 'Too many sign-in attempts. Please try again in 1 second.',
        code: 'tooManyLoginAttempts',
      });
      expect(slowed.headers['retry-after']).toBe('1');
      // The owner, signing in from somewhere else, is not held up by failures from this address.
      const owner = await account.server.call({ method: 'POST', url: apiPath(accountPaths.login), payload: { username: api(lockedOut.phone), password: PASSWORD }, remoteAddress: '10.20.30.40' });
      expect(owner.statusCode).toBe(200);
      // Another account is not affected.
      expect((await login(noBatch.phone, PASSWORD)).statusCode).toBe(200);
      // Each further failure doubles the wait, up to five minutes: nothing like a 15-minute lock.
      const waits: number[] = [];
      for (let i = 0; i < 11; i++) {
        const refused = await login(lockedOut.phone, 'still-wrong');
        expect(refused.statusCode).toBe(429);
        const wait = Number(refused.headers['retry-after']);
        waits.push(wait);
        account.server.clock.advance(wait * 1000);
        expect((await login(lockedOut.phone, 'still-wrong')).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
      // After the wait the right password works from here too, and the failures are forgotten.
      account.server.clock.advance(300_000);
      expect((await login(lockedOut.phone, PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await login(lockedOut.phone, `wrong-${i}`)).statusCode).toBe(401);
      account.server.clock.advance(1000);
      expect((await login(lockedOut.phone, PASSWORD)).statusCode).toBe(200);
    });

    it('logs out: the session is revoked and later calls get 401 notLoggedIn', async () => {
      const session = (await login(noBatch.phone, PASSWORD)).headers.sessionid as string;
      const out = await account.server.call({ method: 'GET', url: apiPath(accountPaths.logout), session });
      expect(out.statusCode).toBe(200);
      expect(body(out)).toEqual({ data: { message: 'Log out successfull' } });
      for (const url of [apiPath(accountPaths.profile), apiPath(accountPaths.logout)]) {
        const after = await account.server.call({ method: 'GET', url, session });
        expect(after.statusCode).toBe(401);
        expect(body(after).errors.code).toBe('notLoggedIn');
      }
      const anonymous = await account.server.call({ method: 'GET', url: apiPath(accountPaths.logout) });
      expect(anonymous.statusCode).toBe(401);
    });
  });
});
