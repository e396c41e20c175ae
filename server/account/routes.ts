// Account area: sign-in and sign-out, one-time codes for registration and password reset, the
// student's own profile, and staff sign-in. Thin: each handler hands its request to a use case
// (sign-in.ts, password-setting.ts, profile.ts), which reads and writes through queries.ts.
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { accountContract } from '../../src/contracts/account.js';
import { GPA_MESSAGES } from '../../src/domain/password.js';
import type { Refusals } from '../validation.js';
import { revokeSession } from './sessions.js';
import { studentView } from './student-view.js';
import { signIns } from './sign-in.js';
import { passwordSetting } from './password-setting.js';
import { changeProfile } from './profile.js';
import { ACCOUNT_TITLES } from './titles.js';

export { ACCOUNT_TITLES };

/** A profile change naming another field, or leaving a GPA out, reads as the spec's message. */
const PROFILE_REFUSALS: Refusals = {
  additionalProperties: { title: ACCOUNT_TITLES.fieldNotEditable, code: 'fieldNotEditable', message: '{property} cannot be changed here.' },
  required: { title: GPA_MESSAGES.invalid, code: 'gpaInvalid', message: GPA_MESSAGES.outOfRange },
};

export async function accountRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const signIn = signIns(app);
  const passwords = passwordSetting(app);

  app.route({ ...accountContract.login, handler: async (request, reply) => {
    return { data: await signIn.student(request, reply, request.body) };
  } });

  app.route({ ...accountContract.registrationCode, handler: async (request, reply) => {
    return { data: await passwords.requestRegistrationOtp(request, reply, request.params.phone) };
  } });

  app.route({ ...accountContract.resetCode, handler: async (request, reply) => {
    return { data: await passwords.requestResetOtp(request, reply, request.params.phone) };
  } });

  app.route({ ...accountContract.setPassword, handler: async (request, reply) => {
    return { data: { message: await passwords.setPassword(reply, request.body, request.query.forgotPassword) } };
  } });

  app.route({ ...accountContract.checkCode, handler: async (request) => {
    return { data: { message: await passwords.checkOtp(request.body, request.query.forgotPassword) } };
  } });

  app.route({ ...accountContract.logout, handler: async (request) => {
    await revokeSession(app.db, request.user!.sessionHash, app.clock.now());
    app.realtime.endSession(request.user!.sessionHash);
    return { data: { message: ACCOUNT_TITLES.loggedOut } };
  } });

  app.route({ ...accountContract.profile, handler: async (request) => {
    return { data: await studentView(app.db, request.student) };
  } });

  app.route({
    ...accountContract.updateProfile,
    config: { ...accountContract.updateProfile.config, refusals: PROFILE_REFUSALS },
    handler: async (request) => ({ data: await changeProfile(app, request.student, request.body) }),
  });

  app.route({ ...accountContract.support, handler: async () => ({ data: { phone: app.config.supportPhone } }) });
  app.route({ ...accountContract.staffLogin, handler: async (request, reply) => {
    return { data: await signIn.staff(request, reply, request.body) };
  } });
}
