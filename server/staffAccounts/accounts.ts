// Staff accounts: adding a teacher or an administrator (from the desk, or the first administrator of a
// new academy from the command line), their courses, turning an account off and on, a new one-time
// password, and each staff member's own password and sessions. Every change is written to the activity
// log in its own transaction; ended sessions are forgotten by every server process at once.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Staff } from '../db/schema.js';
import type { CourseRef, StaffAccount, StaffAccountList, StaffRole } from '../../src/contracts/staffAccounts.js';
import { newPasswordProblem, PASSWORD_MESSAGES } from '../../src/domain/password.js';
import { badRequest, conflict, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { hashPassword, verifyPassword } from '../account/passwords.js';
import { recordActivity } from '../activity/record.js';
import * as q from './queries.js';

export interface StaffAccountDeps {
  db: Kysely<Database>;
  now: () => Date;
  scryptCost: number;
  /** Closes the sockets of ended sessions and forgets them on every process (none for the command line). */
  endSessions?: (sessionHashes: string[]) => void;
}

export const staffAccountErrors = {
  usernameInvalid: () =>
    badRequest('Please choose a username of 3 to 100 letters or digits.', 'usernameInvalid', 'A username may also hold dots, dashes, underscores and @ (an e-mail address serves), but no spaces; it starts with a letter or a digit.'),
  nameMissing: () => badRequest("Please enter the staff member's name.", 'staffNameMissing'),
  usernameTaken: (username: string) => conflict('This username is taken.', 'usernameTaken', `Another staff account signs in as "${username}"; choose another username.`),
  courseUnknown: (id: string) => badRequest('A course given is not in the academy.', 'courseUnknown', `No course has the id ${id}.`),
  staffNotFound: () => notFound('No such staff account.', 'staffNotFound'),
  courseNotFound: () => notFound('No such course.', 'courseNotFound'),
  adminHasEveryCourse: () => conflict('An administrator acts on every course already.', 'adminHasEveryCourse', 'Courses are given to teachers only.'),
  notYourself: (what: string) => conflict(`You cannot ${what} your own account here.`, 'notYourself', 'Ask another administrator, or change your own password on this page.'),
  passwordWrong: () => badRequest('Your current password is not right.', 'passwordWrong'),
};

// An e-mail address serves too (the demo's staff sign in as teacher@academy.test).
const USERNAME = /^[a-z0-9][a-z0-9._@-]{2,99}$/;

/** A readable one-time password: 12 letters and digits without look-alikes (0/O, 1/l/I). */
export function oneTimePassword(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ23456789';
  let password = '';
  for (let i = 0; i < 12; i++) password += alphabet[randomInt(alphabet.length)];
  return password;
}

function accountView(staff: Staff, courses: CourseRef[]): StaffAccount {
  return { _id: staff.id, name: staff.name, username: staff.username, role: staff.role, active: staff.disabled_at === null, courses, createdAt: staff.created_at };
}

async function viewOf(db: Kysely<Database>, staff: Staff): Promise<StaffAccount> {
  const courses = await q.coursesTaught(db, [staff.id]);
  return accountView(staff, courses.map(courseRef));
}

async function existing(db: Kysely<Database>, staffId: string): Promise<Staff> {
  const staff = await q.staffById(db, staffId);
  if (!staff) throw staffAccountErrors.staffNotFound();
  return staff;
}

/** A course as the desk names it; a course without a name reads as the app's cards show it. */
const courseRef = (c: { id: string; name: string | null }): CourseRef => ({ _id: c.id, name: c.name ?? 'Title' });

const roleWord = (role: StaffRole) => (role === 'admin' ? 'administrator' : 'teacher');

export async function listStaff(db: Kysely<Database>): Promise<Omit<StaffAccountList, 'backup'>> {
  const staff = await q.allStaff(db);
  const taught = await q.coursesTaught(db, staff.map((s) => s.id));
  const courses = await q.allCourses(db);
  // Administrators first, then teachers; each by name.
  const ordered = [...staff].sort((a, b) => (a.role === b.role ? 0 : a.role === 'admin' ? -1 : 1));
  return {
    staff: ordered.map((s) => accountView(s, taught.filter((t) => t.staff_id === s.id).map(courseRef))),
    courses: courses.map(courseRef),
  };
}

export interface NewStaff {
  username: string;
  name: string;
  role: StaffRole;
  courseIds?: string[];
  /** Chosen by the person at the command line; otherwise a one-time password is made. */
  password?: string;
}

/** Adds an account; `actor` is the administrator at the desk, or null for the command line. */
export async function addStaff(deps: StaffAccountDeps, actor: Staff | null, input: NewStaff): Promise<{ staff: StaffAccount; password: string; message: string }> {
  const username = input.username.trim().toLowerCase();
  if (!USERNAME.test(username)) throw staffAccountErrors.usernameInvalid();
  const name = input.name.trim();
  if (!name) throw staffAccountErrors.nameMissing();
  const courseIds = input.role === 'teacher' ? [...new Set(input.courseIds ?? [])] : [];
  for (const id of courseIds) if (!(await q.courseById(deps.db, id))) throw staffAccountErrors.courseUnknown(id);
  if (await q.staffByUsername(deps.db, username)) throw staffAccountErrors.usernameTaken(username);
  const password = input.password ?? oneTimePassword();
  const passwordHash = await hashPassword(password, deps.scryptCost);
  const now = deps.now();
  const row: Staff = { id: newId(), name, username, role: input.role, password_hash: passwordHash, created_at: now.toISOString(), disabled_at: null };
  await deps.db
    .transaction()
    .execute(async (trx) => {
      await q.insertStaff(trx, row, courseIds);
      await recordActivity(trx, { at: now, staff: actor, kind: 'staffAdded', summary: `Added ${roleWord(input.role)} ${name} (${username})`, subjectId: row.id });
    })
    .catch(async (error: unknown) => {
      // Two administrators adding the same username at once: the unique index lets one in.
      if (await q.staffByUsername(deps.db, username)) throw staffAccountErrors.usernameTaken(username);
      throw error;
    });
  const staff = await viewOf(deps.db, row);
  const courses = staff.courses.map((c) => c.name).join(', ');
  return {
    staff,
    password,
    message: `${name} signs in at the desk as "${username}"${input.password ? '' : ' with the one-time password shown once here'}.${courses ? ` Teaches ${courses}.` : ''}`,
  };
}

export async function changeCourse(deps: StaffAccountDeps, actor: Staff, staffId: string, courseId: string, give: boolean): Promise<{ staff: StaffAccount; message: string }> {
  const staff = await existing(deps.db, staffId);
  const course = await q.courseById(deps.db, courseId);
  if (!course) throw staffAccountErrors.courseNotFound();
  if (give && staff.role === 'admin') throw staffAccountErrors.adminHasEveryCourse();
  const now = deps.now();
  const changed = await deps.db.transaction().execute(async (trx) => {
    const done = give ? await q.giveCourse(trx, staffId, courseId) : await q.takeCourse(trx, staffId, courseId);
    if (done) {
      await recordActivity(trx, {
        at: now,
        staff: actor,
        kind: 'staffCourses',
        summary: give ? `Gave ${courseRef(course).name} to ${staff.name}` : `Took ${courseRef(course).name} away from ${staff.name}`,
        courseId,
        subjectId: staffId,
      });
    }
    return done;
  });
  const title = courseRef(course).name;
  const message = give
    ? changed ? `${staff.name} now teaches ${title}.` : `${staff.name} teaches ${title} already.`
    : changed ? `${staff.name} no longer teaches ${title}.` : `${staff.name} did not teach ${title}.`;
  return { staff: await viewOf(deps.db, staff), message };
}

export async function setActive(deps: StaffAccountDeps, actor: Staff, staffId: string, active: boolean): Promise<{ staff: StaffAccount; message: string }> {
  const staff = await existing(deps.db, staffId);
  if (!active && staff.id === actor.id) throw staffAccountErrors.notYourself('turn off');
  const now = deps.now();
  const ended = await deps.db.transaction().execute(async (trx) => {
    const wasActive = staff.disabled_at === null;
    if (wasActive === active) return [];
    await q.setDisabled(trx, staffId, active ? null : now.toISOString());
    const hashes = active ? [] : await q.endStaffSessions(trx, staffId, now);
    await recordActivity(trx, { at: now, staff: actor, kind: active ? 'staffTurnedOn' : 'staffTurnedOff', summary: `${active ? 'Turned on' : 'Turned off'} the account of ${staff.name}`, subjectId: staffId });
    return hashes;
  });
  deps.endSessions?.(ended);
  const updated = await existing(deps.db, staffId);
  return {
    staff: await viewOf(deps.db, updated),
    message: active ? `${staff.name} can sign in again.` : `${staff.name} is signed out everywhere and cannot sign in until the account is turned on.`,
  };
}

export async function resetPassword(deps: StaffAccountDeps, actor: Staff, staffId: string): Promise<{ staff: StaffAccount; password: string; message: string }> {
  const staff = await existing(deps.db, staffId);
  if (staff.id === actor.id) throw staffAccountErrors.notYourself('reset the password of');
  const password = oneTimePassword();
  const passwordHash = await hashPassword(password, deps.scryptCost);
  const now = deps.now();
  const ended = await deps.db.transaction().execute(async (trx) => {
    await q.setStaffPassword(trx, staffId, passwordHash);
    const hashes = await q.endStaffSessions(trx, staffId, now);
    await recordActivity(trx, { at: now, staff: actor, kind: 'staffPasswordReset', summary: `Gave ${staff.name} a new one-time password`, subjectId: staffId });
    return hashes;
  });
  deps.endSessions?.(ended);
  return {
    staff: await viewOf(deps.db, staff),
    password,
    message: `Hand ${staff.name} this one-time password: they sign in as "${staff.username}" with it and then choose their own. Their old password no longer works and their sessions have ended.`,
  };
}

/** A staff member's own new password: the other sessions end, this one stays. */
export async function changeOwnPassword(deps: StaffAccountDeps, me: Staff, sessionHash: string, body: { currentPassword: string; newPassword: string }): Promise<{ ended: number; message: string }> {
  if (!body.currentPassword) throw badRequest(PASSWORD_MESSAGES.missing, 'passwordMissing');
  const problem = newPasswordProblem(body.newPassword);
  if (problem) throw badRequest(problem, body.newPassword ? 'passwordWeak' : 'passwordMissing');
  const fresh = await existing(deps.db, me.id);
  if (!(await verifyPassword(body.currentPassword, fresh.password_hash))) throw staffAccountErrors.passwordWrong();
  const passwordHash = await hashPassword(body.newPassword, deps.scryptCost);
  const now = deps.now();
  const ended = await deps.db.transaction().execute(async (trx) => {
    await q.setStaffPassword(trx, me.id, passwordHash);
    const hashes = await q.endStaffSessions(trx, me.id, now, sessionHash);
    await recordActivity(trx, { at: now, staff: me, kind: 'passwordChanged', summary: `${me.name} changed their own password`, subjectId: me.id });
    return hashes;
  });
  deps.endSessions?.(ended);
  return { ended: ended.length, message: `Your password is changed.${ended.length ? ` ${sessionsWord(ended.length)} elsewhere ended.` : ''}` };
}

export async function signOutOthers(deps: StaffAccountDeps, me: Staff, sessionHash: string): Promise<{ ended: number; message: string }> {
  const ended = await q.endStaffSessions(deps.db, me.id, deps.now(), sessionHash);
  deps.endSessions?.(ended);
  return { ended: ended.length, message: ended.length ? `${sessionsWord(ended.length)} elsewhere ended; this one stays.` : 'You were signed in nowhere else.' };
}

const sessionsWord = (n: number) => (n === 1 ? 'Your one other session' : `Your ${n} other sessions`);
