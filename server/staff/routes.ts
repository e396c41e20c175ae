// The teacher desk's routes (contracts: src/contracts/staff.ts): exam assignments, the grading queue,
// marking one written answer and publishing an assignment's results. Staff sessions only.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { staffContract } from '../../src/contracts/staff.js';
import { examDepsOf } from '../exams/attempts.js';
import { gradingQueue, markAnswer, publishResults, staffAssignments } from '../results/marking.js';

export async function staffRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...staffContract.assignments, handler: async () => {
    return { data: await staffAssignments(app.db) };
  } });

  app.route({ ...staffContract.gradingQueue, handler: async (request) => {
    return { data: await gradingQueue(examDepsOf(app), request.params.assignmentId, request.query.status ?? 'pending') };
  } });

  app.route({ ...staffContract.markAnswer, handler: async (request) => {
    const { attemptId, questionId } = request.params;
    return { data: await markAnswer(examDepsOf(app), request.staff, attemptId, questionId, request.body) };
  } });

  app.route({ ...staffContract.publish, handler: async (request) => {
    return { data: await publishResults(app, examDepsOf(app), request.params.assignmentId) };
  } });
}
