import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { pushPermissionMachine } from '../../src/machines/pushPermission.machine';
import type { PushDevice, PushPermission } from '../../src/services/push';
import { describePaths } from '../support/machine-paths';
import { models } from '../models/pushPermission.model';
import { settle } from '../support/doubles';

describePaths('push permission machine paths', models);

function start(device: PushDevice, answer: PushPermission = 'granted', subscribe: () => Promise<{ devices: number }> = async () => ({ devices: 1 })) {
  const asked: number[] = [];
  const subscribed: number[] = [];
  const announced: number[] = [];
  let current = device;
  const actor = createActor(
    pushPermissionMachine.provide({
      actors: {
        checkDevice: fromPromise(async () => current),
        askBrowser: fromPromise(async () => (asked.push(1), answer)),
        subscribeDevice: fromPromise(async () => (subscribed.push(1), subscribe())),
        unsubscribeDevice: fromPromise<void>(async () => {}),
      },
      actions: { announceDevices: (_, { devices }) => void announced.push(devices) },
    }),
  ).start();
  return { actor, asked, subscribed, announced, setDevice: (next: PushDevice) => (current = next) };
}

describe('push permission behaviour', () => {
  it('explains first and asks the browser only when the student presses Turn on, then subscribes', async () => {
    const run = start({ support: 'supported', permission: 'default' });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('explaining');
    expect(run.asked).toEqual([]);
    run.actor.send({ type: 'push.enable' });
    await settle();
    expect(run.asked).toHaveLength(1);
    expect(run.subscribed).toHaveLength(1);
    expect(run.announced).toEqual([1]);
    expect(run.actor.getSnapshot().value).toBe('granted');
  });

  it("remembers the browser's refusal without asking again, and checks again after the site setting changed", async () => {
    const run = start({ support: 'supported', permission: 'denied' });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('denied');
    expect(run.asked).toEqual([]);
    run.setDevice({ support: 'supported', permission: 'granted' });
    run.actor.send({ type: 'push.recheck' });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('granted');
    expect(run.asked).toEqual([]);
  });

  it('goes to denied when the student blocks the browser question, and back to the explanation when it is closed', async () => {
    const blocked = start({ support: 'supported', permission: 'default' }, 'denied');
    await settle();
    blocked.actor.send({ type: 'push.enable' });
    await settle();
    expect(blocked.actor.getSnapshot().value).toBe('denied');
    expect(blocked.subscribed).toEqual([]);
    const closed = start({ support: 'supported', permission: 'default' }, 'default');
    await settle();
    closed.actor.send({ type: 'push.enable' });
    await settle();
    expect(closed.actor.getSnapshot().value).toBe('explaining');
  });

  it('says an iPhone outside the installed app takes no pushes and never asks', async () => {
    const run = start({ support: 'iphone', permission: 'default' });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('unsupported');
    expect(run.actor.getSnapshot().context.unsupported).toBe('iphone');
    run.actor.send({ type: 'push.enable' });
    await settle();
    expect(run.asked).toEqual([]);
  });

  it('says a failed subscription in plain words and tries again', async () => {
    let attempt = 0;
    const run = start({ support: 'supported', permission: 'granted' }, 'granted', async () => {
      attempt += 1;
      if (attempt === 1) throw { status: 0, title: 'Network error', network: true };
      return { devices: 2 };
    });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.actor.getSnapshot().context.error).toMatch(/connection/i);
    run.actor.send({ type: 'push.retry' });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('granted');
    expect(run.actor.getSnapshot().context.error).toBeNull();
    expect(run.announced).toEqual([2]);
  });
});
