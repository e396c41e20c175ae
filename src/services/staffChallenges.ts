// The teacher desk's calls for an exam assignment's answer-key challenges (contract:
// src/contracts/challenges.ts), with the desk's staff session.
import { api } from './api';
import type { challengesContract, DecisionBody } from '../contracts/challenges';
import { challengePaths } from '../contracts/paths';

type Challenges = typeof challengesContract;

export const staffChallengesApi = {
  /** The batch's challenged questions, grouped, with their item statistics and decisions, and the exam's regrades. */
  desk: (assignmentId: string) => api.call<Challenges['desk']>('GET', challengePaths.desk, { params: { assignmentId } }),
  /** Keep, change or drop a question's key; a change or a drop regrades every submitted attempt. */
  decide: (assignmentId: string, questionId: string, body: DecisionBody) => api.call<Challenges['decide']>('POST', challengePaths.decide, { params: { assignmentId, questionId }, body }),
};
