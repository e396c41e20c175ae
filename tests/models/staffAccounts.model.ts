// The path model of the desk's staff accounts, and the fixtures the own-account and activity models and
// the machine tests share.
import { staffAccountsMachine } from '../../src/machines/staffAccounts.machine';
import type { StaffAccount, StaffAccountList, StaffWithPassword } from '../../src/contracts/staffAccounts';
import type { PathModel } from '../support/machine-paths';

export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });
export const refusal = (status: number, code: string, title: string, message?: string) => Object.assign(new Error(title), { status, code, title, ...(message && { message }) });
export const usernameTaken = refusal(409, 'usernameTaken', 'This username is taken.');
export const notYourself = refusal(409, 'notYourself', 'You cannot turn off your own account.');
export const courseUnknown = refusal(400, 'courseUnknown', 'A chosen course is not in the academy.');

export const mbbs = { _id: 'c1', name: 'MBBS' };
export const fcps = { _id: 'c2', name: 'FCPS' };
export const admin: StaffAccount = { _id: 'a1', name: 'Admin Rahman', username: 'admin', role: 'admin', active: true, courses: [], createdAt: '2026-01-01T00:00:00.000Z' };
export const karim: StaffAccount = { _id: 't1', name: 'Karim Uddin', username: 'karim', role: 'teacher', active: true, courses: [mbbs], createdAt: '2026-01-02T00:00:00.000Z' };
export const laila: StaffAccount = { _id: 't2', name: 'Laila Haque', username: 'laila', role: 'teacher', active: false, courses: [], createdAt: '2026-01-03T00:00:00.000Z' };

export const accountList = (staff: StaffAccount[] = [admin, karim, laila]): StaffAccountList => ({ staff, courses: [mbbs, fcps], backup: { status: 'ok', message: 'scheduled; none taken yet' } });
export const added: StaffWithPassword = {
  staff: { _id: 't3', name: 'Nadia Islam', username: 'nadia', role: 'teacher', active: true, courses: [fcps], createdAt: '2026-02-01T00:00:00.000Z' },
  password: 'Ab3dEf6hIj9k',
  message: 'Nadia Islam was added. Hand over the one-time password.',
};

export const models: PathModel<typeof staffAccountsMachine>[] = [
  {
    machine: staffAccountsMachine,
    events: [
      { type: 'accounts.retry' },
      { type: 'accounts.refresh' },
      { type: 'add.open' },
      { type: 'add.change', field: 'username', value: 'nadia' },
      { type: 'add.role', role: 'admin' },
      { type: 'add.course', courseId: 'c2', chosen: true },
      { type: 'add.submit' },
      { type: 'add.cancel' },
      { type: 'course.give', staffId: 't1', courseId: 'c2' },
      { type: 'course.take', staffId: 't1', courseId: 'c1' },
      { type: 'turnOn', staffId: 't2' },
      { type: 'turnOff.ask', staff: karim },
      { type: 'turnOff.confirm' },
      { type: 'turnOff.cancel' },
      { type: 'reset.ask', staff: karim },
      { type: 'reset.confirm' },
      { type: 'reset.cancel' },
      { type: 'password.dismiss' },
    ],
    outcomes: {
      loadAccounts: { done: [accountList()], error: [networkError] },
      addStaff: { done: [added], error: [usernameTaken, courseUnknown] },
      changeAccount: { done: [{ staff: { ...karim, courses: [mbbs, fcps] }, message: 'Karim Uddin now teaches FCPS.' }], error: [notYourself] },
      resetPassword: { done: [{ staff: karim, password: 'Zx9yW8vU7tS6', message: 'Karim Uddin has a new one-time password.' }], error: [networkError] },
    },
    // The accounts' names and the typed text do not make new places to visit.
    serializeState: (s) =>
      JSON.stringify({ value: s.value, role: s.context.form.role, username: s.context.form.username !== '', courses: s.context.form.courseIds.length, password: s.context.oneTime !== null, problems: Object.keys(s.context.fieldProblems).length }),
  },
];
