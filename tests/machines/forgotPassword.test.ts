import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { forgotPasswordMachine } from '../../src/machines/forgotPassword.machine';
import type { OtpSession } from '../../src/contracts/account';
import { describePaths } from '../support/machine-paths';
import { models } from '../models/forgotPassword.model';
import { settle } from '../support/doubles';

describePaths('forgot-password machine paths', models);

describe('forgot-password behaviour', () => {
  it('ends with the reset message and a return to sign-in', async () => {
    const calls: string[] = [];
    const actor = createActor(
      forgotPasswordMachine.provide({
        actors: {
          requestOtp: fromPromise(async (): Promise<OtpSession> => ({ hash: 'h', phone: '8801700000001', otp: '111111' })),
          setPassword: fromPromise(async () => 'Successfully set the password!'),
        },
        actions: { notifyPasswordSet: (_, { message }) => void calls.push(message), goToSignIn: () => void calls.push('signIn') },
      }),
      { clock: new SimulatedClock() },
    ).start();
    actor.send({ type: 'phone.submit', phone: '01700000001' });
    await settle();
    expect(actor.getSnapshot().value).toBe('settingPassword');
    actor.send({ type: 'password.submit', password: 'newpass1', confirmation: 'newpass1' });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(calls).toEqual(['Successfully set the password!', 'signIn']);
  });
});
