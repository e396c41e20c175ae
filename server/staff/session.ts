// The teacher desk's session (contract: src/contracts/deskSession.ts): the signed-in staff member, so
// the desk knows on start whether the session kept in the tab is still alive.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { deskSessionContract } from '../../src/contracts/deskSession.js';

export async function deskSessionRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.route({ ...deskSessionContract.staffSession, handler: async (request) => {
    const { id, name, username, role } = request.staff;
    return { data: { staff: { _id: id, name, username, role } } };
  } });
}
