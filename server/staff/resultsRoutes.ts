// The teacher desk's results routes (contract: src/contracts/staffResults.ts): a published exam
// assignment's merit list, one student's result and the sheet. A teacher only for their courses (declared in the contract, server/staff/access.ts).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { staffResultsContract } from '../../src/contracts/staffResults.js';
import { depsOf } from '../deps.js';
import { staffMeritList, staffResultsSheet, staffStudentResult } from '../results/staffResults.js';

/** A sheet the browser saves as a file, never kept by a cache on the way. */
export function sendSheet(reply: FastifyReply, sheet: { body: Buffer; type: string; filename: string }) {
  return reply.type(sheet.type).header('content-disposition', `attachment; filename="${sheet.filename}"`).header('cache-control', 'private, no-store').send(sheet.body);
}

export async function staffResultsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.route({ ...staffResultsContract.meritList, handler: async (request) => {
    return { data: await staffMeritList(depsOf(app), request.params.assignmentId) };
  } });

  app.route({ ...staffResultsContract.studentResult, handler: async (request) => {
    return { data: await staffStudentResult(depsOf(app), request.params.assignmentId, request.params.studentId) };
  } });

  app.route({ ...staffResultsContract.sheet, handler: async (request, reply) => {
    return sendSheet(reply, await staffResultsSheet(await staffMeritList(depsOf(app), request.params.assignmentId), request.query.format));
  } });
}
