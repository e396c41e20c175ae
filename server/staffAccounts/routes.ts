// The desk's staff accounts (contract: src/contracts/staffAccounts.ts): administrators manage the
// accounts (declared on the routes); every staff member changes their own password and signs out their other sessions.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { staffAccountsContract } from '../../src/contracts/staffAccounts.js';
import { backupPart } from '../backup/schedule.js';
import { addStaff, changeCourse, changeOwnPassword, listStaff, resetPassword, setActive, signOutOthers, type StaffAccountDeps } from './accounts.js';

/** The session of the request (a staff route always has one). */
const sessionHashOf = (request: { user: { sessionHash: string } | null }) => request.user!.sessionHash;

export async function staffAccountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const deps: StaffAccountDeps = {
    db: app.db,
    now: () => app.clock.now(),
    scryptCost: app.config.scryptCost,
    endSessions: (hashes) => {
      for (const hash of hashes) app.realtime.endSession(hash);
    },
  };

  app.route({ ...staffAccountsContract.list, handler: async (request) => {
    return { data: { ...(await listStaff(app.db)), backup: await backupPart(app) } };
  } });

  app.route({ ...staffAccountsContract.add, handler: async (request) => {
    return { data: await addStaff(deps, request.staff, request.body) };
  } });

  app.route({ ...staffAccountsContract.giveCourse, handler: async (request) => {
    return { data: await changeCourse(deps, request.staff, request.params.staffId, request.params.courseId, true) };
  } });

  app.route({ ...staffAccountsContract.takeCourse, handler: async (request) => {
    return { data: await changeCourse(deps, request.staff, request.params.staffId, request.params.courseId, false) };
  } });

  app.route({ ...staffAccountsContract.turnOff, handler: async (request) => {
    return { data: await setActive(deps, request.staff, request.params.staffId, false) };
  } });

  app.route({ ...staffAccountsContract.turnOn, handler: async (request) => {
    return { data: await setActive(deps, request.staff, request.params.staffId, true) };
  } });

  app.route({ ...staffAccountsContract.resetPassword, handler: async (request) => {
    return { data: await resetPassword(deps, request.staff, request.params.staffId) };
  } });

  app.route({ ...staffAccountsContract.changeOwnPassword, handler: async (request) => {
    return { data: await changeOwnPassword(deps, request.staff, sessionHashOf(request), request.body) };
  } });

  app.route({ ...staffAccountsContract.signOutOthers, handler: async (request) => {
    return { data: await signOutOthers(deps, request.staff, sessionHashOf(request)) };
  } });
}
