// Password, one-time code, GPA and profile picture rules, shared by the app's forms and the server so a value the
// form accepts is never refused by the server for a different reason.
import { MESSAGES } from './messages';

const MIN_PASSWORD = 6;
/** An upper bound keeps password hashing cheap to call; no real password comes near it. */
const MAX_PASSWORD = 128;
export const OTP_LENGTH = 6;
const GPA_MIN = 0;
const GPA_MAX = 5;

export const PASSWORD_MESSAGES = {
  missing: 'Please enter password',
  /** The confirmation left empty asks for it by its purpose, not as a second 'Please enter password'. */
  confirmationMissing: 'Please confirm your password',
  tooShort: 'Password length must be at least 6 characters long',
  tooLong: 'Password length must be at most 128 characters long',
  mismatch: 'Passwords dont match',
  blank: MESSAGES.passwordBlank,
  tooCommon: MESSAGES.passwordTooCommon,
} as const;

/**
 * The passwords tried first by anyone guessing (the top of the public lists of leaked passwords, of
 * six characters or more since shorter ones are refused anyway), compared without case. A password
 * of one character repeated ('aaaaaa', '000000') counts as common too.
 */
const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  '123456', '1234567', '12345678', '123456789', '1234567890', '0123456789', '987654321', '654321', '123123', '123321',
  '112233', '121212', '123654', '131313', '159753', '147258', '147258369', '123456a', 'a123456', '123abc',
  'abc123', 'abc12345', 'abcd1234', 'abcdef', 'abcdefg', '12341234', '11223344', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t',
  '1qaz2wsx', 'qazwsx', 'qwerty', 'qwerty1', 'qwerty12', 'qwerty123', 'qwertyuiop', 'qweqwe', '123qwe', 'asdfgh',
  'asdfghjkl', 'zxcvbn', 'zxcvbnm', 'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'pass123',
  'iloveyou', 'iloveyou1', 'princess', 'sunshine', 'welcome', 'welcome1', 'monkey', 'dragon', 'master', 'shadow',
  'letmein', 'football', 'baseball', 'superman', 'batman', 'trustno1', 'michael', 'jennifer', 'jordan', 'hunter',
  'freedom', 'whatever', 'starwars', 'charlie', 'computer', 'killer', 'secret', 'admin123', 'administrator', 'login123',
  'bangladesh', 'dhaka123', 'loveyou', 'student', 'doctor', 'medical', 'mbbs2026', 'google', 'internet', 'changeme',
]);

/** Whether a password is among the first ones a guesser tries. */
export function isCommonPassword(password: string): boolean {
  const lower = password.trim().toLowerCase();
  return COMMON_PASSWORDS.has(lower) || /^(.)\1*$/u.test(lower);
}

export const OTP_MESSAGES = {
  missing: 'Please enter otp first',
} as const;

export const GPA_MESSAGES = {
  invalid: 'The given number is not valid',
  /** What the form says under a GPA field: the spec's message and the range it must be in. */
  outOfRange: `The given number is not valid: a GPA is from ${GPA_MIN} to ${GPA_MAX}.`,
} as const;

/** A profile picture is a photo the spec's image types (JPEG, PNG); a PDF or anything else is refused before upload. */
export const PICTURE_TYPES: readonly string[] = ['image/jpeg', 'image/png'];
export const PICTURE_MESSAGES = {
  notImage: 'The profile picture must be a JPEG or PNG image.',
} as const;

export function pictureProblem(mimeType: string | null | undefined): string | null {
  return PICTURE_TYPES.includes(mimeType ?? '') ? null : PICTURE_MESSAGES.notImage;
}

/** For the sign-in form: only presence is checked, the server judges the rest. */
export function signInPasswordProblem(password: string | null | undefined): string | null {
  return password ? null : PASSWORD_MESSAGES.missing;
}

/** For a new password (registration and reset). */
export function newPasswordProblem(password: string | null | undefined): string | null {
  if (!password) return PASSWORD_MESSAGES.missing;
  if (password.trim() === '') return PASSWORD_MESSAGES.blank;
  if (password.length < MIN_PASSWORD) return PASSWORD_MESSAGES.tooShort;
  if (password.length > MAX_PASSWORD) return PASSWORD_MESSAGES.tooLong;
  if (isCommonPassword(password)) return PASSWORD_MESSAGES.tooCommon;
  return null;
}

/** For the confirmation field of the set-password form. */
export function confirmationProblem(password: string, confirmation: string | null | undefined): string | null {
  if (!confirmation) return PASSWORD_MESSAGES.confirmationMissing;
  return confirmation === password ? null : PASSWORD_MESSAGES.mismatch;
}

/** A complete code: exactly six digits. */
export const isCompleteOtp = (code: string | null | undefined): boolean => new RegExp(`^\\d{${OTP_LENGTH}}$`).test(code ?? '');

export function otpProblem(code: string | null | undefined): string | null {
  return isCompleteOtp(code) ? null : OTP_MESSAGES.missing;
}

/** SSC and HSC GPA: a finite number from 0 to 5 inclusive. */
export const isValidGpa = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= GPA_MIN && value <= GPA_MAX;

export function gpaProblem(value: unknown): string | null {
  return isValidGpa(value) ? null : GPA_MESSAGES.outOfRange;
}

/** Seconds before another one-time code may be requested: the code's lifetime on the server, five minutes. */
export const RESEND_COUNTDOWN_SECONDS = 300;
