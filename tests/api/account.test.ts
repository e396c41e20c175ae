// Account API on a real server: registration by one-time code, sign-in and sign-out, password reset,
// the student's own profile and staff sign-in, with every refusal the app has to show.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { databaseKinds } from '../support/databases.js';
import { configFrom } from '../../server/config.js';

const COURSE = 'c10000000000000000000001';
const GROUP = 'a10000000000000000000001';
const PASSWORD = 'student123';
const STAFF_PASSWORD = 'teacher-pass-1';

const inBatch = { id: 'a20000000000000000000001', name: 'Nusrat Jahan', sid: 'MA26-0001', phone: '01710000001', password: PASSWORD, contact: '01811000001', session: '2025-26', branch: { name: 'Farmgate', division: 'Dhaka' }, SSCGPA: 5, HSCGPA: 4.83, groups: [GROUP] };
const noBatch = { id: 'a20000000000000000000002', name: 'Rafiq Hasan', sid: 'MA26-0002', phone: '01710000002', password: PASSWORD, groups: [] };
/** Imported by the academy before choosing a password: registers with a code to set one. */
const imported = { id: 'a20000000000000000000003', name: 'Tanvir Ahmed', sid: 'MA26-0003', phone: '01710000003' };
const resetter = { id: 'a20000000000000000000004', name: 'Farhana Akter', sid: 'MA26-0004', phone: '01710000004', password: PASSWORD };
const lockedOut = { id: 'a20000000000000000000005', name: 'Sadia Islam', sid: 'MA26-0005', phone: '01710000005', password: PASSWORD };
const other = { id: 'a20000000000000000000006', name: 'Mehedi Hasan', sid: 'MA26-0006', phone: '01710000006', password: PASSWORD, SSCGPA: 4, HSCGPA: 4 };
const teacher = { id: 'a30000000000000000000001', name: 'Dr. Mahbub Alam', username: 'teacher@academy.test', role: 'teacher' as const, password: STAFF_PASSWORD };

const bundle = {
  staff: [teacher],
  courses: [{ id: COURSE, name: 'MBBS Admission 2026', subjects: [] }],
  groups: [{ id: GROUP, name: 'MBBS 2026 Morning Batch', courseId: COURSE, items: 'all' }],
  students: [inBatch, noBatch, imported, resetter, lockedOut, other],
};

const api = (local: string) => `88${local}`;
const body = (response: { body: string }) => JSON.parse(response.body);

