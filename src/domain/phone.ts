// The mobile number rule, shared by the app's forms and the server's account routes so both
// accept exactly the same numbers. Students type the 11-digit local form; the API carries it
// with the country prefix 88.

const PHONE_PREFIX = '88';

export const PHONE_MESSAGES = {
  invalid: 'Phone no. is not valid',
  missing: 'Please enter phone no.',
  missingOnForm: 'Please enter your phone number',
} as const;

export const LOCAL_PHONE = /^01[3-9]\d{8}$/;

/** True for an 11-digit local mobile number: 01, then 3 to 9, then 8 more digits. */
export const isValidPhone = (local: string): boolean => LOCAL_PHONE.test(local);

/** '01700000001' -> '8801700000001'. */
export const toApiPhone = (local: string): string => `${PHONE_PREFIX}${local}`;

/** '8801700000001' -> '01700000001'; a value without the prefix is returned unchanged. */
export const fromApiPhone = (apiPhone: string): string =>
  apiPhone.startsWith(PHONE_PREFIX) && apiPhone.length === PHONE_PREFIX.length + 11 ? apiPhone.slice(PHONE_PREFIX.length) : apiPhone;

/** The message for a phone field, or null when the number is acceptable. */
export function phoneProblem(local: string | null | undefined): string | null {
  const value = (local ?? '').trim();
  if (value === '') return PHONE_MESSAGES.missing;
  return isValidPhone(value) ? null : PHONE_MESSAGES.invalid;
}
