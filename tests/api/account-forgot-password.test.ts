// Account API: password reset by one-time code.
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { accountSuite, PASSWORD, resetter, inBatch, other, teacher, api, body } from './account-fixture.js';
import { DESK_CODE_MAX_TRIES, issueCode, OTP_MAX_TRIES } from '../../server/account/otp.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('account (%s)', (kind) => {
  const account = accountSuite(kind);
  const { freshPhone, codeSentTo, login, requestReset, setPassword, checkCode, wrongCode } = account;

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

    it("keeps a desk-sent code for the student when a stranger who knows the number types wrong codes", async () => {
      // The code an administrator sends from the desk (server/staff/batches.ts issues it this way).
      const desk = await issueCode(account.server.app.db, other.phone, 'reset', account.server.clock.now(), teacher.id);
      const take = async () => body(await requestReset(other.phone)).data.hash as string;
      const wrong = (hash: string) => checkCode({ otp: wrongCode(desk.code), hash, phone: api(other.phone) }, true);

      // A stranger takes the code up and spends every try: their own request, not the student's.
      const stranger = await take();
      for (let i = 1; i <= OTP_MAX_TRIES; i++) expect((await wrong(stranger)).statusCode).toBe(i < OTP_MAX_TRIES ? 400 : 429);
      const limited = await checkCode({ otp: desk.code, hash: stranger, phone: api(other.phone) }, true);
      expect(limited.statusCode).toBe(429);
      expect(body(limited).errors.code).toBe('otpExhausted');

      // The student's own forgot-password request takes up the same code, unharmed: no new SMS.
      const student = await take();
      expect(student).not.toBe(stranger);
      expect(student).not.toBe(desk.hash);
      const set = await setPassword({ otp: desk.code, hash: student, phone: api(other.phone), password: 'mehedi-new-1' }, true);
      expect(set.statusCode).toBe(200);
      expect((await login(other.phone, 'mehedi-new-1')).statusCode).toBe(200);
      // Spent once for everyone who took it up.
      expect(body(await setPassword({ otp: desk.code, hash: stranger, phone: api(other.phone), password: 'stolen-pass-1' }, true)).errors.code).toBe('otpUsed');
    });

    it('gives the requests taking up a desk-sent code as many tries in all as a number\'s own codes get in an hour', async () => {
      const desk = await issueCode(account.server.app.db, inBatch.phone, 'reset', account.server.clock.now(), teacher.id);
      let tries = 0;
      while (tries < DESK_CODE_MAX_TRIES) {
        const hash = body(await requestReset(inBatch.phone)).data.hash as string;
        for (let i = 0; i < OTP_MAX_TRIES; i++, tries++) expect((await checkCode({ otp: wrongCode(desk.code), hash, phone: api(inBatch.phone) }, true)).statusCode).toBe(tries + 1 < DESK_CODE_MAX_TRIES && i + 1 < OTP_MAX_TRIES ? 400 : 429);
      }
      // The desk's code has had its tries: the next request sends a code of its own.
      const fresh = await requestReset(inBatch.phone);
      expect(fresh.statusCode).toBe(200);
      const code = codeSentTo(inBatch.phone, 'reset');
      expect(code).not.toBe(desk.code);
      expect((await checkCode({ otp: code, hash: body(fresh).data.hash, phone: api(inBatch.phone) }, true)).statusCode).toBe(200);
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