describe.each(databaseKinds())('account (%s)', (kind) => {
  let server: TestServer;
  let smsFile: string;
  let lastNumber = 20_000_000;
  /** A fresh valid number no other test uses, so rate limits never cross tests. */
  const freshPhone = () => `0191${String(++lastNumber).slice(-7)}`;

  /** The newest code the file transport wrote for this number and purpose. */
  function codeSentTo(local: string, purpose: 'register' | 'reset'): string {
    const lines = fs.readFileSync(smsFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { phone: string; code: string; purpose: string; at: string });
    const mine = lines.filter((line) => line.phone === api(local) && line.purpose === purpose);
    expect(mine.length).toBeGreaterThan(0);
    return mine[mine.length - 1]!.code;
  }

  const login = (local: string, password: string) => server.call({ method: 'POST', url: '/api/student/login', payload: { username: api(local), password } });
  const requestCode = (local: string) => server.call({ method: 'GET', url: `/api/student/otp/${api(local)}` });
  const requestReset = (local: string) => server.call({ method: 'PATCH', url: `/api/student/forgot-password/${api(local)}` });
  const setPassword = (payload: Record<string, unknown>, forgotPassword = false) =>
    server.call({ method: 'PATCH', url: `/api/student/set-password${forgotPassword ? '?forgotPassword=true' : ''}`, payload });
  const checkCode = (payload: Record<string, unknown>, forgotPassword = false) =>
    server.call({ method: 'POST', url: `/api/student/check-code${forgotPassword ? '?forgotPassword=true' : ''}`, payload });
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  beforeAll(async () => {
    smsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'academy-sms-')), 'codes.jsonl');
    // A lower scrypt cost keeps the suite quick; hashing and checking run the same code as in production.
    server = await startTestServer({ kind, bundle, env: { SMS_TRANSPORT: `file:${smsFile}` }, config: { scryptCost: 2 ** 14 } });
  });
  afterAll(async () => {
    await server?.close();
    fs.rmSync(path.dirname(smsFile), { recursive: true, force: true });
  });

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
        const response = await server.call({ method: 'GET', url: `/api/student/otp/${phone}` });
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
      server.clock.advance(5 * 60_000 + 1000);
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
      server.clock.advance(5 * 60_000 + 1000);
      const response = await setPassword({ otp: code, hash: session.hash, phone: api(phone), password: 'secret-1' });
      expect(response.statusCode).toBe(400);
      expect(body(response).errors).toMatchObject({ code: 'otpExpired', title: 'This code has expired. Please request a new code.' });
    });

    it('accepts a code just before it expires', async () => {
      const phone = freshPhone();
      const session = body(await requestCode(phone)).data;
      server.clock.advance(5 * 60_000 - 5000);
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
      server.clock.advance(60 * 60_000 + 1000);
      expect((await requestCode(phone)).statusCode).toBe(200);
    });
  });

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
      const profile = await server.call({ method: 'GET', url: '/api/student/profile', session: response.headers.sessionid as string });
      expect(body(profile).data._id).toBe(inBatch.id);
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
        const response = await server.call({ method: 'POST', url: '/api/student/login', payload });
        expect(response.statusCode, title).toBe(400);
        expect(body(response).errors.title).toBe(title);
      }
    });

    it('slows sign-in after five failures with a growing delay, never a lockout, and never for the owner elsewhere', async () => {
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
      const owner = await server.call({ method: 'POST', url: '/api/student/login', payload: { username: api(lockedOut.phone), password: PASSWORD }, remoteAddress: '10.20.30.40' });
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
        server.clock.advance(wait * 1000);
        expect((await login(lockedOut.phone, 'still-wrong')).statusCode).toBe(401);
      }
      expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
      // After the wait the right password works from here too, and the failures are forgotten.
      server.clock.advance(300_000);
      expect((await login(lockedOut.phone, PASSWORD)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await login(lockedOut.phone, `wrong-${i}`)).statusCode).toBe(401);
      server.clock.advance(1000);
      expect((await login(lockedOut.phone, PASSWORD)).statusCode).toBe(200);
    });

    it('logs out: the session is revoked and later calls get 401 notLoggedIn', async () => {
      const session = (await login(noBatch.phone, PASSWORD)).headers.sessionid as string;
      const out = await server.call({ method: 'GET', url: '/api/auth/logout', session });
      expect(out.statusCode).toBe(200);
      expect(body(out)).toEqual({ data: { message: 'Log out successfull' } });
      for (const url of ['/api/student/profile', '/api/auth/logout']) {
        const after = await server.call({ method: 'GET', url, session });
        expect(after.statusCode).toBe(401);
        expect(body(after).errors.code).toBe('notLoggedIn');
      }
      const anonymous = await server.call({ method: 'GET', url: '/api/auth/logout' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('forgot password', () => {
    it('resets the password by code, signs out old sessions, and the new password works', async () => {
      const oldSession = await server.sessionFor(resetter.id);
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
      expect((await server.call({ method: 'GET', url: '/api/student/profile', session: oldSession })).statusCode).toBe(401);
    });

    it('refuses an unknown number and an invalid one', async () => {
      const unknown = await requestReset(freshPhone());
      expect(unknown.statusCode).toBe(404);
      expect(body(unknown).errors).toMatchObject({ title: 'No account found with this phone number.', code: 'phoneUnknown' });
      const invalid = await server.call({ method: 'PATCH', url: '/api/student/forgot-password/880150000000' });
      expect(invalid.statusCode).toBe(400);
      expect(body(invalid).errors.title).toBe('Phone no. is not valid');
    });
  });

  describe('profile', () => {
    it('reads and updates only GPA, and each student only their own profile', async () => {
      const mine = await server.sessionFor(noBatch.id);
      const theirs = await server.sessionFor(other.id);
      const read = await server.call({ method: 'GET', url: '/api/student/profile', session: mine });
      expect(read.statusCode).toBe(200);
      expect(body(read).data).toMatchObject({ _id: noBatch.id, name: noBatch.name, groups: [], courses: [] });

      const update = await server.call({ method: 'PATCH', url: '/api/student/profile', session: mine, payload: { SSCGPA: 4.5, HSCGPA: 0 } });
      expect(update.statusCode).toBe(200);
      expect(body(update).data).toMatchObject({ _id: noBatch.id, SSCGPA: 4.5, HSCGPA: 0 });
      expect(body(await server.call({ method: 'GET', url: '/api/student/profile', session: mine })).data).toMatchObject({ SSCGPA: 4.5, HSCGPA: 0 });
      // The other student's profile is untouched and is all they can see.
      expect(body(await server.call({ method: 'GET', url: '/api/student/profile', session: theirs })).data).toMatchObject({ _id: other.id, SSCGPA: 4, HSCGPA: 4 });
      // An id in the body is not a way to reach someone else.
      const sneaky = await server.call({ method: 'PATCH', url: '/api/student/profile', session: theirs, payload: { _id: noBatch.id, SSCGPA: 1, HSCGPA: 1 } });
      expect(sneaky.statusCode).toBe(400);
      expect(body(await server.call({ method: 'GET', url: '/api/student/profile', session: mine })).data).toMatchObject({ SSCGPA: 4.5, HSCGPA: 0 });
    });

    it('refuses GPA outside 0 to 5 or not a number with the spec message', async () => {
      const session = await server.sessionFor(other.id);
      for (const payload of [{ SSCGPA: 5.01, HSCGPA: 4 }, { SSCGPA: 4, HSCGPA: -1 }, { SSCGPA: null, HSCGPA: 4 }, { SSCGPA: 'abc', HSCGPA: 4 }, { SSCGPA: false, HSCGPA: 4 }, { HSCGPA: 4 }]) {
        const response = await server.call({ method: 'PATCH', url: '/api/student/profile', session, payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(body(response).errors, JSON.stringify(payload)).toMatchObject({ title: 'The given number is not valid', code: 'gpaInvalid' });
      }
      expect(body(await server.call({ method: 'GET', url: '/api/student/profile', session })).data).toMatchObject({ SSCGPA: 4, HSCGPA: 4 });
    });

    it('refuses changes to any other field', async () => {
      const session = await server.sessionFor(other.id);
      for (const field of ['name', 'username', 'sid', 'contact', 'branch', 'session', 'groups']) {
        const response = await server.call({ method: 'PATCH', url: '/api/student/profile', session, payload: { SSCGPA: 4, HSCGPA: 4, [field]: 'x' } });
        expect(response.statusCode, field).toBe(400);
        expect(body(response).errors).toMatchObject({ title: 'Only SSCGPA, HSCGPA and the profile picture can be changed.', code: 'fieldNotEditable' });
      }
      expect(body(await server.call({ method: 'GET', url: '/api/student/profile', session })).data.name).toBe(other.name);
    });

    it('needs a student session', async () => {
      const anonymous = await server.call({ method: 'GET', url: '/api/student/profile' });
      expect(anonymous.statusCode).toBe(401);
      expect(body(anonymous).errors.code).toBe('notLoggedIn');
      const forged = await server.call({ method: 'GET', url: '/api/student/profile', session: '0123456789abcdef0123456789abcdef' });
      expect(forged.statusCode).toBe(401);
      const staff = await server.call({ method: 'GET', url: '/api/student/profile', session: await server.sessionFor(teacher.id, 'staff') });
      expect(staff.statusCode).toBe(403);
    });
  });

  describe('staff sign-in', () => {
    it('signs staff in with a session that student routes refuse', async () => {
      const response = await server.call({ method: 'POST', url: '/api/staff/login', payload: { username: teacher.username, password: STAFF_PASSWORD } });
      expect(response.statusCode).toBe(200);
      expect(body(response).data.staff).toEqual({ _id: teacher.id, name: teacher.name, username: teacher.username, role: 'teacher' });
      const session = response.headers.sessionid as string;
      expect(session).toMatch(/^[0-9a-f]{32}$/);
      const profile = await server.call({ method: 'GET', url: '/api/student/profile', session });
      expect(profile.statusCode).toBe(403);
      expect((await server.call({ method: 'GET', url: '/api/auth/logout', session })).statusCode).toBe(200);
    });

    it('refuses a wrong staff password and a student trying the staff door', async () => {
      const wrong = await server.call({ method: 'POST', url: '/api/staff/login', payload: { username: teacher.username, password: 'nope-nope' } });
      expect(wrong.statusCode).toBe(401);
      expect(body(wrong).errors).toMatchObject({ title: 'Username or password is incorrect', code: 'invalidCredentials' });
      const student = await server.call({ method: 'POST', url: '/api/staff/login', payload: { username: api(inBatch.phone), password: PASSWORD } });
      expect(student.statusCode).toBe(401);
    });
  });

  describe('bad requests never reach a 500', () => {
    const cases: { name: string; method: 'GET' | 'POST' | 'PATCH'; url: string; payload?: string | object; headers?: Record<string, string>; status: number; title?: string; session?: boolean }[] = [
      { name: 'bad JSON', method: 'POST', url: '/api/student/login', payload: '{"username": "88017', headers: { 'content-type': 'application/json' }, status: 400, title: 'The request body is not valid JSON.' },
      { name: 'empty JSON body', method: 'POST', url: '/api/student/login', payload: '', headers: { 'content-type': 'application/json' }, status: 400 },
      { name: 'a list for a body', method: 'POST', url: '/api/student/login', payload: [1, 2], status: 400, title: 'Invalid request' },
      { name: 'an object for a password', method: 'POST', url: '/api/student/login', payload: { username: '8801710000001', password: { $gt: '' } }, status: 400, title: 'Invalid request' },
      { name: 'an unknown field', method: 'POST', url: '/api/student/login', payload: { username: '8801710000001', password: PASSWORD, admin: true }, status: 400, title: 'Invalid request' },
      { name: 'a huge body', method: 'POST', url: '/api/student/login', payload: JSON.stringify({ username: '8801710000001', password: 'x'.repeat(2 * 1024 * 1024) }), headers: { 'content-type': 'application/json' }, status: 413, title: 'The request is too large.' },
      { name: 'a text body', method: 'POST', url: '/api/student/login', payload: 'username=1', headers: { 'content-type': 'text/plain' }, status: 400 },
      { name: 'a form body', method: 'POST', url: '/api/student/login', payload: 'username=1', headers: { 'content-type': 'application/x-www-form-urlencoded' }, status: 415 },
      { name: 'a long phone in the path', method: 'GET', url: `/api/student/otp/${'8'.repeat(90)}`, status: 400, title: 'Phone no. is not valid' },
      { name: 'a bad forgotPassword flag', method: 'PATCH', url: '/api/student/set-password?forgotPassword=maybe', payload: { otp: '123456', hash: 'ffffffffffffffffffffffff', phone: '8801710000001', password: 'secret-1' }, status: 400, title: 'Invalid request' },
      { name: 'a number for the hash', method: 'PATCH', url: '/api/student/set-password', payload: { otp: '123456', hash: 12345, phone: '8801710000001', password: 'secret-1' }, status: 400, title: 'Invalid request' },
      { name: 'a number for the code', method: 'PATCH', url: '/api/student/set-password', payload: { otp: 123456, hash: 'ffffffffffffffffffffffff', phone: '8801710000001', password: 'secret-1' }, status: 400, title: 'Invalid request' },
      { name: 'bad JSON on the profile', method: 'PATCH', url: '/api/student/profile', payload: '{SSCGPA:', headers: { 'content-type': 'application/json' }, status: 400, title: 'The request body is not valid JSON.', session: true },
      { name: 'a list for the profile', method: 'PATCH', url: '/api/student/profile', payload: [4, 4], status: 400, session: true },
      { name: 'a number for the picture', method: 'PATCH', url: '/api/student/profile', payload: { SSCGPA: 4, HSCGPA: 4, profilePic: { key: 1 } }, status: 400, title: 'Invalid request', session: true },
      { name: 'an unknown query on the profile', method: 'GET', url: '/api/student/profile?studentId=a20000000000000000000001', status: 400, title: 'Invalid request', session: true },
      { name: 'a staff login without fields', method: 'POST', url: '/api/staff/login', payload: {}, status: 400, title: 'Please enter username' },
    ];
    for (const c of cases) {
      it(`answers ${c.status} to ${c.name}`, async () => {
        const session = c.session ? await server.sessionFor(other.id) : undefined;
        const response = await server.call({ method: c.method, url: c.url, payload: c.payload, headers: c.headers, session });
        expect(response.statusCode).toBe(c.status);
        const errors = body(response).errors;
        expect(errors.title).toEqual(expect.any(String));
        if (c.title) expect(errors.title).toBe(c.title);
      });
    }
  });
});

describe.each(databaseKinds())('account with the development console transport (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ kind, bundle: { students: [resetter] }, env: { SMS_TRANSPORT: 'console' }, config: { scryptCost: 2 ** 14 } });
  });
  afterAll(() => server?.close());

  it('returns the code as data.otp for registration and reset, and the code works', async () => {
    const phone = '01990000001';
    const requested = body(await server.call({ method: 'GET', url: `/api/student/otp/${api(phone)}` })).data;
    expect(requested).toEqual({ hash: expect.stringMatching(/^[0-9a-f]{24}$/), phone: api(phone), otp: expect.stringMatching(/^\d{6}$/) });
    const set = await server.call({ method: 'PATCH', url: '/api/student/set-password', payload: { otp: requested.otp, hash: requested.hash, phone: api(phone), password: 'console-pass' } });
    expect(set.statusCode).toBe(200);
    expect((await server.call({ method: 'POST', url: '/api/student/login', payload: { username: api(phone), password: 'console-pass' } })).statusCode).toBe(200);

    const reset = body(await server.call({ method: 'PATCH', url: `/api/student/forgot-password/${api(resetter.phone)}` })).data;
    expect(reset.otp).toMatch(/^\d{6}$/);
    const done = await server.call({ method: 'PATCH', url: '/api/student/set-password?forgotPassword=true', payload: { otp: reset.otp, hash: reset.hash, phone: api(resetter.phone), password: 'reset-pass' } });
    expect(done.statusCode).toBe(200);
  });
});

describe.each(databaseKinds())('account with an SMS gateway (%s)', (kind) => {
  let server: TestServer;
  let gateway: http.Server;
  const received: { authorization?: string; body: { to: string; message: string } }[] = [];
  let failNext = false;

  beforeAll(async () => {
    gateway = http.createServer((request, response) => {
      let text = '';
      request.on('data', (chunk) => (text += chunk));
      request.on('end', () => {
        if (failNext) {
          failNext = false;
          response.writeHead(503).end();
          return;
        }
        received.push({ authorization: request.headers.authorization, body: JSON.parse(text) });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    const { port } = gateway.address() as AddressInfo;
    server = await startTestServer({ kind, bundle: { students: [] }, config: { sms: { kind: 'http', url: `http://127.0.0.1:${port}/send`, token: 'gateway-token' }, scryptCost: 2 ** 14 } });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => gateway.close(resolve));
  });

  it('posts the code to the gateway and never returns it', async () => {
    const phone = '01990000002';
    const response = await server.call({ method: 'GET', url: `/api/student/otp/${api(phone)}` });
    expect(response.statusCode).toBe(200);
    const data = body(response).data;
    expect(data.otp).toBeUndefined();
    expect(received).toHaveLength(1);
    expect(received[0]!.authorization).toBe('Bearer gateway-token');
    expect(received[0]!.body.to).toBe(api(phone));
    const code = /\b(\d{6})\b/.exec(received[0]!.body.message)![1]!;
    const set = await server.call({ method: 'PATCH', url: '/api/student/set-password', payload: { otp: code, hash: data.hash, phone: api(phone), password: 'gateway-pass' } });
    expect(set.statusCode).toBe(200);
  });

  it('reports a failed delivery without using up a send', async () => {
    const phone = '01990000003';
    failNext = true;
    const failed = await server.call({ method: 'GET', url: `/api/student/otp/${api(phone)}` });
    expect(failed.statusCode).toBe(502);
    expect(body(failed).errors).toMatchObject({ code: 'smsFailed', title: 'We could not send the code. Please try again in a moment.' });
    for (let i = 0; i < 5; i++) expect((await server.call({ method: 'GET', url: `/api/student/otp/${api(phone)}` })).statusCode).toBe(200);
    expect((await server.call({ method: 'GET', url: `/api/student/otp/${api(phone)}` })).statusCode).toBe(429);
  });
});

describe.each(databaseKinds())('account under parallel requests (%s)', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // The hash gate is opened wide so the database sees the guesses at once, as it would with many
    // server processes each running its own gate.
    const limits = { ...configFrom({}).limits, hashConcurrency: 400, hashQueue: 400 };
    server = await startTestServer({ kind, bundle: { students: [lockedOut, resetter] }, env: { SMS_TRANSPORT: 'console' }, config: { scryptCost: 2 ** 14, logLevel: 'silent', limits } });
  });
  afterAll(() => server?.close());

  it('spends a code once when the same request arrives twice at once', async () => {
    const phone = '01990000004';
    const session = body(await server.call({ method: 'GET', url: `/api/student/otp/${api(phone)}` })).data;
    const attempts = await Promise.all(
      ['first-pass', 'second-pass', 'third-pass'].map((password) =>
        server.call({ method: 'PATCH', url: '/api/student/set-password', payload: { otp: session.otp, hash: session.hash, phone: api(phone), password } }),
      ),
    );
    const statuses = attempts.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400]);
    for (const refused of attempts.filter((r) => r.statusCode === 400)) expect(body(refused).errors.code).toBe('otpUsed');
  });

  it('counts parallel wrong codes against the same five tries', async () => {
    const phone = '01990000005';
    const session = body(await server.call({ method: 'GET', url: `/api/student/otp/${api(phone)}` })).data;
    const wrong = String((Number(session.otp) + 1) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(
      Array.from({ length: 8 }, () => server.call({ method: 'PATCH', url: '/api/student/set-password', payload: { otp: wrong, hash: session.hash, phone: api(phone), password: 'secret-1' } })),
    );
    expect(guesses.filter((r) => body(r).errors.code === 'otpWrong')).toHaveLength(4);
    expect(guesses.filter((r) => body(r).errors.code === 'otpExhausted')).toHaveLength(4);
  });

  it('judges only five of hundreds of parallel guesses: the right code sent after them is refused', async () => {
    // The attack: hundreds of guesses at once, the right code among the late ones. Each try is
    // counted before its code is compared, so once five are counted every later guess is refused.
    for (const [round, forgotPassword] of [[0, false], [1, true], [2, false]] as const) {
      const phone = forgotPassword ? resetter.phone : `0199000010${round}`;
      const url = forgotPassword ? `/api/student/forgot-password/${api(phone)}` : `/api/student/otp/${api(phone)}`;
      const session = body(await server.call({ method: forgotPassword ? 'PATCH' : 'GET', url })).data;
      const wrongCodes = Array.from({ length: 299 }, (_, i) => String((Number(session.otp) + 1 + i) % 1_000_000).padStart(6, '0'));
      const guesses = await Promise.all(
        [...wrongCodes, session.otp as string].map((otp) =>
          server.call({ method: 'PATCH', url: `/api/student/set-password${forgotPassword ? '?forgotPassword=true' : ''}`, payload: { otp, hash: session.hash, phone: api(phone), password: 'taken-over' } }),
        ),
      );
      const codes = guesses.map((r) => (r.statusCode === 200 ? 'accepted' : body(r).errors.code));
      expect(codes.filter((c) => c === 'otpWrong'), `round ${round}`).toHaveLength(4);
      expect(codes.filter((c) => c === 'otpExhausted'), `round ${round}`).toHaveLength(296);
      expect(codes[299], `round ${round}: the right code, sent last`).toBe('otpExhausted');
      expect((await server.call({ method: 'POST', url: '/api/student/login', payload: { username: api(phone), password: 'taken-over' } })).statusCode).toBe(401);
    }
    expect((await server.call({ method: 'POST', url: '/api/student/login', payload: { username: api(resetter.phone), password: PASSWORD } })).statusCode).toBe(200);
  });

  it('allows no more than five parallel failed sign-ins', async () => {
    const tries = await Promise.all(
      Array.from({ length: 8 }, (_, i) => server.call({ method: 'POST', url: '/api/student/login', payload: { username: api(lockedOut.phone), password: `wrong-${i}` } })),
    );
    expect(tries.filter((r) => r.statusCode === 401)).toHaveLength(5);
    expect(tries.filter((r) => r.statusCode === 429)).toHaveLength(3);
  });
});
