// Answer-key challenge calls of the app (contracts: src/contracts/challenges.ts): the student's
// challenges of one exam with its window, and saving (creating or replacing) one question's challenge.
import { api } from './api';
import type { ChallengeBody, challengesContract } from '../contracts/challenges';
import { challengePaths } from '../contracts/paths';

type Challenges = typeof challengesContract;

export const challengesApi = {
  /** The challenge window of the exam for the student's batch, the decided questions and the student's challenges. */
  mine: (examId: string, groupId: string) => api.call<Challenges['mine']>('GET', challengePaths.mine, { params: { examId, groupId } }),

  /** Creates the student's challenge of a question, or replaces it while the window is open. */
  save: (examId: string, groupId: string, questionId: string, body: ChallengeBody) =>
    api.call<Challenges['save']>('PUT', challengePaths.save, { params: { examId, groupId, questionId }, body }),
};
