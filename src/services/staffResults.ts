// The teacher desk's calls for a published exam assignment's results (contract:
// src/contracts/staffResults.ts), with the desk's staff session.
import { api } from './api';
import type { staffResultsContract } from '../contracts/staffResults';
import { staffResultsPaths } from '../contracts/paths';

type Results = typeof staffResultsContract;

export const staffResultsApi = {
  /** The batch's submitted students by their place in the exam's merit list. */
  meritList: (assignmentId: string) => api.call<Results['meritList']>('GET', staffResultsPaths.meritList, { params: { assignmentId } }),
  /** One student's result, as the student reads it. */
  studentResult: (assignmentId: string, studentId: string) => api.call<Results['studentResult']>('GET', staffResultsPaths.studentResult, { params: { assignmentId, studentId } }),
  /** The merit list as a sheet to save: CSV or XLSX. */
  sheet: (assignmentId: string, format: 'csv' | 'xlsx') => api.file<Results['sheet']>(staffResultsPaths.sheet, { params: { assignmentId }, query: { format } }),
};
