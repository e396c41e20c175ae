// The path model of a staff member's own account (change the password, sign out the other sessions).
import { ownAccountMachine } from '../../src/machines/ownAccount.machine';
import type { PathModel } from '../support/machine-paths';
import { networkError, refusal } from './staffAccounts.model';

export const passwordWrong = refusal(400, 'passwordWrong', 'The current password is not right.');
export const passwordWeak = refusal(400, 'passwordWeak', 'Please choose a password of at least 8 characters.');

export const models: PathModel<typeof ownAccountMachine>[] = [
  {
    machine: ownAccountMachine,
    events: [
      { type: 'password.change', field: 'currentPassword', value: 'old-secret' },
      { type: 'password.change', field: 'newPassword', value: 'new-secret-1' },
      { type: 'password.change', field: 'again', value: 'new-secret-1' },
      { type: 'password.submit' },
      { type: 'others.signOut' },
    ],
    outcomes: {
      changePassword: { done: [{ ended: 2, message: 'Your password was changed. 2 other sessions were signed out.' }], error: [passwordWrong, passwordWeak, networkError] },
      signOutOthers: { done: [{ ended: 1, message: '1 other session was signed out.' }], error: [networkError] },
    },
    serializeState: (s) => JSON.stringify({ value: s.value, form: Object.entries(s.context.form).filter(([, v]) => v !== '').map(([k]) => k) }),
  },
];
