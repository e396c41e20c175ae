// Mistakes practice routes (contracts: src/contracts/mistakes.ts): what a result or a subject offers to
// practise, starting a set, its paper, answer saves, submit and its result.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { mistakesContract } from '../../src/contracts/mistakes.js';
import { depsOf } from '../deps.js';
import { examMistakes, mistakesPaper, mistakesResult, saveMistakeAnswer, startMistakes, subjectMistakes, submitMistakes } from './practice.js';

export async function mistakesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...mistakesContract.ofExam, handler: async (request) => ({
    data: await examMistakes(depsOf(app), request.student.id, request.params.examId, request.params.groupId),
  }) });

  app.route({ ...mistakesContract.bySubject, handler: async (request) => ({
    data: await subjectMistakes(depsOf(app), request.student.id, request.query.courseId || undefined),
  }) });

  app.route({ ...mistakesContract.start, handler: async (request) => ({ data: await startMistakes(depsOf(app), request.student.id, request.body) }) });

  app.route({ ...mistakesContract.paper, handler: async (request) => ({
    data: await mistakesPaper(depsOf(app), request.student.id, request.params.setId, app.config.signingSecret),
  }) });

  app.route({ ...mistakesContract.addAnswer, handler: async (request) => {
    const { body } = request;
    const data = await saveMistakeAnswer(depsOf(app), request.student.id, request.params.setId, {
      questionId: body.questionId,
      answer: body.answer,
      timestamp: Math.floor(body.timestamp),
      answerIndex: body.answerIndex,
      offline: request.query.offline === true,
    });
    return { data };
  } });

  app.route({ ...mistakesContract.submit, handler: async (request) => ({ data: await submitMistakes(depsOf(app), request.student.id, request.params.setId) }) });

  app.route({ ...mistakesContract.result, handler: async (request) => ({
    data: await mistakesResult(depsOf(app), request.student.id, request.params.setId, app.config.signingSecret),
  }) });
}
