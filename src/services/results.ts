// Results calls of the app (contracts: src/contracts/results.ts): the student's own result of an
// exam, the scoreboard (whole, or paged by lastId as the student scrolls) and an exam's merit list.
// The practice retake is examsApi.retake.
import { api } from './api';
import type { resultsContract } from '../contracts/results';
import { resultsPaths } from '../contracts/paths';

type Results = typeof resultsContract;

export const resultsApi = {
  /** The result, or `{ code: 'notPublishedYet' }` for a live exam whose result is not published. */
  result: (examId: string, groupId: string) => api.call<Results['result']>('GET', resultsPaths.result, { params: { examId, groupId } }),

  /** Every published result with the summary, the student's groups and courses (`results.examResult`). */
  scoreboard: (courseId?: string) => api.call<Results['scoreboard']>('GET', resultsPaths.scoreboard, { query: { courseId: courseId || undefined } }),

  /** One page of the scoreboard after the row `lastId` (none for the first page); `lastId` of the answer continues it. */
  scoreboardPage: (page: { lastId?: string | null; limit?: number; courseId?: string }) =>
    api.call<Results['scoreboardPage']>('GET', resultsPaths.scoreboardPage, {
      query: { lastId: page.lastId || undefined, limit: page.limit, courseId: page.courseId || undefined },
    }),

  /** A page of the exam's merit list (positions after `after`) with the student's own row. */
  meritList: (examId: string, isPracticeExam: boolean, page: { after?: number; limit?: number } = {}) =>
    api.call<Results['meritList']>('GET', resultsPaths.meritList, {
      query: { examId, typeOfExam: isPracticeExam ? 'PRACTICE' : 'LIVE', after: page.after, limit: page.limit },
    }),
};
