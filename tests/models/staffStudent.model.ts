// The path model of one student on the desk (the page, the password-reset code).
import { staffStudentMachine } from '../../src/machines/staffStudent.machine';
import type { PathModel } from '../support/machine-paths';
import { networkError, studentPage, tooManyCodes } from './staffBatches.model';

export const models: PathModel<typeof staffStudentMachine>[] = [
  {
    machine: staffStudentMachine,
    input: { studentId: 's1' },
    events: [{ type: 'student.retry' }, { type: 'reset.ask' }, { type: 'reset.confirm' }, { type: 'reset.cancel' }],
    outcomes: {
      loadStudent: { done: [studentPage(), studentPage({ exams: [], canManage: false })], error: [networkError] },
      sendResetCode: { done: [{ phone: '01700000001', message: 'A password-reset code was sent to 01700000001.' }], error: [tooManyCodes] },
    },
    serializeState: (s) => JSON.stringify({ value: s.value, manage: s.context.page?.canManage, exams: s.context.page?.exams.length }),
  },
];
