// Account area: sign-in and sign-out, one-time codes for registration and password reset, the
// student's own profile, and staff sign-in.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { accountContract } from '../../src/contracts/account.js';
import { ApiError, badRequest, conflict, notFound } from '../errors.js';
import { isValidPhone, fromApiPhone, toApiPhone, PHONE_MESSAGES } from '../../src/domain/phone.js';
import { GPA_MESSAGES, isValidGpa, newPasswordProblem, otpProblem, PASSWORD_MESSAGES, PICTURE_MESSAGES, pictureProblem } from '../../src/domain/password.js';
import { MESSAGES } from '../../src/domain/messages.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { createSession, revokeSession } from './sessions.js';
import { checkCode, openDeskResetRequest, otpErrors, spendCode, verifyCode, REGISTER_FIRST } from './otp.js';
import { clearBucket, releaseSlots, SIGN_IN_BACKOFF, takeSlots, waitText, type Check } from './rate-limit.js';
import { HashGateFull, type HashLane } from './hash-gate.js';
import { deviceCookie, knownDevice } from './device-token.js';
import { addressKey } from './client-address.js';
import type { CodePurpose } from './sms.js';
import { CODE_SENDING_TITLES, codeSender, limited } from './code-sender.js';
import { studentView } from './student-view.js';
import { courseCards } from '../content/queries.js';
import { findStoredFile } from '../storage/queries.js';
import {
  findStaffByUsername,
  findStudentByUsername,
  registerStudent,
  revokeAllSessions,
  setStudentPassword,
  updateProfile,
} from './queries.js';
import { isFileKey } from '../storage/signing.js';

export const ACCOUNT_TITLES = {
  invalidCredentials: 'Phone no. or password is incorrect',
  staffInvalidCredentials: 'Username or password is incorrect',
  tooManyLogins: 'Too many sign-in attempts. Please wait a moment and try again.',
  signInBusy: 'Too many students are signing in right now. Please try again in a moment.',
  tooManyCodes: CODE_SENDING_TITLES.tooManyCodes,
  tooManyCodeRequestsFromAddress: 'Too many code requests from your network. Please try again later.',
  codesBusy: CODE_SENDING_TITLES.codesBusy,
  phoneRegistered: 'This phone number is already registered. Please sign in.',
  phoneUnknown: 'No account found with this phone number.',
  smsFailed: CODE_SENDING_TITLES.smsFailed,
  passwordSet: MESSAGES.passwordSet,
  codeVerified: 'The code is correct.',
  loggedOut: MESSAGES.loggedOut,
  fieldNotEditable: 'Only SSCGPA, HSCGPA and the profile picture can be changed.',
  pictureNotYours: 'This picture was not uploaded by you. Please upload it again.',
  pictureNotImage: PICTURE_MESSAGES.notImage,
} as const;

/** The local 11-digit number from an API phone ('88' + 11 digits), or a 400 with the spec's message. */
function localPhoneOf(value: string | undefined): string {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') throw badRequest(PHONE_MESSAGES.missing, 'phoneMissing');
  const local = fromApiPhone(trimmed);
  if (!isValidPhone(local)) throw badRequest(PHONE_MESSAGES.invalid, 'phoneInvalid');
  return local;
}

function giveSession(reply: FastifyReply, sessionId: string): void {
  reply.header('sessionid', sessionId);
  reply.header('access-control-expose-headers', 'sessionid');
}

