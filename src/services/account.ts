// Account calls of the app (contracts: src/contracts/account.ts): sign-in and sign-out, one-time
// codes, passwords and the profile; and the signed-in student kept on the device.
import { api, ApiRequestError } from './api';
import { toApiPhone } from '../domain/phone';
import type { accountContract, CheckCodeBody, ProfileUpdate, SetPasswordBody, Student } from '../contracts/account';
import { accountPaths } from '../contracts/paths';
import { keepCourses } from './coursesPreload';
import { STORAGE_KEYS, keepSignInPhone, readJson, readSessionId, writeJson, writeSessionId } from './storage';

type Account = typeof accountContract;

/** The code, the request's hash, the local phone number and the new password. */
export type SetPasswordInput = Required<SetPasswordBody>;

export function rememberStudent(student: Student): void {
  writeJson(STORAGE_KEYS.student, student);
}

/** The student kept from an earlier visit, when the session id is still stored. */
export function storedStudent(): Student | null {
  if (!readSessionId()) return null;
  return readJson<Student | null>(STORAGE_KEYS.student, null);
}

/**
 * Calls a sign-in route and keeps the session id its answer starts (localStorage when remembered,
 * this tab only otherwise).
 */
export async function keepingSession<T>(signIn: (onResponseHeaders: (headers: Headers) => void) => Promise<T>, remember: boolean): Promise<T> {
  let sessionId: string | null = null;
  const data = await signIn((headers) => (sessionId = headers.get('sessionid')));
  if (!sessionId) throw new ApiRequestError(500, 'The server did not start a session.', 'noSession', false);
  writeSessionId(sessionId, remember);
  return data;
}

export const accountApi = {
  /**
   * Signs in and keeps the session id (localStorage with Remember me, this tab only without), and the
   * course list the answer carries for My Courses.
   */
  async signIn(phone: string, password: string, remember: boolean): Promise<Student> {
    const data = await keepingSession(
      (onResponseHeaders) => api.call<Account['login']>('POST', accountPaths.login, { body: { username: toApiPhone(phone), password }, onResponseHeaders, priority: 'high' }),
      remember,
    );
    rememberStudent(data.student);
    keepCourses(data.student._id, data.myCourses);
    keepSignInPhone(remember ? phone : null);
    return data.student;
  },

  async signOut(): Promise<string> {
    return (await api.call<Account['logout']>('GET', accountPaths.logout)).message;
  },

  requestRegistrationCode: (phone: string) =>
    api.call<Account['registrationCode']>('GET', accountPaths.registrationCode, { params: { phone: toApiPhone(phone) } }),

  requestResetCode: (phone: string) => api.call<Account['resetCode']>('PATCH', accountPaths.resetCode, { params: { phone: toApiPhone(phone) } }),

  /** The code screen's check: a try counted, the code not used up. */
  async checkCode(input: Required<CheckCodeBody>, options: { forgotPassword: boolean }): Promise<string> {
    const data = await api.call<Account['checkCode']>('POST', accountPaths.checkCode, {
      body: { ...input, phone: toApiPhone(input.phone) },
      query: options.forgotPassword ? { forgotPassword: true } : undefined,
    });
    return data.message;
  },

  async setPassword(input: SetPasswordInput, options: { forgotPassword: boolean }): Promise<string> {
    const data = await api.call<Account['setPassword']>('PATCH', accountPaths.setPassword, {
      body: { ...input, phone: toApiPhone(input.phone) },
      query: options.forgotPassword ? { forgotPassword: true } : undefined,
    });
    // After a reset the student signs in next, with this number.
    if (options.forgotPassword) keepSignInPhone(input.phone);
    return data.message;
  },

  /** The support number the server serves for the sign-in screen; null when it has none. */
  supportPhone: async () => (await api.call<Account['support']>('GET', accountPaths.support, { priority: 'low' })).phone,
  profile: () => api.call<Account['profile']>('GET', accountPaths.profile),

  async updateProfile(update: ProfileUpdate): Promise<Student> {
    const student = await api.call<Account['updateProfile']>('PATCH', accountPaths.profile, { body: update });
    rememberStudent(student);
    return student;
  },
};
