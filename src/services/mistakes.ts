// Mistakes practice calls of the app (contracts: src/contracts/mistakes.ts): what a result or the
// scoreboard offers to practise, starting a set, and taking it (paper, answers, submit, result) as a
// practice exam is taken.
import { api } from './api';
import type { mistakesContract, MistakesSource } from '../contracts/mistakes';
import type { Attachment } from '../contracts/exams';
import { mistakesPaths } from '../contracts/paths';
import type { AnswerToSend } from './exams';

type Mistakes = typeof mistakesContract;

export const mistakesApi = {
  ofExam: (examId: string, groupId: string) => api.call<Mistakes['ofExam']>('GET', mistakesPaths.ofExam, { params: { examId, groupId } }),

  bySubject: (courseId?: string) => api.call<Mistakes['bySubject']>('GET', mistakesPaths.bySubject, { query: { courseId: courseId || undefined } }),

  start: (source: MistakesSource) => api.call<Mistakes['start']>('POST', mistakesPaths.start, { body: source }),

  paper: (setId: string) => api.call<Mistakes['paper']>('GET', mistakesPaths.paper, { params: { setId } }),

  /** Sends one answer of a set (the outbox's examId is the set's id); a set has no written questions, so no files. */
  async sendAnswer(input: AnswerToSend): Promise<{ uploaded: Attachment[]; skipped: string[] }> {
    await api.call<Mistakes['addAnswer']>('PATCH', mistakesPaths.addAnswer, {
      params: { setId: input.examId },
      query: { offline: input.resubmit ? true : undefined },
      body: { questionId: input.questionId, answer: input.entry.answer, timestamp: input.entry.timestamp, answerIndex: input.entry.answerIndex },
    });
    return { uploaded: [], skipped: input.entry.files.map((file) => file.name) };
  },

  submit: (setId: string) => api.call<Mistakes['submit']>('PATCH', mistakesPaths.submit, { params: { setId } }),

  result: (setId: string) => api.call<Mistakes['result']>('GET', mistakesPaths.result, { params: { setId } }),
};
