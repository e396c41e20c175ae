// Account: sign-in and sign-out, one-time codes for registration and password reset, the student's
// own profile, and staff sign-in. Paths are relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { Data, failures, Nullable, type RouteContract } from './common';
import { accountPaths } from './paths';
import { CourseSummary } from './content';

/** The Student object login and the profile answer with. */
export const Student = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  sid: Type.String(),
  /** Registered mobile with the 88 prefix, e.g. "8801700000001". */
  username: Type.String(),
  contact: Nullable(Type.String()),
  session: Nullable(Type.String()),
  branch: Nullable(Type.Object({ name: Type.String(), division: Nullable(Type.String()) })),
  /** An address the browser can load, or null. */
  profilePic: Nullable(Type.String()),
  SSCGPA: Nullable(Type.Number()),
  HSCGPA: Nullable(Type.Number()),
  /** The student's batches; empty for a student in no batch. */
  groups: Type.Array(Type.Object({ _id: Type.String(), name: Type.String(), courseId: Type.String() })),
  courses: Type.Array(Type.Object({ _id: Type.String(), name: Nullable(Type.String()) })),
});
export type Student = Static<typeof Student>;

/** Login's answer: the student, and the student's course list for My Courses (the course list contract's shape). */
export const SignInAnswer = Type.Object({ student: Student, myCourses: Type.Array(CourseSummary) });
export type SignInAnswer = Static<typeof SignInAnswer>;

/** A code request: `otp` is present only when the server hands the code out directly (development). */
export const OtpSession = Type.Object({ hash: Type.String(), phone: Type.String(), otp: Type.Optional(Type.String()) });
export type OtpSession = Static<typeof OtpSession>;

const Message = Type.Object({ message: Type.String() });

export const Staff = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  username: Type.String(),
  role: Type.Union([Type.Literal('teacher'), Type.Literal('admin')]),
});
export type Staff = Static<typeof Staff>;

// Fields the handlers judge themselves are optional strings here, so a missing one gets the spec's
// message ('Please enter password') rather than a generic schema failure.
const Text = (maxLength: number) => Type.Optional(Type.String({ maxLength }));
// As long as the router allows, so any number that reaches the handler gets the spec's message.
const PhoneParams = Type.Object({ phone: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
const NoQuery = Type.Object({}, { additionalProperties: false });

export const Credentials = Type.Object({ username: Text(200), password: Text(1000) }, { additionalProperties: false });
export type Credentials = Static<typeof Credentials>;

export const SetPasswordBody = Type.Object({ otp: Text(32), hash: Text(64), phone: Text(32), password: Text(1000) }, { additionalProperties: false });
export type SetPasswordBody = Static<typeof SetPasswordBody>;

export const CheckCodeBody = Type.Object({ otp: Text(32), hash: Text(64), phone: Text(32) }, { additionalProperties: false });
export type CheckCodeBody = Static<typeof CheckCodeBody>;
const FlowQuery = Type.Object({ forgotPassword: Type.Optional(Type.Boolean()) }, { additionalProperties: false });

// Not checked by the schema: Ajv's type coercion would turn null or false into 0, which is a real
// GPA. The handler judges the value (isValidGpa) and answers with the spec's message.
const Gpa = Type.Unsafe<number>({ description: 'a number from 0 to 5' });
export const ProfileUpdate = Type.Object(
  { SSCGPA: Gpa, HSCGPA: Gpa, profilePic: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 300 })])) },
  { additionalProperties: false },
);
export type ProfileUpdate = Static<typeof ProfileUpdate>;

