// One-time codes: six random digits, stored only as a salted sha-256, single use, expiring after
// five minutes (the app's resend countdown), and dead after five wrong tries. A reset code sent from
// the desk is typed through requests of its own, one per forgot-password call (openDeskResetRequest).
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ApiError, badRequest, tooManyRequests } from '../errors.js';
import { newId } from '../ids.js';
import { OTP_LENGTH } from '../../src/domain/password.js';
import { MESSAGES } from '../../src/domain/messages.js';
import type { CodePurpose } from './sms.js';
import { OTP_SEND_LIMIT } from './rate-limit.js';

export const OTP_TTL_MS = 300_000;
export const OTP_MAX_TRIES = 5;
/**
 * Tries at a desk-sent code over all the requests that take it up: as many as a number's own codes
 * get in an hour (five codes of five tries), so taking it up anew gives no more guesses than asking
 * for new codes would.
 */
export const DESK_CODE_MAX_TRIES = OTP_MAX_TRIES * OTP_SEND_LIMIT.max;

export const REGISTER_FIRST = MESSAGES.registerFirst;

export const otpErrors = {
  registerFirst: () => badRequest(REGISTER_FIRST, 'registerFirst'),
  used: () => badRequest('This code has already been used. Please request a new code.', 'otpUsed'),
  expired: () => badRequest('This code has expired. Please request a new code.', 'otpExpired'),
  exhausted: () => tooManyRequests('Too many wrong codes. Please request a new code.', 'otpExhausted'),
  wrong: (triesLeft: number) => {
    const title = `The code is not correct. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
    return ApiError.of(400, title, 'otpWrong', title);
  },
};

export const generateCode = (): string => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/** The request id salts the hash, so equal codes of different requests never share a hash. */
export const hashCode = (requestId: string, code: string): string => createHash('sha256').update(`${requestId}:${code}`).digest('hex');

export interface IssuedCode {
  /** The request id, handed to the client as "hash". */
  hash: string;
  code: string;
  expiresAt: Date;
}

export async function issueCode(db: Kysely<Database>, phone: string, purpose: CodePurpose, now: Date, issuedBy: string | null = null): Promise<IssuedCode> {
  // Requests of this number that ended long ago are of no further use; they go as new ones come.
  await db.deleteFrom('otp_requests').where('phone', '=', phone).where('expires_at', '<', new Date(now.getTime() - 86_400_000).toISOString()).execute();
  const id = newId();
  const code = generateCode();
  const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
  await db
    .insertInto('otp_requests')
    .values({
      id,
      phone,
      purpose,
      code_hash: hashCode(id, code),
      attempts: 0,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      verified_at: null,
      used_at: null,
      issued_by: issuedBy,
    })
    .execute();
  return { hash: id, code, expiresAt };
}

export async function withdrawCode(db: Kysely<Database>, hash: string): Promise<void> {
  await db.deleteFrom('otp_requests').where('id', '=', hash).execute();
}

/**
 * Checks a code against its request without spending it; throws the fitting error otherwise.
 * Every check costs one try, counted before the code is compared by one conditional update: among
 * any number of parallel guesses only the first five are compared at all, so a right code arriving
 * after them is refused like any other (reading the counter first let it through on PostgreSQL).
 */
export async function checkCode(
  db: Kysely<Database>,
  input: { hash: string; phone: string; purpose: CodePurpose; code: string },
  now: Date,
): Promise<void> {
  if (!/^[0-9a-f]{24}$/.test(input.hash)) throw otpErrors.registerFirst();
  // A code the code screen already found right is not charged a second try when the password comes
  // with it; any other code against that request still takes a try below.
  const verified = await db
    .selectFrom('otp_requests')
    .select(['id', 'code_hash', 'code_of'])
    .where((eb) => eb.and([openRequest(eb, input, now), eb('verified_at', 'is not', null)]))
    .executeTakeFirst();
  if (verified && codeMatches(verified, input.code)) return;
  const counted = await db
    .updateTable('otp_requests')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where((eb) => eb.and([openRequest(eb, input, now), eb('attempts', '<', OTP_MAX_TRIES)]))
    .returning(['id', 'code_hash', 'code_of', 'attempts'])
    .executeTakeFirst();
  if (!counted) throw await whyNotCounted(db, input);
  if (counted.code_of !== null && !(await countDeskTry(db, counted.code_of, now))) throw otpErrors.exhausted();
  if (codeMatches(counted, input.code)) return;
  const triesLeft = OTP_MAX_TRIES - Number(counted.attempts);
  throw triesLeft <= 0 ? otpErrors.exhausted() : otpErrors.wrong(triesLeft);
}

/** The request of this number and flow, not spent and not expired. */
function openRequest(eb: ExpressionBuilder<Database, 'otp_requests'>, input: { hash: string; phone: string; purpose: CodePurpose }, now: Date) {
  return eb.and([eb('id', '=', input.hash), eb('phone', '=', input.phone), eb('purpose', '=', input.purpose), eb('used_at', 'is', null), eb('expires_at', '>', now.toISOString())]);
}

/** A try at a desk-sent code, counted on the desk's request too; false once it has had its tries, is spent or expired. */
async function countDeskTry(db: Kysely<Database>, deskRequestId: string, now: Date): Promise<boolean> {
  const counted = await db
    .updateTable('otp_requests')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', deskRequestId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .where('attempts', '<', DESK_CODE_MAX_TRIES)
    .executeTakeFirst();
  return Number(counted.numUpdatedRows) === 1;
}

/** A request holding a desk-sent code compares with the hash salted by the desk request's id. */
function codeMatches(request: { id: string; code_hash: string; code_of: string | null }, code: string): boolean {
  const given = Buffer.from(hashCode(request.code_of ?? request.id, code), 'hex');
  const expected = Buffer.from(request.code_hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The code screen's check: takes a try like any check, and a right code is marked verified (not
 * spent), so the set-password call that follows with the same code costs no second try.
 */
export async function verifyCode(
  db: Kysely<Database>,
  input: { hash: string; phone: string; purpose: CodePurpose; code: string },
  now: Date,
): Promise<void> {
  await checkCode(db, input, now);
  await db.updateTable('otp_requests').set({ verified_at: now.toISOString() }).where('id', '=', input.hash).where('verified_at', 'is', null).execute();
}

/** The error for a check that could not take a try: no such request, used, out of tries or expired. */
async function whyNotCounted(db: Kysely<Database>, input: { hash: string; phone: string; purpose: CodePurpose }): Promise<ApiError> {
  const request = await db.selectFrom('otp_requests').select(['phone', 'purpose', 'used_at', 'attempts']).where('id', '=', input.hash).executeTakeFirst();
  if (!request || request.phone !== input.phone || request.purpose !== input.purpose) return otpErrors.registerFirst();
  if (request.used_at) return otpErrors.used();
  if (request.attempts >= OTP_MAX_TRIES) return otpErrors.exhausted();
  return otpErrors.expired();
}

/**
 * Spends a checked code; false when a parallel request spent it first. A desk-sent code is spent on
 * its desk request (one winner among requests racing with it) and on every request holding it.
 */
export async function spendCode(db: Kysely<Database>, hash: string, now: Date): Promise<boolean> {
  const code = (await db.selectFrom('otp_requests').select('code_of').where('id', '=', hash).executeTakeFirst())?.code_of ?? hash;
  const spent = { used_at: now.toISOString(), verified_at: now.toISOString() };
  const result = await db.updateTable('otp_requests').set(spent).where('id', '=', code).where('used_at', 'is', null).executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db.updateTable('otp_requests').set({ used_at: spent.used_at }).where('code_of', '=', code).where('used_at', 'is', null).execute();
  return true;
}

/**
 * While a reset code a staff member sent from the desk is open (the newest), a forgot-password call
 * takes it up, so the code already on the phone is the one to type: the caller gets a request of its
 * own holding that code, with its own five tries, and its id. Anyone who knows the number can make
 * that call, so a stranger's wrong codes spend the stranger's request, never the student's; all of
 * them together get DESK_CODE_MAX_TRIES. Null when no desk code is open.
 */
export async function openDeskResetRequest(db: Kysely<Database>, phone: string, now: Date): Promise<string | null> {
  const desk = await db
    .selectFrom('otp_requests')
    .select(['id', 'code_hash', 'expires_at'])
    .where('phone', '=', phone)
    .where('purpose', '=', 'reset')
    .where('issued_by', 'is not', null)
    .where('used_at', 'is', null)
    .where('attempts', '<', DESK_CODE_MAX_TRIES)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!desk) return null;
  const id = newId();
  await db
    .insertInto('otp_requests')
    .values({
      id, phone, purpose: 'reset', code_hash: desk.code_hash, attempts: 0, created_at: now.toISOString(), expires_at: desk.expires_at, verified_at: null, used_at: null, issued_by: null, code_of: desk.id,
    })
    .execute();
  return id;
}
