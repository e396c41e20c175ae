// The path model of the desk's batch list, and the fixtures the batch and student models and tests share.
import { staffBatchesMachine } from '../../src/machines/staffBatches.machine';
import type { BatchStudent, BatchStudentsPage, StaffBatch, StaffStudentPage } from '../../src/contracts/staffBatches';
import type { PathModel } from '../support/machine-paths';

export const networkError = Object.assign(new Error('Network error'), { network: true, status: 0 });
export const refusal = (status: number, code: string, title: string, message?: string) => Object.assign(new Error(title), { status, code, title, ...(message && { message }) });
export const nameMissing = refusal(400, 'nameMissing', "Please enter the student's name.", 'This phone number has no account yet: a name is needed to make one.');
export const alreadyInBatch = refusal(409, 'alreadyInBatch', 'This student is already in the batch.');
export const tooManyCodes = refusal(429, 'otpSendLimit', 'Too many codes were sent to this number. Please try again in an hour.');

export const batch: StaffBatch = { _id: 'b1', name: 'MBBS Morning', courseId: 'c1', courseName: 'MBBS', students: 2 };
export const nusrat: BatchStudent = { _id: 's1', name: 'Nusrat Jahan', sid: 'R-1', phone: '01700000001', hasPassword: true };
export const tanvir: BatchStudent = { _id: 's2', name: 'Tanvir Ahmed', sid: 'R-2', phone: '01700000003', hasPassword: false };

export const studentsPage = (students: BatchStudent[], options: Partial<BatchStudentsPage> = {}): BatchStudentsPage => ({
  batch: { ...batch, students: students.length }, students, total: students.length, page: 1, limit: 50, canManage: true, ...options,
});

export const studentPage = (options: Partial<StaffStudentPage> = {}): StaffStudentPage => ({
  student: { _id: 's1', name: 'Nusrat Jahan', sid: 'R-1', phone: '01700000001', contact: null, session: '2025-26', branch: null, sscGpa: 5, hscGpa: 4.5, hasPassword: true, createdAt: '2026-01-01T00:00:00.000Z' },
  batches: [batch],
  exams: [{ attemptId: 'a1', examId: 'e1', title: 'Live Test', isPracticeExam: false, courseName: 'MBBS', groupId: 'b1', groupName: 'MBBS Morning', submittedAt: '2026-01-02T08:00:00.000Z', result: null }],
  canManage: true,
  ...options,
});

export const models: PathModel<typeof staffBatchesMachine>[] = [
  {
    machine: staffBatchesMachine,
    events: [{ type: 'batches.retry' }, { type: 'batches.refresh' }],
    outcomes: { loadBatches: { done: [{ batches: [batch], canManage: true }, { batches: [], canManage: false }], error: [networkError] } },
  },
];

