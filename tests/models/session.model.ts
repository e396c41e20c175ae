import { sessionMachine } from '../../src/machines/session.machine';
import type { Student } from '../../src/contracts/account';
import type { PathModel } from '../support/machine-paths';

export const student: Student = {
  _id: 'a00000000000000000000001',
  name: 'Nusrat Jahan',
  sid: '260001',
  username: '8801700000001',
  contact: null,
  session: '2025-26',
  branch: null,
  profilePic: null,
  SSCGPA: 5,
  HSCGPA: 5,
  groups: [],
  courses: [],
};

const model: PathModel<typeof sessionMachine> = {
  machine: sessionMachine,
  events: [
    { type: 'session.signIn', phone: '01700000001', password: 'student123', remember: true },
    { type: 'session.signIn', phone: '123', password: '', remember: false },
    { type: 'session.established', student },
    { type: 'session.studentUpdated', student: { ...student, SSCGPA: 4.5 } },
    { type: 'session.signOut' },
    { type: 'session.expired', title: 'You are not logged in. Please sign in again.' },
  ],
  outcomes: {
    restoreSession: { done: [student, null], error: [new Error('storage blocked')] },
    signIn: { done: [student], error: [new Error('Wrong password')] },
    signOut: { done: ['Log out successfull'], error: [new Error('Network error')] },
  },
};

export const models = [model];
