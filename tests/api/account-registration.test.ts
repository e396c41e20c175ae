// Account API: registration by one-time code, its refusals and the newcomer's first sign-in.
import { describe, expect, it } from 'vitest';
import { databaseKinds } from '../support/databases.js';
import { accountSuite, inBatch, imported, api, body } from './account-fixture.js';
import { accountPaths } from '../../src/contracts/paths.js';
import { apiPath } from '../support/api-path.js';

describe.each(databaseKinds())('account (%s)', (kind) => {
  const account = accountSuite(kind);
  const { freshPhone, codeSentTo, login, requestCode, requestReset, setPassword, checkCode, wrongCode } = account;

  describe('registration', () => {
    it('registers a new number: code by SMS only, password set, then sign-in as a newcomer in no batch', async () => {
      const phone = freshPhone();
      const requested = await requestCode(phone);
      expect(requested.statusCode).toBe(200);
      const session = body(requested).data;
      expect(session).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{24}$/), phone: api(phone) });
      expect(session.otp).toBeUndefined();
      const code = codeSentTo(phone, 'register');
      expect(code).toMatch(/^\d{6}$/);

      const set = await setPassword({ otp: code, hash: session.hash, phone: api(phone), password: 'my-new-pass' });
      expect(set.statusCode).toBe(200);
      expect(body(set)).toEqual({ data: { message: 'Successfully set the password!' } });

      const signedIn = await login(phone, 'my-new-pass');
      expect(signedIn.statusCode).toBe(200);
      const student = body(signedIn).data.student;
      expect(student).toMatchObject({ name: phone, username: api(phone), groups: [], courses: [], branch: null, profilePic: null, SSCGPA: null, HSCGPA: null });
      expect(student._id).toMatch(/^[0-9a-f]{24}$/);
      expect(student.sid).toMatch(/^MA-\d{6}$/);
    });

    it('lets a student imported without a password register and keeps their record', async () => {
      const session = body(await requestCode(imported.phone)).data;
      const set = await setPassword({ otp: codeSentTo(imported.phone, 'register'), hash: session.hash, phone: api(imported.phone), password: 'tanvir-pass' });
      expect(set.statusCode).toBe(200);
      const student = body(await login(imported.phone, 'tanvir-pass')).data.student;
      expect(student).toMatchObject({ _id: imported.id, name: imported.name, sid: imported.sid });
    });

    it('refuses an already registered number', async () => {
      const response = await requestCode(inBatch.phone);
      expect(response.statusCode).toBe(409);
      expect(body(response).errors).toMatchObject({ title: 'This phone number is already registered. Please sign in.', code: 'phoneRegistered' });
    });

    it('refuses invalid numbers with the spec message', async () => {
      for (const phone of ['8801200000000', '88017000000', '01700000001x', 'abc', '880170000000123']) {
        const response = await account.server.call({ method: 'GET', url: apiPath(accountPaths.registrationCode, { phone }) });
        expect(response.statusCode, phone).toBe(400);
        expect(body(response).errors, phone).toMatchObject({ title: 'Phone no. is not valid', code: 'phoneInvalid' });
      }
    });

    it('says which way a code failed: wrong with tries left, then exhausted, even for the right code', async () => {
      const phone = freshPhone();
      const session = body(await requestCode(phone)).data;
      const code = codeSentTo(phone, 'register');
      const attempt = (otp: string) => setPassword({ otp, hash: session.hash, phone: api(phone), password: 'secret-1' });
      for (const left of [4, 3, 2, 1]) {
        const response = await attempt(wrongCode(code));
        expect(response.statusCode).toBe(400);
        expect(body(response).errors).toMatchObject({ code: 'otpWrong', title: `The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.` });
      }
      const fifth = await attempt(wrongCode(code));
      expect(fifth.statusCode).toBe(429);
      expect(body(fifth).errors).toMatchObject({ code: 'otpExhausted', title: 'Too many wrong codes. Please request a new code.' });
      const right = await attempt(code);
      expect(right.statusCode).toBe(429);
      expect(body(right).errors.code).toBe('otpExhausted');
      expect((await login(phone, 'secret-1')).statusCode).toBe(401);
    });

    it('checks the code on the code screen: tries counted, the right code not used up and not charged again', async () => {
      const phone = freshPhone();
      const session = body(await requestCode(phone)).data;
      const code = codeSentTo(phone, 'register');
      const wrong = await checkCode({ otp: wrongCode(code), hash: session.hash, phone: api(phone) });
      expect(wrong.statusCode).toBe(400);
      expect(body(wrong).errors).toMatchObject({ code: 'otpWrong', title: 'The code is not correct. 4 tries left.' });
      // Three more wrong tries through set-password: the check and set-password share the five.
      for (const left of [3, 2, 1]) {
        const response = await setPassword({ otp: wrongCode(code), hash: session.hash, phone: api(phone), password: 'secret-1' });
        expect(body(response).errors.title).toBe(`The code is not correct. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
      }
      // The fifth try is the right code: checked, not spent; the password then comes with it.
      const right = await checkCode({ otp: code, hash: session.hash, phone: api(phone) });
      expect(right.statusCode).toBe(200);
      expect(body(right).data).toEqual({ message: 'The code is correct.' });
      expect((await checkCode({ otp: code, hash: session.hash, phone: api(phone) })).statusCode).toBe(200);
      // A wrong code against the verified request still finds the tries used up.
      expect(body(await checkCode({ otp: wrongCode(code), hash: session.hash, phone: api(phone) })).errors.code).toBe('otpExhausted');
      expect((await setPassword({ otp: code, hash: session.hash, phone: api(phone), password: 'secret-1' })).statusCode).toBe(200);
      expect((await login(phone, 'secret-1')).statusCode).toBe(200);
      // Once spent, the code checks as used.
      expect(body(await checkCode({ otp: code, hash: session.hash, phone: api(phone) })).errors.code).toBe('otpUsed');
    });

    it('refuses a check with five wrong tries, an expired code, a missing code or another flow', async () => {
      const phone = freshPhone();
      const session = body(await requestCode(phone)).data;
      const code = codeSentTo(phone, 'register');
      expect(body(await checkCode({ otp: '12', hash: session.hash, phone: api(phone) })).errors.code).toBe('otpMissing');
      expect(body(await checkCode({ otp: code, phone: api(phone) })).errors.code).toBe('registerFirst');
      expect(body(await checkCode({ otp: code, hash: session.hash, phone: api(phone) }, true)).errors.code).toBe('registerFirst');
      for (let i = 0; i < 5; i++) await checkCode({ otp: wrongCode(code), hash: session.hash, phone: api(phone) });
      const exhausted = await checkCode({ otp: code, hash: session.hash, phone: api(phone) });
      expect(exhausted.statusCode).toBe(429);
      expect(body(exhausted).errors.code).toBe('otpExhausted');

      const later = freshPhone();
      const second = body(await requestCode(later)).data;
      account.server.clock.advance(5 * 60_000 + 1000);
      expect(body(await checkCode({ otp: codeSentTo(later, 'register'), hash: second.hash, phone: api(later) })).errors.code).toBe('otpExpired');
    });

    it('lets only five of many parallel checks compare a code', async () => {
      const phone = freshPhone();
      const session = body(await requestCode(phone)).data;
      const code = codeSentTo(phone, 'register');
      const guesses = await Promise.all(Array.from({ length: 40 }, () => checkCode({ otp: wrongCode(code), hash: session.hash, phone: api(phone) })));
      expect(guesses.filter((r) => body(r).errors?.code === 'otpWrong' || (r.statusCode === 429 && body(r).errors.title.startsWith('Too many wrong')))).toHaveLength(40);
      expect(guesses.filter((r) => body(r).errors?.code === 'otpWrong')).toHaveLength(4);
      expect((await checkCode({ otp: code, hash: session.hash, phone: api(phone) })).statusCode).toBe(429);
    });

    it('refuses an expired code after five minutes', async () => {
      const phone = freshPhone();
      const session = body(await requestCode(phone)).data;
      const code = codeSentTo(phone, 'register');
      account.server.clock.advance(5 * 60_000 + 1000);
      const response = await setPassword({ otp: code, hash: session.hash, phone: api(phone), password: 'secret-1' });
      expect(response.statusCode).toBe(400);
      expect(body(response).errors).toMatchObject({ code: 'otpExpired', title: 'This code has expired. Please request a new code.' });
    });

    it('accepts a code just before it expires', async () => {
      const phone = freshPhone();
      const session = body(await requestCode(phone)).data;
      account.server.clock.advance(5 * 60_000 - 5000);
      const response = await setPassword({ otp: codeSentTo(phone, 'register'), hash: session.hash, phone: api(phone), password: 'secret-1' });
      expect(response.statusCode).toBe(200);
    });

    it('refuses a code used once already', async () => {
      const phone = freshPhone();
      const session = body(await requestCode(phone)).data;
      const payload = { otp: codeSentTo(phone, 'register'), hash: session.hash, phone: api(phone), password: 'secret-1' };
      expect((await setPassword(payload)).statusCode).toBe(200);
      const again = await setPassword({ ...payload, password: 'attacker-pass' });
      expect(again.statusCode).toBe(400);
      expect(body(again).errors).toMatchObject({ code: 'otpUsed', title: 'This code has already been used. Please request a new code.' });
      expect((await login(phone, 'attacker-pass')).statusCode).toBe(401);
    });

    it('answers "Please register first!" without a matching code request', async () => {
      const phone = freshPhone();
      const session = body(await requestCode(phone)).data;
      const code = codeSentTo(phone, 'register');
      const cases = [
        { otp: code, hash: 'ffffffffffffffffffffffff', phone: api(phone), password: 'secret-1' }, // unknown request
        { otp: code, hash: session.hash, phone: api(freshPhone()), password: 'secret-1' }, // request of another number
        { otp: code, hash: 'not-a-hash', phone: api(phone), password: 'secret-1' },
        { otp: code, phone: api(phone), password: 'secret-1' }, // no request at all
      ];
      for (const payload of cases) {
        const response = await setPassword(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(body(response).errors, JSON.stringify(payload)).toMatchObject({ title: 'Please register first!', code: 'registerFirst' });
      }
      // A registration code does not reset a password.
      const asReset = await setPassword({ otp: code, hash: session.hash, phone: api(phone), password: 'secret-1' }, true);
      expect(body(asReset).errors).toMatchObject({ title: 'Please register first!' });
      // None of these spent the code.
      expect((await setPassword({ otp: code, hash: session.hash, phone: api(phone), password: 'secret-1' })).statusCode).toBe(200);
    });

    it('checks the password and code fields with the spec messages before spending a try', async () => {
      const phone = freshPhone();
      const session = body(await requestCode(phone)).data;
      const code = codeSentTo(phone, 'register');
      const base = { otp: code, hash: session.hash, phone: api(phone) };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...base, password: '12345' }, 'Password length must be at least 6 characters long', 'passwordWeak'],
        [{ ...base, password: '' }, 'Please enter password', 'passwordMissing'],
        [{ ...base }, 'Please enter password', 'passwordMissing'],
        [{ ...base, password: 'x'.repeat(129) }, 'Password length must be at most 128 characters long', 'passwordWeak'],
        [{ ...base, password: '      ' }, 'Password cannot be only spaces', 'passwordWeak'],
        [{ ...base, password: ' \t \n  ' }, 'Password cannot be only spaces', 'passwordWeak'],
        [{ ...base, password: '123456' }, 'This password is too common and easy to guess. Please choose another one.', 'passwordWeak'],
        [{ ...base, password: 'Password' }, 'This password is too common and easy to guess. Please choose another one.', 'passwordWeak'],
        [{ ...base, password: '12345678' }, 'This password is too common and easy to guess. Please choose another one.', 'passwordWeak'],
        [{ ...base, password: 'zzzzzzzz' }, 'This password is too common and easy to guess. Please choose another one.', 'passwordWeak'],
        [{ ...base, otp: '123', password: 'secret-1' }, 'Please enter otp first', 'otpMissing'],
        [{ ...base, otp: undefined, password: 'secret-1' }, 'Please enter otp first', 'otpMissing'],
        [{ ...base, phone: '8801200000000', password: 'secret-1' }, 'Phone no. is not valid', 'phoneInvalid'],
        [{ ...base, phone: undefined, password: 'secret-1' }, 'Please enter phone no.', 'phoneMissing'],
      ];
      for (const [payload, title, code] of cases) {
        const response = await setPassword(payload);
        expect(response.statusCode, title).toBe(400);
        expect(body(response).errors).toMatchObject({ title, code });
      }
      expect((await setPassword({ ...base, password: 'secret-1' })).statusCode).toBe(200);
    });

    it('sends at most five codes per number per hour', async () => {
      const phone = freshPhone();
      for (let i = 0; i < 5; i++) expect((await requestCode(phone)).statusCode).toBe(200);
      const sixth = await requestCode(phone);
      expect(sixth.statusCode).toBe(429);
      expect(body(sixth).errors).toMatchObject({ code: 'otpSendLimit', title: 'Too many codes were sent to this number. Please try again in an hour.' });
      // Resets count against the same number.
      expect((await requestReset(inBatch.phone)).statusCode).toBe(200);
      account.server.clock.advance(60 * 60_000 + 1000);
      expect((await requestCode(phone)).statusCode).toBe(200);
    });
  });
});
