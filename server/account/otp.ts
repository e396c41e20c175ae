// One-time codes: six random digits, stored only as a salted sha-256, single use, expiring after
// five minutes (the app's resend countdown), and dead after five wrong tries.
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ApiError, badRequest, tooManyRequests } from '../errors.js';
import { newId } from '../ids.js';
import { OTP_LENGTH } from '../../src/domain/password.js';
import { MESSAGES } from '../../src/domain/messages.js';
import type { CodePurpose } from './sms.js';

export const OTP_TTL_MS = 300_000;
export const OTP_MAX_TRIES = 5;

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
    .select(['id', 'code_hash'])
    .where((eb) => eb.and([openRequest(eb, input, now), eb('verified_at', 'is not', null)]))
    .executeTakeFirst();
  if (verified && codeMatches(verified, input.code)) return;
  const counted = await db
    .updateTable('otp_requests')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where((eb) => eb.and([openRequest(eb, input, now), eb('attempts', '<', OTP_MAX_TRIES)]))
    .returning(['id', 'code_hash', 'attempts'])
    .executeTakeFirst();
  if (!counted) throw await whyNotCounted(db, input);
  if (codeMatches(counted, input.code)) return;
  const triesLeft = OTP_MAX_TRIES - Number(counted.attempts);
  throw triesLeft <= 0 ? otpErrors.exhausted() : otpErrors.wrong(triesLeft);
}

/** The request of this number and flow, not spent and not expired. */
function openRequest(eb: ExpressionBuilder<Database, 'otp_requests'>, input: { hash: string; phone: string; purpose: CodePurpose }, now: Date) {
  return eb.and([eb('id', '=', input.hash), eb('phone', '=', input.phone), eb('purpose', '=', input.purpose), eb('used_at', 'is', null), eb('expires_at', '>', now.toISOString())]);
}

function codeMatches(request: { id: string; code_hash: string }, code: string): boolean {
  const given = Buffer.from(hashCode(request.id, code), 'hex');
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

/** Spends a checked code; false when a parallel request spent it first. */
export async function spendCode(db: Kysely<Database>, hash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('otp_requests')
    .set({ used_at: now.toISOString(), verified_at: now.toISOString() })
    .where('id', '=', hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * An open reset request a staff member sent from the desk (newest first): the student's own
 * forgot-password request takes it up, so the code already on the phone is the one to type.
 */
export async function openDeskResetRequest(db: Kysely<Database>, phone: string, now: Date): Promise<string | null> {
  const row = await db
    .selectFrom('otp_requests')
    .select('id')
    .where('phone', '=', phone)
    .where('purpose', '=', 'reset')
    .where('issued_by', 'is not', null)
    .where('used_at', 'is', null)
    .where('attempts', '<', OTP_MAX_TRIES)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}
