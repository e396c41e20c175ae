// Account area: sign-in and sign-out, one-time codes for registration and password reset, the
// student's own profile, and staff sign-in.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { accountContract } from '../../src/contracts/account.js';
import { ApiError, badRequest, conflict, notFound, tooManyRequests } from '../errors.js';
import { isValidPhone, fromApiPhone, toApiPhone, PHONE_MESSAGES } from '../../src/domain/phone.js';
import { GPA_MESSAGES, isValidGpa, newPasswordProblem, otpProblem, PASSWORD_MESSAGES } from '../../src/domain/password.js';
import { MESSAGES } from '../../src/domain/messages.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { createSession, revokeSession } from './sessions.js';
import { checkCode, issueCode, otpErrors, spendCode, withdrawCode, REGISTER_FIRST } from './otp.js';
import { clearBucket, LOGIN_FAILURE_LIMIT, OTP_SEND_LIMIT, releaseSlot, takeSlot, waitText } from './rate-limit.js';
import { smsTransport, SmsDeliveryError, type CodePurpose } from './sms.js';
import { studentView } from './student-view.js';
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
  tooManyLogins: 'Too many sign-in attempts. Please try again in 15 minutes.',
  tooManyCodes: 'Too many codes were sent to this number. Please try again in an hour.',
  phoneRegistered: 'This phone number is already registered. Please sign in.',
  phoneUnknown: 'No account found with this phone number.',
  smsFailed: 'We could not send the code. Please try again in a moment.',
  passwordSet: MESSAGES.passwordSet,
  loggedOut: MESSAGES.loggedOut,
  fieldNotEditable: 'Only SSCGPA, HSCGPA and the profile picture can be changed.',
  pictureNotYours: 'This picture was not uploaded by you. Please upload it again.',
  pictureNotImage: 'The profile picture must be a JPEG or PNG image.',
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

  const quiet = app.config.logLevel === 'silent';
  const sms = smsTransport(app.config.sms, {
    academyName: app.config.academyName,
    production: app.config.production,
    print: (line) => {
      if (!quiet) console.info(line);
    },
  });

  /** Sends a fresh code, within the per-number limit; the route returns what the client may see. */
  async function sendCode(local: string, purpose: CodePurpose) {
    const now = app.clock.now();
    const apiPhone = toApiPhone(local);
    const slot = await takeSlot(app.db, app.dialect, `otp-send:${local}`, OTP_SEND_LIMIT, now);
    if (!slot.allowed) {
      throw tooManyRequests(ACCOUNT_TITLES.tooManyCodes, 'otpSendLimit', `No more codes can be sent to this number for ${waitText(slot.retryAt, now)}.`);
    }
    const issued = await issueCode(app.db, local, purpose, now);
    try {
      await sms.send({ phone: apiPhone, code: issued.code, purpose, at: now });
    } catch (error) {
      if (!(error instanceof SmsDeliveryError)) throw error;
      app.log.error(error);
      await withdrawCode(app.db, issued.hash);
      await releaseSlot(app.db, slot.eventId);
      throw new ApiError(502, ACCOUNT_TITLES.smsFailed, 'smsFailed');
    }
    return { hash: issued.hash, phone: apiPhone, ...(sms.revealsCode ? { otp: issued.code } : {}) };
  }

  app.route({ ...accountContract.login, handler: async (request, reply) => {
    const local = localPhoneOf(request.body.username);
    const password = request.body.password ?? '';
    if (!password) throw badRequest(PASSWORD_MESSAGES.missing, 'passwordMissing');
    const now = app.clock.now();
    const bucket = `login-failure:${local}`;
    // The attempt holds a slot while the password is checked; a failure keeps it, a success clears all.
    const slot = await takeSlot(app.db, app.dialect, bucket, LOGIN_FAILURE_LIMIT, now);
    if (!slot.allowed) {
      throw tooManyRequests(ACCOUNT_TITLES.tooManyLogins, 'tooManyLoginAttempts', `Sign-in is locked for this number for ${waitText(slot.retryAt, now)}.`);
    }
    // Registration already tells whether a number is known, so no dummy hashing hides it here.
    const student = await findStudentByUsername(app.db, toApiPhone(local));
    const valid = student?.password_hash ? await verifyPassword(password, student.password_hash) : false;
    if (!student || !valid) throw new ApiError(401, ACCOUNT_TITLES.invalidCredentials, 'invalidCredentials');
    await clearBucket(app.db, bucket);
    giveSession(reply, await createSession(app.db, { id: student.id, kind: 'student' }, now, app.config.sessionDays));
    return { data: { student: await studentView(app.db, student) } };
  } });

  app.route({ ...accountContract.registrationCode, handler: async (request) => {
    const local = localPhoneOf(request.params.phone);
    const existing = await findStudentByUsername(app.db, toApiPhone(local));
    if (existing?.password_hash) throw conflict(ACCOUNT_TITLES.phoneRegistered, 'phoneRegistered');
    return { data: await sendCode(local, 'register') };
  } });

  app.route({ ...accountContract.resetCode, handler: async (request) => {
    const local = localPhoneOf(request.params.phone);
    const existing = await findStudentByUsername(app.db, toApiPhone(local));
    if (!existing) throw notFound(ACCOUNT_TITLES.phoneUnknown, 'phoneUnknown');
    return { data: await sendCode(local, 'reset') };
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
      await checkCode(app.db, { hash, phone: local, purpose, code: otp! }, app.clock.now());
      // Hashing is slow on purpose, so it runs before the short transaction that spends the code.
      const passwordHash = await hashPassword(password!, app.config.scryptCost);
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
        if (invalid.validationContext === 'body' && /GPA/.test(path)) throw badRequest(GPA_MESSAGES.invalid, 'gpaInvalid');
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
          if (file.mime_type !== 'image/jpeg' && file.mime_type !== 'image/png') throw badRequest(ACCOUNT_TITLES.pictureNotImage, 'pictureNotImage');
          changes.profile_pic = key;
        }
      }
      await updateProfile(app.db, student.id, changes);
      const updated = { ...student, ...changes };
      return { data: await studentView(app.db, updated) };
    },
  });

  app.route({ ...accountContract.staffLogin, handler: async (request, reply) => {
    const username = (request.body.username ?? '').trim();
    const password = request.body.password ?? '';
    if (!username) throw badRequest('Please enter username', 'usernameMissing');
    if (!password) throw badRequest(PASSWORD_MESSAGES.missing, 'passwordMissing');
    const now = app.clock.now();
    const bucket = `staff-login-failure:${username.toLowerCase()}`;
    const slot = await takeSlot(app.db, app.dialect, bucket, LOGIN_FAILURE_LIMIT, now);
    if (!slot.allowed) {
      throw tooManyRequests(ACCOUNT_TITLES.tooManyLogins, 'tooManyLoginAttempts', `Sign-in is locked for this account for ${waitText(slot.retryAt, now)}.`);
    }
    const staff = await findStaffByUsername(app.db, username);
    const valid = staff ? await verifyPassword(password, staff.password_hash) : false;
    if (!staff || !valid) throw new ApiError(401, ACCOUNT_TITLES.staffInvalidCredentials, 'invalidCredentials');
    await clearBucket(app.db, bucket);
    giveSession(reply, await createSession(app.db, { id: staff.id, kind: 'staff' }, now, app.config.sessionDays));
    return { data: { staff: { _id: staff.id, name: staff.name, username: staff.username, role: staff.role } } };
  } });
}
