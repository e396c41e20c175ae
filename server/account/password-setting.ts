// Registration and password reset: a one-time code is requested for a phone, checked, and spent
// with the new password in one short transaction. The use-case floor under account/routes.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, conflict, notFound } from '../errors.js';
import { toApiPhone } from '../../src/domain/phone.js';
import { newPasswordProblem, otpProblem } from '../../src/domain/password.js';
import type { CheckCodeBody, SetPasswordBody } from '../../src/contracts/account.js';
import { hashPassword } from './passwords.js';
import { checkCode, openDeskResetRequest, otpErrors, spendCode, verifyCode, REGISTER_FIRST } from './otp.js';
import { takeSlots, waitText } from './rate-limit.js';
import { HashGateFull } from './hash-gate.js';
import { addressKey } from './client-address.js';
import type { CodePurpose } from './sms.js';
import { otpSender, limited } from './otp-sender.js';
import { findStudentByUsername, registerStudent, revokeAllSessions, setStudentPassword } from './queries.js';
import { signInBusy } from './sign-in.js';
import { ACCOUNT_TITLES, localPhoneOf } from './titles.js';

export function passwordSetting(app: FastifyInstance) {
  const codes = otpSender(app);
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

  return {
    /** A code for a new number's registration; a registered number is told to sign in. */
    async requestRegistrationOtp(request: FastifyRequest, reply: FastifyReply, phone: string | undefined) {
      const local = localPhoneOf(phone);
      await countCodeRequest(request, reply);
      const existing = await findStudentByUsername(app.db, toApiPhone(local));
      if (existing?.password_hash) throw conflict(ACCOUNT_TITLES.phoneRegistered, 'phoneRegistered');
      return codes.send(local, 'register', reply);
    },

    /** A code to reset a known number's password, or the one an administrator just sent from the desk. */
    async requestResetOtp(request: FastifyRequest, reply: FastifyReply, phone: string | undefined) {
      const local = localPhoneOf(phone);
      await countCodeRequest(request, reply);
      const existing = await findStudentByUsername(app.db, toApiPhone(local));
      if (!existing) throw notFound(ACCOUNT_TITLES.phoneUnknown, 'phoneUnknown');
      // A code an administrator just sent from the desk is the one on the phone: its request is taken up.
      const sentFromDesk = await openDeskResetRequest(app.db, local, app.clock.now());
      if (sentFromDesk) return { hash: sentFromDesk, phone: toApiPhone(local) };
      return codes.send(local, 'reset', reply);
    },

    /** Checks a code (a try counted, the code not used up) before the password is asked for. */
    async checkOtp(body: CheckCodeBody, forgotPassword: boolean | undefined): Promise<string> {
      const purpose: CodePurpose = forgotPassword ? 'reset' : 'register';
      const { otp, hash } = body;
      if (!hash) throw badRequest(REGISTER_FIRST, 'registerFirst');
      const otpMessage = otpProblem(otp);
      if (otpMessage) throw badRequest(otpMessage, 'otpMissing');
      await verifyCode(app.db, { hash, phone: localPhoneOf(body.phone), purpose, code: otp! }, app.clock.now());
      return ACCOUNT_TITLES.codeVerified;
    },

    /**
     * Spends the code and stores the password: a new student's account, or a reset that signs the
     * student out everywhere.
     */
    async setPassword(reply: FastifyReply, body: SetPasswordBody, forgotPassword: boolean | undefined): Promise<string> {
      const purpose: CodePurpose = forgotPassword ? 'reset' : 'register';
      const { otp, hash, password } = body;
      if (!hash) throw badRequest(REGISTER_FIRST, 'registerFirst');
      const local = localPhoneOf(body.phone);
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
          if (error instanceof HashGateFull) throw signInBusy(reply);
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
      return ACCOUNT_TITLES.passwordSet;
    },
  };
}
