// What the account area answers with: the spec's titles, and the phone check every account request
// starts with. Shared by the routes and the account's use cases.
import { badRequest } from '../errors.js';
import { isValidPhone, fromApiPhone, PHONE_MESSAGES } from '../../src/domain/phone.js';
import { MESSAGES } from '../../src/domain/messages.js';
import { PICTURE_MESSAGES } from '../../src/domain/password.js';
import { OTP_SENDING_TITLES } from './otp-sender.js';

export const ACCOUNT_TITLES = {
  invalidCredentials: 'Phone no. or password is incorrect',
  staffInvalidCredentials: 'Username or password is incorrect',
  tooManyLogins: 'Too many sign-in attempts. Please wait a moment and try again.',
  signInBusy: 'Too many students are signing in right now. Please try again in a moment.',
  tooManyCodes: OTP_SENDING_TITLES.tooManyCodes,
  tooManyCodeRequestsFromAddress: 'Too many code requests from your network. Please try again later.',
  codesBusy: OTP_SENDING_TITLES.codesBusy,
  phoneRegistered: 'This phone number is already registered. Please sign in.',
  phoneUnknown: 'No account found with this phone number.',
  smsFailed: OTP_SENDING_TITLES.smsFailed,
  passwordSet: MESSAGES.passwordSet,
  codeVerified: 'The code is correct.',
  loggedOut: MESSAGES.loggedOut,
  fieldNotEditable: 'Only SSCGPA, HSCGPA and the profile picture can be changed.',
  pictureNotYours: 'This picture was not uploaded by you. Please upload it again.',
  pictureNotImage: PICTURE_MESSAGES.notImage,
} as const;

/** The local 11-digit number from an API phone ('88' + 11 digits), or a 400 with the spec's message. */
export function localPhoneOf(value: string | undefined): string {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') throw badRequest(PHONE_MESSAGES.missing, 'phoneMissing');
  const local = fromApiPhone(trimmed);
  if (!isValidPhone(local)) throw badRequest(PHONE_MESSAGES.invalid, 'phoneInvalid');
  return local;
}
