import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { registrationMachine } from '../../src/machines/registration.machine';
import { RESEND_COUNTDOWN_SECONDS } from '../../src/machines/otpFlow';
import type { Student } from '../../src/contracts/account';
import { describePaths } from '../support/machine-paths';
import { models, student } from '../models/registration.model';
import { settle } from '../support/doubles';

describePaths('registration machine paths', models);

describe('registration behaviour', () => {

  it('allows a resend only after the 300 s countdown, counting down every second', async () => {
    const requested: string[] = [];
    const clock = new SimulatedClock();
    const actor = createActor(
      registrationMachine.provide({
        actors: { requestOtp: fromPromise(async ({ input }) => (requested.push(input.phone), { hash: `h${requested.length}`, phone: input.phone })) },
      }),
      { clock },
    ).start();
    actor.send({ type: 'phone.submit', phone: '01711111111' });
    await settle();
    expect(actor.getSnapshot().matches({ awaitingOtp: { resend: 'coolingDown' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
    for (let second = 1; second < RESEND_COUNTDOWN_SECONDS; second++) clock.increment(1000);
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(1);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
    clock.increment(1000);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(true);
    actor.send({ type: 'otp.resend' });
    await settle();
    expect(requested).toEqual(['01711111111', '01711111111']);
    expect(actor.getSnapshot().context.hash).toBe('h2');
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(RESEND_COUNTDOWN_SECONDS);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
  });

  it('keeps Verify unavailable until six digits are typed, and sends code, hash, phone and password', async () => {
    let sent: unknown = null;
    const signedIn: Student[] = [];
    const actor = createActor(
      registrationMachine.provide({
        actors: {
          requestOtp: fromPromise(async () => ({ hash: 'abc', phone: '8801711111111' })),
          checkOtp: fromPromise(async () => 'The code is correct.'),
          setPassword: fromPromise(async ({ input }) => ((sent = input), 'Successfully set the password!')),
          signIn: fromPromise(async () => student),
        },
        actions: { announceSignedIn: (_, { student: s }) => void signedIn.push(s) },
      }),
      { clock: new SimulatedClock() },
    ).start();
    actor.send({ type: 'phone.submit', phone: '01711111111' });
    await settle();
    actor.send({ type: 'otp.change', code: '12345' });
    expect(actor.getSnapshot().can({ type: 'otp.verify' })).toBe(false);
    actor.send({ type: 'otp.change', code: '1234567' });
    expect(actor.getSnapshot().context.code).toBe('123456');
    actor.send({ type: 'otp.verify' });
    await settle();
    expect(actor.getSnapshot().matches('settingPassword')).toBe(true);
    actor.send({ type: 'password.submit', password: 'abc', confirmation: 'abc' });
    expect(actor.getSnapshot().context.passwordError).toBe('Password length must be at least 6 characters long');
    actor.send({ type: 'password.submit', password: '123456', confirmation: '123456' });
    expect(actor.getSnapshot().context.passwordError).toBe('This password is too common and easy to guess. Please choose another one.');
    actor.send({ type: 'password.submit', password: '      ', confirmation: '      ' });
    expect(actor.getSnapshot().context.passwordError).toBe('Password cannot be only spaces');
    actor.send({ type: 'password.submit', password: 'secret1', confirmation: 'secret' });
    expect(actor.getSnapshot().context.confirmationError).toBe('Passwords dont match');
    actor.send({ type: 'password.submit', password: 'secret1', confirmation: 'secret1' });
    await settle();
    await settle();
    expect(sent).toEqual({ otp: '123456', hash: 'abc', phone: '01711111111', password: 'secret1' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(signedIn).toEqual([student]);
  });

  it('checks the code before asking for a password: a wrong code stays on the code screen with its reason and the countdown running', async () => {
    const checked: unknown[] = [];
    const errors: unknown[] = [];
    const clock = new SimulatedClock();
    let right = false;
    const actor = createActor(
      registrationMachine.provide({
        actors: {
          requestOtp: fromPromise(async () => ({ hash: 'abc', phone: '8801711111111' })),
          checkOtp: fromPromise(async ({ input }) => {
            checked.push(input);
            if (!right) throw Object.assign(new Error('wrong'), { code: 'otpWrong' });
            return 'The code is correct.';
          }),
        },
        actions: { showError: (_, { error }) => void errors.push(error) },
      }),
      { clock },
    ).start();
    actor.send({ type: 'phone.submit', phone: '01711111111' });
    await settle();
    for (let second = 0; second < 60; second++) clock.increment(1000);
    actor.send({ type: 'otp.change', code: '111111' });
    actor.send({ type: 'otp.verify' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(checked).toEqual([{ otp: '111111', hash: 'abc', phone: '01711111111' }]);
    expect(errors).toHaveLength(1);
    expect(actor.getSnapshot().matches({ awaitingOtp: { code: 'typing' } })).toBe(true);
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(RESEND_COUNTDOWN_SECONDS - 60);
    right = true;
    actor.send({ type: 'otp.change', code: '222222' });
    actor.send({ type: 'otp.verify' });
    await settle();
    expect(actor.getSnapshot().matches('settingPassword')).toBe(true);
  });

  it('resumes the code screen after a reload with the same request and what is left of the countdown', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(registrationMachine, { clock }).start();
    actor.send({ type: 'otp.resume', phone: '01711111111', hash: 'abc', resendSecondsLeft: 100 });
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ awaitingOtp: { code: 'typing', resend: 'coolingDown' } })).toBe(true);
    expect(snapshot.context).toMatchObject({ phone: '01711111111', hash: 'abc', code: '', resendSecondsLeft: 100 });
    for (let second = 0; second < 99; second++) clock.increment(1000);
    expect(actor.getSnapshot().context.resendSecondsLeft).toBe(1);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
    clock.increment(1000);
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(true);
  });

  it('explains a bad phone number with the spec message', () => {
    const actor = createActor(registrationMachine).start();
    actor.send({ type: 'phone.submit', phone: '01211111111' });
    expect(actor.getSnapshot().context.phoneError).toBe('Phone no. is not valid');
    actor.send({ type: 'phone.submit', phone: '' });
    expect(actor.getSnapshot().context.phoneError).toBe('Please enter phone no.');
    expect(actor.getSnapshot().value).toBe('enteringPhone');
  });
});
