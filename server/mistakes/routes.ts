// Mistakes practice routes (contracts: src/contracts/mistakes.ts): what a result or a subject offers to
// practise, starting a set, the review of it, checking one answer and finishing.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { mistakesContract } from '../../src/contracts/mistakes.js';
import { depsOf } from '../deps.js';
import { checkMistake, examMistakes, finishMistakes, mistakesReview, startMistakes, subjectMistakes } from './practice.js';

export async function mistakesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...mistakesContract.ofExam, handler: async (request) => ({
    data: await examMistakes(depsOf(app), request.student.id, request.params.examId, request.params.groupId),
  }) });

  app.route({ ...mistakesContract.bySubject, handler: async (request) => ({
    data: await subjectMistakes(depsOf(app), request.student.id, request.query.courseId || undefined),
  }) });

  app.route({ ...mistakesContract.start, handler: async (request) => ({ data: await startMistakes(depsOf(app), request.student.id, request.body) }) });

  app.route({ ...mistakesContract.review, handler: async (request) => ({
    data: await mistakesReview(depsOf(app), request.student.id, request.params.setId, app.config.signingSecret),
  }) });

  app.route({ ...mistakesContract.check, handler: async (request) => ({
    data: await checkMistake(depsOf(app), request.student.id, request.params.setId, request.body, app.config.signingSecret),
  }) });

  app.route({ ...mistakesContract.finish, handler: async (request) => ({
    data: await finishMistakes(depsOf(app), request.student.id, request.params.setId, app.config.signingSecret),
  }) });
}
