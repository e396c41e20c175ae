import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { deskSessionMachine, deskSessionMessages, type DeskSessionEvent } from '../../src/machines/deskSession.machine';
import type { Staff } from '../../src/contracts/account';
import { describePaths } from '../support/machine-paths';
import { models, teacher, expired, studentSession, offline } from '../models/deskSession.model';
import { settle } from '../support/doubles';

describePaths('teacher desk session paths', models);

describe('teacher desk session', () => {
  function start(check: () => Promise<Staff | null>) {
    const calls: string[] = [];
    let end: (() => void) | null = null;
    const machine = deskSessionMachine.provide({
      actors: {
        checkSession: fromPromise(async () => {
          calls.push('check');
          return check();
        }),
        signIn: fromPromise(async ({ input }) => {
          calls.push(`signIn ${input.username}`);
          return teacher;
        }),
        signOut: fromPromise(async () => {
          calls.push('signOut');
        }),
        watchSessionEnd: fromCallback<DeskSessionEvent>(({ sendBack }) => {
          end = () => sendBack({ type: 'deskSession.ended' });
          return () => (end = null);
        }),
      },
      actions: { forgetSession: () => void calls.push('forget') },
    });
    const actor = createActor(machine).start();
    return { actor, calls, end: () => end?.() };
  }

  it('opens the desk without the password when the kept session is alive', async () => {
    const { actor, calls } = start(async () => teacher);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(actor.getSnapshot().context.staff).toEqual(teacher);
    expect(calls).toEqual(['check']);
  });

  it('shows the sign-in when nothing is kept, or the kept session has ended or is a student’s; only an ended one is forgotten', async () => {
    const cases: [() => Promise<Staff | null>, string[]][] = [
      [async () => null, ['check']],
      [async () => Promise.reject(expired), ['check', 'forget']],
      [async () => Promise.reject(studentSession), ['check']],
    ];
    for (const [check, expected] of cases) {
      const { actor, calls } = start(check);
      await settle();
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(actor.getSnapshot().context.problem).toBeNull();
      expect(calls).toEqual(expected);
    }
  });

  it('says why it could not check and checks again on Try again', async () => {
    let answer: () => Promise<Staff | null> = async () => Promise.reject(offline);
    const { actor, calls } = start(() => answer());
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.problem?.title).toBe('Please check your internet connection then try again.');
    answer = async () => teacher;
    actor.send({ type: 'deskSession.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(calls).toEqual(['check', 'check']);
  });

  it('asks for both credentials before calling the server', async () => {
    const { actor, calls } = start(async () => null);
    await settle();
    actor.send({ type: 'deskSession.signIn', username: '', password: 'x' });
    expect(actor.getSnapshot().context.problem).toEqual({ title: deskSessionMessages.missingCredentials });
    expect(calls).toEqual(['check']);
  });

  it('brings the sign-in back with the reason when a request is answered 401, and forgets the session', async () => {
    const { actor, calls, end } = start(async () => teacher);
    await settle();
    end();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context).toMatchObject({ staff: null, ended: true, problem: deskSessionMessages.ended });
    expect(calls).toEqual(['check', 'forget']);
    actor.send({ type: 'deskSession.signIn', username: ' teacher@academy.test ', password: 'pass' });
    expect(actor.getSnapshot().context.ended).toBe(false);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(calls.at(-1)).toBe('signIn teacher@academy.test');
  });

  it('signs out and listens for the end of the session only while signed in', async () => {
    const { actor, calls, end } = start(async () => teacher);
    await settle();
    actor.send({ type: 'deskSession.signOut' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.staff).toBeNull();
    end();
    expect(actor.getSnapshot().context.ended).toBe(false);
    expect(calls).toEqual(['check', 'signOut']);
  });
});
