// Answer-key challenge routes (contracts: src/contracts/challenges.ts): the student's challenges of
// their result and saving one; the desk's challenges of an assignment and the decision per question.
// A teacher acts only on the courses they teach (declared in the contract, server/staff/access.ts).
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { challengesContract } from '../../src/contracts/challenges.js';
import { depsOf } from '../deps.js';
import { myChallenges, saveChallenge } from './student.js';
import { challengeDesk } from './desk.js';
import { decideKey } from './regrade.js';

export async function challengeRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...challengesContract.mine, handler: async (request) => {
    const { examId, groupId } = request.params;
    return { data: await myChallenges(depsOf(app), request.student.id, examId, groupId) };
  } });

  app.route({ ...challengesContract.save, handler: async (request) => {
    const { examId, groupId, questionId } = request.params;
    return { data: await saveChallenge(depsOf(app), app.dialect, request.student.id, examId, groupId, questionId, request.body) };
  } });

  app.route({ ...challengesContract.desk, handler: async (request) => {
    return { data: await challengeDesk(depsOf(app), request.params.assignmentId) };
  } });

  app.route({ ...challengesContract.decide, handler: async (request) => {
    const { assignmentId, questionId } = request.params;
    return { data: await decideKey(app, depsOf(app), app.dialect, request.staff, assignmentId, questionId, request.body) };
  } });
}
