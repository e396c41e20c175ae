import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { forgotPasswordMachine } from '../../src/machines/forgotPassword.machine';
import type { OtpSession } from '../../src/contracts/account';
import { CoverageRecorder, runPath, transitionPaths, type PathModel } from '../support/machine-paths';
import { codeFlowEvents, codeFlowSerialize } from './codeFlowModel';

const model: PathModel<typeof forgotPasswordMachine> = {
  machine: forgotPasswordMachine,
  events: [...codeFlowEvents],
  outcomes: {
    requestCode: { done: [{ hash: 'h1', phone: '8801700000001' }, { hash: 'h2', phone: '8801700000001', otp: '654321' }], error: [{ status: 404, title: 'No account with this number', code: 'notFound' }] },
    setPassword: { done: ['Successfully set the password!'], error: [{ status: 400, title: 'This code has expired. Please request a new code.', code: 'otpExpired' }, { status: 400, title: 'Invalid request', code: 'invalidRequest' }] },
  },
  serializeState: codeFlowSerialize as never,
};

describe('forgot-password machine paths', () => {
  const paths = transitionPaths(model);
  const coverage = new CoverageRecorder(forgotPasswordMachine);
  it.each(paths.map((path) => [path.description, path] as const))('%s', (_, path) => {
    coverage.add(runPath(model, path));
  });
  it('takes every state and every transition', () => {
    expect(coverage.missingStates()).toEqual([]);
    expect(coverage.missingTransitions()).toEqual([]);
  });
});

describe('forgot-password behaviour', () => {
  it('ends with the reset message and a return to sign-in', async () => {
    const calls: string[] = [];
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: {
          requestCode: fromPromise(async (): Promise<OtpSession> => ({ hash: 'h', phone: '8801700000001', otp: '111111' })),
          setPassword: fromPromise(async () => 'Successfully set the password!'),
        },
        actions: { notifyPasswordSet: (_, { message }) => void calls.push(message), goToSignIn: () => void calls.push('signIn') },
      }),
      { clock: new SimulatedClock() },
    ).start();
    actor.send({ type: 'phone.submit', phone: '01700000001' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toBe('settingPassword');
    actor.send({ type: 'password.submit', password: 'newpass1', confirmation: 'newpass1' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls).toEqual(['Successfully set the password!', 'signIn']);
  });
});
