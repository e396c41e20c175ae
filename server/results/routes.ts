// Results routes (contracts: src/contracts/results.ts): the student's own result, the scoreboard
// (whole and paged) and an exam's merit list. The practice retake is an exam route.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { resultsContract } from '../../src/contracts/results.js';
import { depsOf } from '../deps.js';
import { meritList, scoreboard, scoreboardPage, studentResult } from './projections.js';

export async function resultRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...resultsContract.result, handler: async (request) => {
    return { data: await studentResult(depsOf(app), request.student.id, request.params.examId, request.params.groupId) };
  } });

  app.route({ ...resultsContract.scoreboard, handler: async (request) => {
    return { data: await scoreboard(depsOf(app), request.student, request.query.courseId || undefined) };
  } });

  app.route({ ...resultsContract.scoreboardPage, handler: async (request) => {
    const { lastId, limit, courseId } = request.query;
    return { data: await scoreboardPage(depsOf(app), request.student, { lastId: lastId || undefined, limit, courseId: courseId || undefined }) };
  } });

  app.route({ ...resultsContract.meritList, handler: async (request) => {
    return { data: await meritList(depsOf(app), request.student.id, request.query) };
  } });
}
