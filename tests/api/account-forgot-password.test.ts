// Account API: password reset by one-time code.
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { accountSuite, PASSWORD, resetter, api, body } from './account-fixture.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('account (%s)', (kind) => {
  const account = accountSuite(kind);
  const { freshPhone, codeSentTo, login, requestReset, setPassword } = account;

  describe('forgot password', () => {
    it('resets the password by code, signs out old sessions, and the new password works', async () => {
      const oldSession = await account.server.sessionFor(resetter.id);
      const requested = await requestReset(resetter.phone);
      expect(requested.statusCode).toBe(200);
      const session = body(requested).data;
      expect(session).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{24}$/), phone: api(resetter.phone) });
      const code = codeSentTo(resetter.phone, 'reset');
      // A reset code does not register.
      expect(body(await setPassword({ otp: code, hash: session.hash, phone: api(resetter.phone), password: 'farhana-new' })).errors.title).toBe('Please register first!');
      const reset = await setPassword({ otp: code, hash: session.hash, phone: api(resetter.phone), password: 'farhana-new' }, true);
      expect(reset.statusCode).toBe(200);
      expect(body(reset).data.message).toBe('Successfully set the password!');
      expect((await login(resetter.phone, PASSWORD)).statusCode).toBe(401);
      expect((await login(resetter.phone, 'farhana-new')).statusCode).toBe(200);
      expect((await account.server.call({ method: 'GET', url: apiPath(accountPaths.profile), session: oldSession })).statusCode).toBe(401);
    });

    it('refuses an unknown number and an invalid one', async () => {
      const unknown = await requestReset(freshPhone());
      expect(unknown.statusCode).toBe(404);
      expect(body(unknown).errors).toMatchObject({ title: 'No account found with this phone number.', code: 'phoneUnknown' });
      const invalid = await account.server.call({ method: 'PATCH', url: apiPath(accountPaths.resetCode, { phone: '880150000000' }) });
      expect(invalid.statusCode).toBe(400);
      expect(body(invalid).errors.title).toBe('Phone no. is not valid');
    });
  });
});
