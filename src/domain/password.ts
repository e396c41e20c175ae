// Password, one-time code and GPA rules, shared by the app's forms and the server so a value the
// form accepts is never refused by the server for a different reason.

export const MIN_PASSWORD = 6;
/** An upper bound keeps password hashing cheap to call; no real password comes near it. */
export const MAX_PASSWORD = 128;
export const OTP_LENGTH = 6;
export const GPA_MIN = 0;
export const GPA_MAX = 5;

export const PASSWORD_MESSAGES = {
  missing: 'Please enter password',
  tooShort: 'Password length must be at least 6 characters long',
  tooLong: 'Password length must be at most 128 characters long',
  mismatch: 'Passwords dont match',
} as const;

export const OTP_MESSAGES = {
  missing: 'Please enter otp first',
} as const;

export const GPA_MESSAGES = {
  invalid: 'The given number is not valid',
} as const;

/** For the sign-in form: only presence is checked, the server judges the rest. */
export function signInPasswordProblem(password: string | null | undefined): string | null {
  return password ? null : PASSWORD_MESSAGES.missing;
}

/** For a new password (registration and reset). */
export function newPasswordProblem(password: string | null | undefined): string | null {
  if (!password) return PASSWORD_MESSAGES.missing;
  if (password.length < MIN_PASSWORD) return PASSWORD_MESSAGES.tooShort;
  if (password.length > MAX_PASSWORD) return PASSWORD_MESSAGES.tooLong;
  return null;
}

/** For the confirmation field of the set-password form. */
export function confirmationProblem(password: string, confirmation: string | null | undefined): string | null {
  if (!confirmation) return PASSWORD_MESSAGES.missing;
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
  return isValidGpa(value) ? null : GPA_MESSAGES.invalid;
}
