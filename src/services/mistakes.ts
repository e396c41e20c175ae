// Mistakes practice calls of the app (contracts: src/contracts/mistakes.ts): what a result or the
// scoreboard offers to practise, starting a set, and the review of it (read, check one answer, finish).
import { api } from './api';
import type { mistakesContract, StartMistakesBody } from '../contracts/mistakes';
import type { AnswerValue } from '../contracts/exams';
import { mistakesPaths } from '../contracts/paths';

type Mistakes = typeof mistakesContract;

export const mistakesApi = {
  ofExam: (examId: string, groupId: string) => api.call<Mistakes['ofExam']>('GET', mistakesPaths.ofExam, { params: { examId, groupId } }),

  bySubject: (courseId?: string) => api.call<Mistakes['bySubject']>('GET', mistakesPaths.bySubject, { query: { courseId: courseId || undefined } }),

  start: (body: StartMistakesBody) => api.call<Mistakes['start']>('POST', mistakesPaths.start, { body }),

  review: (setId: string) => api.call<Mistakes['review']>('GET', mistakesPaths.review, { params: { setId } }),

  check: (setId: string, questionId: string, answer: AnswerValue) => api.call<Mistakes['check']>('POST', mistakesPaths.check, { params: { setId }, body: { questionId, answer } }),

  finish: (setId: string) => api.call<Mistakes['finish']>('PATCH', mistakesPaths.finish, { params: { setId } }),
};
