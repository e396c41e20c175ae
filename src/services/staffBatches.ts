// The desk's batch and student calls (contracts: src/contracts/staffBatches.ts), with a staff session.
import { api } from './api';
import type { AddBatchStudentBody, BatchStudentsQuery, staffBatchesContract } from '../contracts/staffBatches';
import { staffBatchesPaths } from '../contracts/paths';

type Batches = typeof staffBatchesContract;

export const staffBatchesApi = {
  batches: () => api.call<Batches['batches']>('GET', staffBatchesPaths.batches),
  students: (batchId: string, query: BatchStudentsQuery) => api.call<Batches['batchStudents']>('GET', staffBatchesPaths.batchStudents, { params: { batchId }, query }),
  add: (batchId: string, body: AddBatchStudentBody) => api.call<Batches['addStudent']>('POST', staffBatchesPaths.batchStudents, { params: { batchId }, body }),
  remove: (batchId: string, studentId: string) => api.call<Batches['removeStudent']>('DELETE', staffBatchesPaths.batchStudent, { params: { batchId, studentId } }),
  student: (studentId: string) => api.call<Batches['student']>('GET', staffBatchesPaths.student, { params: { studentId } }),
  resetCode: (studentId: string) => api.call<Batches['resetCode']>('POST', staffBatchesPaths.studentResetCode, { params: { studentId } }),
};
