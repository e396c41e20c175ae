import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { notificationsMachine } from '../../src/machines/notifications.machine';
import { sessionMachine } from '../../src/machines/session.machine';
import type { Student } from '../../src/contracts/account';
import type { StudentNotification } from '../../src/contracts/notifications';
import { describePaths } from '../support/machine-paths';
import { models, student } from '../models/session.model';
import { settle } from '../support/doubles';

describePaths('session machine paths', models);

describe('session machine behaviour', () => {
  const services = (overrides: { signedOutListeners?: Array<(title: string) => void> } = {}) => {
    const calls: string[] = [];
    const machine = sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async (): Promise<Student | null> => student),
        signIn: fromPromise(async () => student),
        signOut: fromPromise(async () => 'Log out successfull'),
        watchSignedOut: fromCallback(({ sendBack }) => {
          overrides.signedOutListeners?.push((title) => sendBack({ type: 'session.expired', title }));
          return () => {};
        }),
      },
      actions: {
        clearStorage: () => calls.push('clearStorage'),
        goToRoot: () => calls.push('goToRoot'),
        notifyExpired: (_, { title }) => calls.push(`expired:${title}`),
        notifySignedOut: (_, { message }) => calls.push(`signedOut:${message}`),
      },
    });
    return { machine, calls };
  };

  it('signs out everywhere on a 401 from any request: title shown, storage cleared, back to the root', async () => {
    const listeners: Array<(title: string) => void> = [];
    const { machine, calls } = services({ signedOutListeners: listeners });
    const actor = createActor(machine, { clock: new SimulatedClock() }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'));
    listeners.forEach((l) => l('You are not logged in. Please sign in again.'));
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().context.student).toBeNull();
    expect(calls).toEqual(['expired:You are not logged in. Please sign in again.', 'clearStorage', 'goToRoot']);
  });

  it('logs out with the server message and forgets the student', async () => {
    const { machine, calls } = services();
    const actor = createActor(machine, { clock: new SimulatedClock() }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'));
    actor.send({ type: 'session.signOut' });
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(calls).toEqual(['signedOut:Log out successfull', 'clearStorage', 'goToRoot']);
  });

  it("starts the bell's notifications at each sign-in and stops them at sign-out", async () => {
    const { machine } = services();
    let loads = 0;
    let listening = 0;
    const feed = notificationsMachine.provide({
      actors: {
        loadNotifications: fromPromise(async (): Promise<StudentNotification[]> => {
          loads += 1;
          return [];
        }),
        listenForNotifications: fromCallback(() => {
          listening += 1;
          return () => {
            listening -= 1;
          };
        }),
      },
    });
    const actor = createActor(machine.provide({ actors: { notifications: feed } }), { clock: new SimulatedClock() }).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'));
    expect(actor.getSnapshot().children.notifications).toBeDefined();
    expect([loads, listening]).toEqual([1, 1]);
    actor.send({ type: 'session.signOut' });
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().children.notifications).toBeUndefined();
    expect(listening).toBe(0);
    actor.send({ type: 'session.signIn', phone: '01700000001', password: 'secret1', remember: true });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('signedIn'));
    expect(actor.getSnapshot().children.notifications?.getSnapshot().context.notifications).toEqual([]);
    expect([loads, listening]).toEqual([2, 1]);
  });

  it('refuses to send a sign-in with a malformed phone', () => {
    const { machine } = services();
    const actor = createActor(machine.provide({ actors: { restoreSession: fromPromise(async (): Promise<Student | null> => null) } })).start();
    return vi.waitFor(() => {
      expect(actor.getSnapshot().value).toBe('signedOut');
      expect(actor.getSnapshot().can({ type: 'session.signIn', phone: '0170000000', password: 'x', remember: true })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'session.signIn', phone: '01700000001', password: '', remember: true })).toBe(false);
      expect(actor.getSnapshot().can({ type: 'session.signIn', phone: '01700000001', password: 'x', remember: true })).toBe(true);
    });
  });
});