export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  const codes = codeSender(app);

  const limits = app.config.limits;

  /**
   * Every code request is also an "is this number registered" check, so each one counts against its
   * client address and the academy as a whole before the number is looked up.
   */
  async function countCodeRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const now = app.clock.now();
    const taken = await takeSlots(
      app.db,
      app.dialect,
      [
        { bucket: 'code-request:all', limit: limits.codeRequestsGlobal },
        { bucket: `code-request:address:${addressKey(request.ip, app.config.ipv6PrefixLength)}`, limit: limits.codeRequestsPerAddress },
      ],
      now,
    );
    if (taken.allowed) return;
    if (taken.bucket === 'code-request:all') {
      throw limited(reply, taken.retryAt, now, 429, ACCOUNT_TITLES.codesBusy, 'codeRequestsBusy', ACCOUNT_TITLES.codesBusy);
    }
    const message = `Too many code requests from your network. Please try again in ${waitText(taken.retryAt, now)}.`;
    throw limited(reply, taken.retryAt, now, 429, ACCOUNT_TITLES.tooManyCodeRequestsFromAddress, 'tooManyCodeRequests', message);
  }

  const sendCode = codes.send;

  // Unknown numbers, students without a password and unknown staff are checked against this hash,
  // so a sign-in takes the same time whether or not the account exists. Made on the first sign-in.
  let dummy: Promise<string> | null = null;
  const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex'), app.config.scryptCost));

  const busy = () => new ApiError(503, ACCOUNT_TITLES.signInBusy, 'signInBusy', ACCOUNT_TITLES.signInBusy);

  /**
   * Checks a password for a sign-in. The one limit judged before any hashing is the account's: a
   * delay that grows with each failure instead of a lockout, counted per known device (a valid
   * device token for this account) or else per client address, so failures from elsewhere never
   * keep the owner out. Failures from the client's address and across the academy never refuse:
   * once an address is over its limit, or the academy over its own and the address failed lately,
   * the attempt is slowed in the hash queue (after everyone else, one at a time per address, never
   * on the last hash thread), so a right password still passes from a shared address while its
   * failures are throttled; known devices always go first. The attempt holds its slots while the
   * password is checked: a failure keeps them, a success gives them back, forgets the back-off and
   * marks the device known.
   */
  async function checkSignIn(
    request: FastifyRequest,
    reply: FastifyReply,
    account: string,
    storedHash: () => Promise<string | null>,
    password: string,
  ): Promise<boolean> {
    const now = app.clock.now();
    const address = addressKey(request.ip, app.config.ipv6PrefixLength);
    const device = knownDevice(request.headers.cookie, app.config.signingSecret, account, now);
    const addressBucket = `sign-in:address:${address}`;
    const pairBucket = device ? `sign-in:${account}@device:${device}` : `sign-in:${account}@${address}`;
    const checks: Check[] = [
      { bucket: 'sign-in:all', limit: limits.signInGlobal, soft: true },
      { bucket: addressBucket, limit: limits.signInPerAddress, soft: true },
      { bucket: pairBucket, backoff: SIGN_IN_BACKOFF },
    ];
    const dummyReady = dummyHash();
    const taken = await takeSlots(app.db, app.dialect, checks, now);
    if (!taken.allowed) {
      const message = `Too many sign-in attempts. Please try again in ${waitText(taken.retryAt, now)}.`;
      throw limited(reply, taken.retryAt, now, 429, ACCOUNT_TITLES.tooManyLogins, 'tooManyLoginAttempts', message);
    }
    const slowed = taken.over.includes(addressBucket) || (taken.over.includes('sign-in:all') && (taken.counts[addressBucket] ?? 0) > 0);
    const lane: HashLane = device ? 'known' : slowed ? 'slowed' : 'normal';
    let valid: boolean;
    try {
      const stored = await storedHash();
      const against = stored ?? (await dummyReady);
      valid = (await app.hashGate.run(() => verifyPassword(password, against), { lane, key: address })) && stored !== null;
    } catch (error) {
      // Turned away before any hashing: not the caller's failure, so the slots go back.
      await releaseSlots(app.db, taken.eventIds);
      if (error instanceof HashGateFull) {
        reply.header('retry-after', '5');
        throw busy();
      }
      throw error;
    }
    if (valid) {
      await releaseSlots(app.db, taken.eventIds);
      await clearBucket(app.db, pairBucket);
      reply.header('set-cookie', deviceCookie(request.headers.cookie, app.config.signingSecret, account, now, request.protocol === 'https'));
    }
    return valid;
  }

  app.route({ ...accountContract.login, handler: async (request, reply) => {
    const local = localPhoneOf(request.body.username);
    const password = request.body.password ?? '';
    if (!password) throw badRequest(PASSWORD_MESSAGES.missing, 'passwordMissing');
    let student: Awaited<ReturnType<typeof findStudentByUsername>>;
    const valid = await checkSignIn(request, reply, `student:${local}`, async () => {
      student = await findStudentByUsername(app.db, toApiPhone(local));
      return student?.password_hash ?? null;
    }, password);
    if (!valid || !student) throw new ApiError(401, ACCOUNT_TITLES.invalidCredentials, 'invalidCredentials');
    giveSession(reply, await createSession(app.db, { id: student.id, kind: 'student' }, app.clock.now(), app.config.sessionDays));
    const view = await studentView(app.db, student);
    // The student's batches gave the courses already: their cards are one more statement.
    return { data: { student: view, myCourses: await courseCards(app.db, view.courses.map((course) => course._id)) } };
  } });

  app.route({ ...accountContract.registrationCode, handler: async (request, reply) => {
    const local = localPhoneOf(request.params.phone);
    await countCodeRequest(request, reply);
    const existing = await findStudentByUsername(app.db, toApiPhone(local));
    if (existing?.password_hash) throw conflict(ACCOUNT_TITLES.phoneRegistered, 'phoneRegistered');
    return { data: await sendCode(local, 'register', reply) };
  } });

  app.route({ ...accountContract.resetCode, handler: async (request, reply) => {
    const local = localPhoneOf(request.params.phone);
    await countCodeRequest(request, reply);
    const existing = await findStudentByUsername(app.db, toApiPhone(local));
    if (!existing) throw notFound(ACCOUNT_TITLES.phoneUnknown, 'phoneUnknown');
    // A code an administrator just sent from the desk is the one on the phone: its request is taken up.
    const sentFromDesk = await openDeskResetRequest(app.db, local, app.clock.now());
    if (sentFromDesk) return { data: { hash: sentFromDesk, phone: toApiPhone(local) } };
    return { data: await sendCode(local, 'reset', reply) };
  } });

  app.route({
    ...accountContract.setPassword,
    handler: async (request) => {
      const purpose: CodePurpose = request.query.forgotPassword ? 'reset' : 'register';
      const { otp, hash, password } = request.body;
      if (!hash) throw badRequest(REGISTER_FIRST, 'registerFirst');
      const local = localPhoneOf(request.body.phone);
      const otpMessage = otpProblem(otp);
      if (otpMessage) throw badRequest(otpMessage, 'otpMissing');
      const passwordMessage = newPasswordProblem(password);
      if (passwordMessage) throw badRequest(passwordMessage, password ? 'passwordWeak' : 'passwordMissing');
      const username = toApiPhone(local);
      // Hashing is slow on purpose, so it runs before the short transaction that spends the code. The
      // code is checked inside the gate's turn, so a busy server does not cost the student a try.
      const passwordHash = await app.hashGate
        .run(async () => {
          await checkCode(app.db, { hash, phone: local, purpose, code: otp! }, app.clock.now());
          return hashPassword(password!, app.config.scryptCost);
        })
        .catch((error: unknown) => {
          if (error instanceof HashGateFull) throw busy();
          throw error;
        });
      const now = app.clock.now();
      let signedOut: string | null = null;
      const outcome = await app.db
        .transaction()
        .execute(async (trx) => {
          if (!(await spendCode(trx, hash, now))) return 'used' as const;
          if (purpose === 'register') {
            return (await registerStudent(trx, { username, localPhone: local, passwordHash, now })) ? ('done' as const) : ('registered' as const);
          }
          const student = await findStudentByUsername(trx, username);
          if (!student) return 'unknown' as const;
          await setStudentPassword(trx, student.id, passwordHash);
          await revokeAllSessions(trx, student.id, now);
          signedOut = student.id;
          return 'done' as const;
        })
        .catch(async (error: unknown) => {
          // Two registrations of one new number racing: the unique username lets only one row in.
          if (purpose === 'register' && (await findStudentByUsername(app.db, username))?.password_hash) return 'registered' as const;
          throw error;
        });
      if (outcome === 'used') throw otpErrors.used();
      if (outcome === 'registered') throw conflict(ACCOUNT_TITLES.phoneRegistered, 'phoneRegistered');
      if (outcome === 'unknown') throw notFound(ACCOUNT_TITLES.phoneUnknown, 'phoneUnknown');
      // The old sessions are revoked; their open sockets must not keep receiving events.
      if (signedOut) app.realtime.endStudent(signedOut);
      return { data: { message: ACCOUNT_TITLES.passwordSet } };
    },
  });

  app.route({
    ...accountContract.checkCode,
    handler: async (request) => {
      const purpose: CodePurpose = request.query.forgotPassword ? 'reset' : 'register';
      const { otp, hash } = request.body;
      if (!hash) throw badRequest(REGISTER_FIRST, 'registerFirst');
      const otpMessage = otpProblem(otp);
      if (otpMessage) throw badRequest(otpMessage, 'otpMissing');
      await verifyCode(app.db, { hash, phone: localPhoneOf(request.body.phone), purpose, code: otp! }, app.clock.now());
      return { data: { message: ACCOUNT_TITLES.codeVerified } };
    },
  });

  app.route({ ...accountContract.logout, handler: async (request) => {
    await revokeSession(app.db, request.user!.sessionHash, app.clock.now());
    app.realtime.endSession(request.user!.sessionHash);
    return { data: { message: ACCOUNT_TITLES.loggedOut } };
  } });

  app.route({ ...accountContract.profile, handler: async (request) => {
    return { data: await studentView(app.db, request.student) };
  } });

  app.route({
    ...accountContract.updateProfile,
    // The validation failure is judged here so a bad GPA reads as the spec's message.
    attachValidation: true,
    handler: async (request) => {
      const invalid = request.validationError;
      if (invalid) {
        const failure = invalid.validation?.[0];
        if (invalid.validationContext === 'body' && failure?.keyword === 'additionalProperties') {
          const field = (failure.params as { additionalProperty?: string }).additionalProperty;
          throw badRequest(ACCOUNT_TITLES.fieldNotEditable, 'fieldNotEditable', `${field ?? 'This field'} cannot be changed here.`);
        }
        const path = `${failure?.instancePath ?? ''} ${JSON.stringify(failure?.params ?? {})}`;
        if (invalid.validationContext === 'body' && /GPA/.test(path)) throw badRequest(GPA_MESSAGES.invalid, 'gpaInvalid', GPA_MESSAGES.outOfRange);
        throw badRequest('Invalid request', 'invalidRequest', invalid.message);
      }
      const { SSCGPA, HSCGPA, profilePic } = request.body;
      if (!isValidGpa(SSCGPA)) throw badRequest(GPA_MESSAGES.invalid, 'gpaInvalid', 'SSCGPA must be a number from 0 to 5.');
      if (!isValidGpa(HSCGPA)) throw badRequest(GPA_MESSAGES.invalid, 'gpaInvalid', 'HSCGPA must be a number from 0 to 5.');
      const student = request.student;
      const changes: { ssc_gpa: number; hsc_gpa: number; profile_pic?: string } = { ssc_gpa: SSCGPA, hsc_gpa: HSCGPA };
      if (profilePic != null && profilePic !== '') {
        // The app may send back the address it was given; the key is its last part.
        const key = profilePic.replace(/^(?:https?:\/\/[^/]+)?(?:\/api)?\/media\/files\//, '');
        if (key !== student.profile_pic) {
          const file = isFileKey(key) ? await findStoredFile(app.db, key) : undefined;
          if (!file || file.owner_id !== student.id) throw badRequest(ACCOUNT_TITLES.pictureNotYours, 'uploadNotYours');
          if (pictureProblem(file.mime_type)) throw badRequest(ACCOUNT_TITLES.pictureNotImage, 'pictureNotImage');
          changes.profile_pic = key;
        }
      }
      await updateProfile(app.db, student.id, changes);
      app.realtime.studentChanged(student.id);
      const updated = { ...student, ...changes };
      return { data: await studentView(app.db, updated) };
    },
  });

  app.route({ ...accountContract.staffLogin, handler: async (request, reply) => {
    const username = (request.body.username ?? '').trim();
    const password = request.body.password ?? '';
    if (!username) throw badRequest('Please enter username', 'usernameMissing');
    if (!password) throw badRequest(PASSWORD_MESSAGES.missing, 'passwordMissing');
    let staff: Awaited<ReturnType<typeof findStaffByUsername>>;
    const valid = await checkSignIn(request, reply, `staff:${username.toLowerCase()}`, async () => {
      staff = await findStaffByUsername(app.db, username);
      return staff?.password_hash ?? null;
    }, password);
    if (!valid || !staff) throw new ApiError(401, ACCOUNT_TITLES.staffInvalidCredentials, 'invalidCredentials');
    giveSession(reply, await createSession(app.db, { id: staff.id, kind: 'staff' }, app.clock.now(), app.config.sessionDays));
    return { data: { staff: { _id: staff.id, name: staff.name, username: staff.username, role: staff.role } } };
  } });
}