export const accountContract = {
  login: {
    method: 'POST',
    url: accountPaths.login,
    config: { access: 'public' },
    // The session id travels in the `sessionid` response header. `myCourses` is My Courses' list, as
    // GET /courses/student/:studentId answers it, so a slow phone need not ask for it after signing in.
    schema: { body: Credentials, querystring: NoQuery, response: { 200: Data(SignInAnswer), ...failures({ 400: ['phoneMissing', 'phoneInvalid', 'passwordMissing'], 401: ['invalidCredentials'], 429: ['tooManyLoginAttempts'], 503: ['signInBusy'] }) } },
  },
  registrationCode: {
    method: 'GET',
    url: accountPaths.registrationCode,
    config: { access: 'public' },
    schema: { params: PhoneParams, querystring: NoQuery, response: { 200: Data(OtpSession), ...failures({ 400: ['phoneMissing', 'phoneInvalid'], 409: ['phoneRegistered'], 429: ['codeRequestsBusy', 'tooManyCodeRequests', 'otpSendBusy', 'otpSendLimit'], 502: ['smsFailed'] }) } },
  },
  resetCode: {
    method: 'PATCH',
    url: accountPaths.resetCode,
    config: { access: 'public' },
    schema: { params: PhoneParams, querystring: NoQuery, response: { 200: Data(OtpSession), ...failures({ 400: ['phoneMissing', 'phoneInvalid'], 404: ['phoneUnknown'], 429: ['codeRequestsBusy', 'tooManyCodeRequests', 'otpSendBusy', 'otpSendLimit'], 502: ['smsFailed'] }) } },
  },
  setPassword: {
    method: 'PATCH',
    url: accountPaths.setPassword,
    config: { access: 'public' },
    schema: {
      body: SetPasswordBody,
      querystring: FlowQuery,
      response: { 200: Data(Message), ...failures({ 400: ['phoneMissing', 'phoneInvalid', 'registerFirst', 'otpMissing', 'otpWrong', 'otpUsed', 'otpExpired', 'passwordMissing', 'passwordWeak'], 404: ['phoneUnknown'], 409: ['phoneRegistered'], 429: ['otpExhausted'], 503: ['signInBusy'] }) },
    },
  },
  /** The code screen's check: counts toward the code's five tries and does not use the code up. */
  checkCode: {
    method: 'POST',
    url: accountPaths.checkCode,
    config: { access: 'public' },
    schema: { body: CheckCodeBody, querystring: FlowQuery, response: { 200: Data(Message), ...failures({ 400: ['phoneMissing', 'phoneInvalid', 'registerFirst', 'otpMissing', 'otpWrong', 'otpUsed', 'otpExpired'], 429: ['otpExhausted'] }) } },
  },
  logout: {
    method: 'GET',
    url: accountPaths.logout,
    config: { access: 'any' },
    schema: { querystring: NoQuery, response: { 200: Data(Message), ...failures(400, 401) } },
  },
  profile: {
    method: 'GET',
    url: accountPaths.profile,
    config: { access: 'student' },
    schema: { querystring: NoQuery, response: { 200: Data(Student), ...failures(400, 401, 403) } },
  },
  updateProfile: {
    method: 'PATCH',
    url: accountPaths.profile,
    config: { access: 'student' },
    schema: { body: ProfileUpdate, querystring: NoQuery, response: { 200: Data(Student), ...failures(401, 403, { 400: ['fieldNotEditable', 'gpaInvalid', 'uploadNotYours', 'pictureNotImage'] }) } },
  },
  /** The sign-in screen's support number; null when the server has none set (the screen keeps its own line). */
  support: {
    method: 'GET',
    url: accountPaths.support,
    config: { access: 'public' },
    schema: { querystring: NoQuery, response: { 200: Data(Type.Object({ phone: Nullable(Type.String()) })), ...failures(400) } },
  },
  staffLogin: {
    method: 'POST',
    url: accountPaths.staffLogin,
    config: { access: 'public' },
    schema: { body: Credentials, querystring: NoQuery, response: { 200: Data(Type.Object({ staff: Staff })), ...failures({ 400: ['usernameMissing', 'passwordMissing'], 401: ['invalidCredentials'], 429: ['tooManyLoginAttempts'], 503: ['signInBusy'] }) } },
  },
} satisfies Record<string, RouteContract>;
