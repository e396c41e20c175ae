// Signing in, students by phone and staff by username: the account's limits, the hash queue and the
// session. The use-case floor under account/routes.ts; the rows come from account/queries.ts.
import { recordActivity } from '../activity/record.js';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, badRequest } from '../errors.js';
import { toApiPhone } from '../../src/domain/phone.js';
import { PASSWORD_MESSAGES } from '../../src/domain/password.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { createSession } from './sessions.js';
import { clearBucket, releaseSlots, SIGN_IN_BACKOFF, takeSlots, waitText, type Check } from './rate-limit.js';
import { HashGateFull, type HashLane } from './hash-gate.js';
import { deviceCookie, knownDevice } from './device-token.js';
import { addressKey } from './client-address.js';
import { limited } from './otp-sender.js';
import { studentView } from './student-view.js';
import { courseCards } from '../content/queries.js';
import { findStaffByUsername, findStudentByUsername } from './queries.js';
import { ACCOUNT_TITLES, localPhoneOf } from './titles.js';

/** Hands the new session to the client in the `sessionid` header. */
export function giveSession(reply: FastifyReply, sessionId: string): void {
  reply.header('sessionid', sessionId);
  reply.header('access-control-expose-headers', 'sessionid');
}

/** Seconds a caller the hash gate turned away is asked to wait: a few hashes' time, long enough for a queue to move. */
const BUSY_RETRY_SECONDS = 5;

/** The answer when the hash gate turns a caller away (its queue full, or the caller's wait over). */
export function signInBusy(reply: FastifyReply): ApiError {
  reply.header('retry-after', String(BUSY_RETRY_SECONDS));
  return ApiError.of(503, ACCOUNT_TITLES.signInBusy, 'signInBusy', ACCOUNT_TITLES.signInBusy);
}

export function signIns(app: FastifyInstance) {
  const limits = app.config.limits;

  // Unknown numbers, students without a password and unknown staff are checked against this hash,
  // so a sign-in takes the same time whether or not the account exists. Made on the first sign-in.
  let dummy: Promise<string> | null = null;
  const dummyHash = () => (dummy ??= hashPassword(randomBytes(16).toString('hex'), app.config.scryptCost));

  /**
   * Checks a password for a sign-in. The one limit judged before any hashing is the account's: a
   * delay that grows with each failure instead of a lockout, counted per known device (a valid
   * device token for this account) or else per client address, so failures from elsewhere never
   * keep the owner out. Failures from the client's address and across the academy never refuse:
   * once an address is over its limit, or the academy over its own and the address failed lately,
   * the attempt is slowed in the hash queue (after everyone else, one at a time per address, never
   * on the last hash thread), so a right password still passes from a shared address while its
   * failures are throttled. Known devices go first, but only `SIGN_IN_KNOWN_DEVICE_LIMIT` checks
   * per account in its window (counted in the database, so on every process), one at a time per
   * account and never on the last hash thread; beyond that share they are slowed, one at a time
   * per account, so one student signing in over and over cannot hold the gate nor crowd the
   * ordinary lane, and still gets in. The attempt holds its slots while the
   * password is checked: a failure keeps them, a success gives them back (not the known lane's,
   * which counts successes too), forgets the back-off and marks the device known.
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
    // A known device past its account's share of the known lane is not refused: it goes last.
    const knownTurn = device ? await takeSlots(app.db, app.dialect, [{ bucket: `sign-in:known:${account}`, limit: limits.signInKnownDevice }], now) : null;
    const knownSlots = knownTurn?.allowed ? knownTurn.eventIds : [];
    const lane: HashLane = knownTurn?.allowed ? 'known' : knownTurn || slowed ? 'slowed' : 'normal';
    let valid: boolean;
    try {
      const stored = await storedHash();
      const against = stored ?? (await dummyReady);
      valid = (await app.hashGate.run(() => verifyPassword(password, against), { lane, key: knownTurn ? account : address })) && stored !== null;
    } catch (error) {
      // Turned away before any hashing: not the caller's failure, so the slots go back.
      await releaseSlots(app.db, [...taken.eventIds, ...knownSlots]);
      if (error instanceof HashGateFull) throw signInBusy(reply);
      throw error;
    }
    if (valid) {
      await releaseSlots(app.db, taken.eventIds);
      await clearBucket(app.db, pairBucket);
      reply.header('set-cookie', deviceCookie(request.headers.cookie, app.config.signingSecret, account, now, request.protocol === 'https'));
    }
    return valid;
  }

  return {
    /** A student signs in with phone and password: a session and the student's profile. */
    async student(request: FastifyRequest, reply: FastifyReply, body: { username?: string; password?: string }) {
      const local = localPhoneOf(body.username);
      const password = body.password ?? '';
      if (!password) throw badRequest(PASSWORD_MESSAGES.missing, 'passwordMissing');
      let student: Awaited<ReturnType<typeof findStudentByUsername>>;
      const valid = await checkSignIn(request, reply, `student:${local}`, async () => {
        student = await findStudentByUsername(app.db, toApiPhone(local));
        return student?.password_hash ?? null;
      }, password);
      if (!valid || !student) throw ApiError.of(401, ACCOUNT_TITLES.invalidCredentials, 'invalidCredentials');
      giveSession(reply, await createSession(app.db, { id: student.id, kind: 'student' }, app.clock.now(), app.config.sessionDays));
      const view = await studentView(app.db, student);
      // The student's batches gave the courses already: their cards are one more statement.
      return { student: view, myCourses: await courseCards(app.db, view.courses.map((course) => course._id)) };
    },

    /** A teacher or administrator signs in with username and password. */
    async staff(request: FastifyRequest, reply: FastifyReply, body: { username?: string; password?: string }) {
      const username = (body.username ?? '').trim();
      const password = body.password ?? '';
      if (!username) throw badRequest('Please enter username', 'usernameMissing');
      if (!password) throw badRequest(PASSWORD_MESSAGES.missing, 'passwordMissing');
      let staff: Awaited<ReturnType<typeof findStaffByUsername>>;
      const valid = await checkSignIn(request, reply, `staff:${username.toLowerCase()}`, async () => {
        staff = await findStaffByUsername(app.db, username);
        // A turned-off account is checked against the dummy hash, as an unknown one is.
        return staff && staff.disabled_at === null ? staff.password_hash : null;
      }, password);
      if (!valid || !staff) throw ApiError.of(401, ACCOUNT_TITLES.staffInvalidCredentials, 'invalidCredentials');
      const signedIn = staff;
      const now = app.clock.now();
      const session = await app.db.transaction().execute(async (trx) => {
        const id = await createSession(trx, { id: signedIn.id, kind: 'staff' }, now, app.config.sessionDays);
        await recordActivity(trx, { at: now, staff: signedIn, kind: 'signIn', summary: `${signedIn.name} signed in at the desk`, subjectId: signedIn.id });
        return id;
      });
      giveSession(reply, session);
      return { staff: { _id: staff.id, name: staff.name, username: staff.username, role: staff.role } };
    },
  };
}
