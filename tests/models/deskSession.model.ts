// The teacher desk session's path model and the fixtures its tests share.
import { deskSessionMachine } from '../../src/machines/deskSession.machine';
import type { Staff } from '../../src/contracts/account';
import type { PathModel } from '../support/machine-paths';

export const teacher: Staff = { _id: 'st1', name: 'Dr. Rahman', username: 'teacher@academy.test', role: 'teacher' };
export const failure = (status: number, title: string, message?: string) => Object.assign(new Error(message ?? title), { status, title, message: message ?? title, network: status === 0 });
export const expired = failure(401, 'Your session has expired. Please sign in again.');
export const studentSession = failure(403, 'This action is for teachers and administrators only.');
export const offline = failure(0, 'No connection to the server.');

export const models: PathModel<typeof deskSessionMachine>[] = [
  {
    machine: deskSessionMachine,
    events: [
      { type: 'deskSession.signIn', username: 'teacher@academy.test', password: 'pass' },
      { type: 'deskSession.signIn', username: ' ', password: '' },
      { type: 'deskSession.signOut' },
      { type: 'deskSession.retry' },
      { type: 'deskSession.ended' },
    ],
    outcomes: {
      checkSession: { done: [teacher, null], error: [expired, studentSession, offline] },
      signIn: { done: [teacher], error: [failure(401, 'Username or password is incorrect')] },
      signOut: { done: [undefined], error: [offline] },
    },
  },
];
