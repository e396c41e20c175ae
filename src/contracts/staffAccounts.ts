// The desk's staff accounts (administrators only; a teacher gets 403 adminsOnly): the staff with their
// courses, adding a teacher or an administrator (a one-time password comes back once, to hand over),
// giving and taking away a teacher's courses, turning an account off (its sessions end at once) and on,
// and a new one-time password for someone who forgot theirs. Every staff member changes their own
// password and signs out their other sessions. Paths are relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { Data, failures, HealthPart, Id, IdParams, type RouteContract } from './common';
import { staffAccountsPaths } from './paths';

export const StaffRole = Type.Union([Type.Literal('teacher'), Type.Literal('admin')]);
export type StaffRole = Static<typeof StaffRole>;

export const CourseRef = Type.Object({ _id: Type.String(), name: Type.String() });
export type CourseRef = Static<typeof CourseRef>;

export const StaffAccount = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  username: Type.String(),
  role: StaffRole,
  /** False once an administrator turned the account off. */
  active: Type.Boolean(),
  /** The courses a teacher teaches (an administrator acts on every course and has none listed). */
  courses: Type.Array(CourseRef),
  createdAt: Type.String(),
});
export type StaffAccount = Static<typeof StaffAccount>;

export const StaffAccountList = Type.Object({
  /** Administrators first, then teachers, by name. */
  staff: Type.Array(StaffAccount),
  /** Every course of the academy, by its order: what a teacher may be given. */
  courses: Type.Array(CourseRef),
  /** The scheduled backups' state, as /api/health has it: the last good one and its age, or why the last failed. */
  backup: HealthPart,
});
export type StaffAccountList = Static<typeof StaffAccountList>;

/** The server checks the fields itself, so every refusal is in plain words. */
export const AddStaffBody = Type.Object(
  {
    username: Type.String({ maxLength: 100 }),
    name: Type.String({ maxLength: 200 }),
    role: StaffRole,
    courseIds: Type.Optional(Type.Array(Id, { maxItems: 500 })),
  },
  { additionalProperties: false },
);
export type AddStaffBody = Static<typeof AddStaffBody>;

/** An account and the one-time password that opens it: shown once, never stored in clear. */
export const StaffWithPassword = Type.Object({ staff: StaffAccount, password: Type.String(), message: Type.String() });
export type StaffWithPassword = Static<typeof StaffWithPassword>;

export const StaffChanged = Type.Object({ staff: StaffAccount, message: Type.String() });
export type StaffChanged = Static<typeof StaffChanged>;

export const ChangePasswordBody = Type.Object(
  { currentPassword: Type.String({ maxLength: 200 }), newPassword: Type.String({ maxLength: 200 }) },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const SessionsEnded = Type.Object({ ended: Type.Integer({ minimum: 0 }), message: Type.String() });
export type SessionsEnded = Static<typeof SessionsEnded>;

const admins = { 403: ['adminsOnly'] } as const;
/** Administrators only, declared on the route (a teacher gets 403 adminsOnly with these words). */
const adminsOnly = { access: 'staff', staff: { admin: 'Only administrators can manage staff accounts.' } } as const;

export const staffAccountsContract = {
  list: {
    method: 'GET',
    url: staffAccountsPaths.accounts,
    config: adminsOnly,
    schema: { response: { 200: Data(StaffAccountList), ...failures(401, admins) } },
  },
  add: {
    method: 'POST',
    url: staffAccountsPaths.accounts,
    config: adminsOnly,
    schema: {
      body: AddStaffBody,
      response: {
        200: Data(StaffWithPassword),
        ...failures(401, admins, { 400: ['usernameInvalid', 'staffNameMissing', 'courseUnknown'], 409: ['usernameTaken'] }),
      },
    },
  },
  giveCourse: {
    method: 'PUT',
    url: staffAccountsPaths.accountCourse,
    config: adminsOnly,
    schema: { params: IdParams('staffId', 'courseId'), response: { 200: Data(StaffChanged), ...failures(400, 401, admins, { 404: ['staffNotFound', 'courseNotFound'], 409: ['adminHasEveryCourse'] }) } },
  },
  takeCourse: {
    method: 'DELETE',
    url: staffAccountsPaths.accountCourse,
    config: adminsOnly,
    schema: { params: IdParams('staffId', 'courseId'), response: { 200: Data(StaffChanged), ...failures(400, 401, admins, { 404: ['staffNotFound', 'courseNotFound'] }) } },
  },
  turnOff: {
    method: 'POST',
    url: staffAccountsPaths.turnOff,
    config: adminsOnly,
    // An administrator cannot turn off their own account (409 notYourself): someone must stay able to sign in.
    schema: { params: IdParams('staffId'), response: { 200: Data(StaffChanged), ...failures(400, 401, admins, { 404: ['staffNotFound'], 409: ['notYourself'] }) } },
  },
  turnOn: {
    method: 'POST',
    url: staffAccountsPaths.turnOn,
    config: adminsOnly,
    schema: { params: IdParams('staffId'), response: { 200: Data(StaffChanged), ...failures(400, 401, admins, { 404: ['staffNotFound'] }) } },
  },
  resetPassword: {
    method: 'POST',
    url: staffAccountsPaths.resetPassword,
    config: adminsOnly,
    // A new one-time password replaces the old one and every session of the account ends.
    schema: { params: IdParams('staffId'), response: { 200: Data(StaffWithPassword), ...failures(400, 401, admins, { 404: ['staffNotFound'], 409: ['notYourself'] }) } },
  },
  changeOwnPassword: {
    method: 'POST',
    url: staffAccountsPaths.ownPassword,
    config: { access: 'staff', staff: 'ownCourses' },
    // The other sessions of the account end; this one stays.
    schema: {
      body: ChangePasswordBody,
      response: { 200: Data(SessionsEnded), ...failures(401, 403, { 400: ['passwordMissing', 'passwordWrong', 'passwordWeak'] }) },
    },
  },
  signOutOthers: {
    method: 'POST',
    url: staffAccountsPaths.signOutOthers,
    config: { access: 'staff', staff: 'ownCourses' },
    schema: { response: { 200: Data(SessionsEnded), ...failures(400, 401, 403) } },
  },
} satisfies Record<string, RouteContract>;

