// The teacher desk's calls (contracts: src/contracts/staff.ts), with a staff session: the exam
// assignments, the written answers of one awaiting marks, marking one answer, publishing results.
import { api } from './api';
import { keepingSession } from './account';
import type { accountContract, Staff as StaffMember } from '../contracts/account';
import type { MarkBody, StaffForumQuery, StaffReplyBody, staffContract } from '../contracts/staff';
import { accountPaths, staffPaths } from '../contracts/paths';
import { forgetSessionId, markDeskSession, readSessionId } from './storage';
import type { deskSessionContract } from '../contracts/deskSession';
import type { importContract } from '../contracts/import';
import type { TemplateKind } from '../contracts/importColumns';
import type { staffScheduleContract } from '../contracts/staffSchedule';
import type { UploadProgress } from './api';

type Staff = typeof staffContract;
type Account = typeof accountContract;

export const staffApi = {
  /** Signs a teacher or administrator in; the session is kept for this tab only (the desk's tab). */
  async signIn(username: string, password: string): Promise<StaffMember> {
    const data = await keepingSession(
      (onResponseHeaders) => api.call<Account['staffLogin']>('POST', accountPaths.staffLogin, { body: { username, password }, onResponseHeaders }),
      false,
    );
    markDeskSession();
    return data.staff;
  },

  /** The staff member of the session kept in this tab, or null when none is kept (no request then). */
  async session(): Promise<StaffMember | null> {
    if (!readSessionId()) return null;
    return (await api.call<(typeof deskSessionContract)['staffSession']>('GET', accountPaths.staffSession)).staff;
  },

  /** Ends the staff session on the server, then forgets it in this tab even when the server could not be told. */
  async signOut(): Promise<void> {
    try {
      await api.call<Account['logout']>('GET', accountPaths.logout);
    } finally {
      forgetSessionId();
    }
  },

  assignments: () => api.call<Staff['assignments']>('GET', staffPaths.assignments),

  /** Written answers of the assignment's submissions: waiting for marks (default), marked, or all. */
  gradingQueue: (assignmentId: string, status: 'pending' | 'marked' | 'all' = 'pending') =>
    api.call<Staff['gradingQueue']>('GET', staffPaths.gradingQueue, { params: { assignmentId }, query: { status } }),

  mark: (attemptId: string, questionId: string, body: MarkBody) =>
    api.call<Staff['markAnswer']>('PATCH', staffPaths.markAnswer, { params: { attemptId, questionId }, body }),

  publish: (assignmentId: string) => api.call<Staff['publish']>('POST', staffPaths.publish, { params: { assignmentId } }),

  /** Administrators: a sheet or bundle sent to be checked (dry run), or with `apply` written: the answer is its import job, queued. */
  importFile: (name: string, data: Blob, apply: boolean, confirmLarge: boolean, onProgress?: UploadProgress) =>
    api.sendFile<typeof importContract.check>(staffPaths.import, { query: { name, ...(apply ? { apply: true } : {}), ...(confirmLarge ? { confirmLarge: true } : {}) } }, data, onProgress),

  /** Administrators: a template sheet built from the academy's own courses, subjects, chapters and batches. */
  importTemplate: (kind: TemplateKind) => api.file<typeof importContract.template>(staffPaths.importTemplate, { query: { kind } }),

  /** The imports that wrote, newest first. */
  importHistory: () => api.call<typeof importContract.history>('GET', staffPaths.importHistory),

  /** Undoes an import whole; refused (409) with the reason in words where students acted on it since. */
  undoImport: (importId: string) => api.call<typeof importContract.undo>('POST', staffPaths.importUndo, { params: { importId } }),

  /** The administrator's import jobs of the last day, newest first. */
  importJobs: () => api.call<typeof importContract.jobs>('GET', staffPaths.importJobs),

  importJob: (jobId: string) => api.call<typeof importContract.job>('GET', staffPaths.importJob, { params: { jobId } }),

  /** Cancels a waiting or running import; one that started writing comes back still running (`writing`). */
  cancelImport: (jobId: string) => api.call<typeof importContract.cancel>('POST', staffPaths.importJobCancel, { params: { jobId } }),

  /** The item analysis of an assignment's submitted attempts (published live exams and practice exams). */
  itemAnalysis: (assignmentId: string) => api.call<Staff['itemAnalysis']>('GET', staffPaths.itemAnalysis, { params: { assignmentId } }),

  /** The same analysis as a sheet to save: CSV or XLSX. */
  itemAnalysisSheet: (assignmentId: string, format: 'csv' | 'xlsx') =>
    api.file<Staff['itemAnalysisSheet']>(staffPaths.itemAnalysisSheet, { params: { assignmentId }, query: { format } }),
  /** The forum queue: questions without a teacher's reply first, then the newest activity. */
  forumQueue: (query: StaffForumQuery) => api.call<Staff['forumQuestions']>('GET', staffPaths.forumQuestions, { query }),
  /** The week's exams of the teacher's courses, each in its state (weekOf: any date of the week). */
  schedule: (weekOf: string) => api.call<typeof staffScheduleContract.schedule>('GET', staffPaths.schedule, { query: { weekOf } }),
  forumPlaces: () => api.call<Staff['forumPlaces']>('GET', staffPaths.forumPlaces),
  forumThread: (questionId: string) => api.call<Staff['forumThread']>('GET', staffPaths.forumThread, { params: { questionId } }),
  forumReply: (questionId: string, body: StaffReplyBody) => api.call<Staff['forumReply']>('POST', staffPaths.forumReply, { params: { questionId }, body }),
  forumEditReply: (questionId: string, commentId: string, body: StaffReplyBody) =>
    api.call<Staff['forumEditReply']>('PATCH', staffPaths.forumEditReply, { params: { questionId, commentId }, body }),
  /** Takes the teacher's own reply off the question: the thread as it now stands. */
  forumDeleteReply: (questionId: string, commentId: string) => api.call<Staff['forumDeleteReply']>('DELETE', staffPaths.forumEditReply, { params: { questionId, commentId } }),
  /** Marks a reply as the question's answer (null: none): the thread as it now stands. */
  forumMarkAnswer: (questionId: string, commentId: string | null) => api.call<Staff['forumMarkAnswer']>('PATCH', staffPaths.forumAnswer, { params: { questionId }, body: { commentId } }),
  forumComplete: (questionId: string) => api.call<Staff['forumComplete']>('PATCH', staffPaths.forumComplete, { params: { questionId } }),
  forumReopen: (questionId: string) => api.call<Staff['forumReopen']>('PATCH', staffPaths.forumReopen, { params: { questionId } }),
};
