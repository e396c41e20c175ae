// The desk's staff-account calls (contracts: src/contracts/staffAccounts.ts), with a staff session.
import { api } from './api';
import type { AddStaffBody, ChangePasswordBody, staffAccountsContract } from '../contracts/staffAccounts';
import { staffAccountsPaths } from '../contracts/paths';

type Accounts = typeof staffAccountsContract;

export const staffAccountsApi = {
  list: () => api.call<Accounts['list']>('GET', staffAccountsPaths.accounts),
  add: (body: AddStaffBody) => api.call<Accounts['add']>('POST', staffAccountsPaths.accounts, { body }),
  giveCourse: (staffId: string, courseId: string) => api.call<Accounts['giveCourse']>('PUT', staffAccountsPaths.accountCourse, { params: { staffId, courseId } }),
  takeCourse: (staffId: string, courseId: string) => api.call<Accounts['takeCourse']>('DELETE', staffAccountsPaths.accountCourse, { params: { staffId, courseId } }),
  turnOff: (staffId: string) => api.call<Accounts['turnOff']>('POST', staffAccountsPaths.turnOff, { params: { staffId } }),
  turnOn: (staffId: string) => api.call<Accounts['turnOn']>('POST', staffAccountsPaths.turnOn, { params: { staffId } }),
  resetPassword: (staffId: string) => api.call<Accounts['resetPassword']>('POST', staffAccountsPaths.resetPassword, { params: { staffId } }),
  changeOwnPassword: (body: ChangePasswordBody) => api.call<Accounts['changeOwnPassword']>('POST', staffAccountsPaths.ownPassword, { body }),
  signOutOthers: () => api.call<Accounts['signOutOthers']>('POST', staffAccountsPaths.signOutOthers),
};
