// A new version of the app takes over only when no exam runs on this device: the update rule
// (src/views/app/appUpdate.ts) over the exam lock (src/services/examLock.ts) without Web Locks, as
// in a browser that lacks them, and over a fake of another tab's exam.
import { describe, expect, it } from 'vitest';
import { offerUpdate, type UpdateOutside } from '../../src/views/app/appUpdate';
import { createExamLock } from '../../src/services/examLock';
import { settle } from '../support/doubles';

/** The update rule's outside, recording what the student is shown and whether the version took over. */
function world(lock = createExamLock(() => null)) {
  const shown: string[] = [];
  let press = () => {};
  let activated = false;
  const outside: UpdateOutside = {
    examRunning: lock.examRunning,
    untilNoExamRunning: lock.untilNoExamRunning,
    whenExamStarts: lock.whenExamStarts,
    askToReload: () => {
      shown.push('prompt');
      let choose = () => {};
      const chosen = new Promise<void>((resolve) => (choose = resolve));
      press = choose;
      return { chosen, withdraw: () => shown.push('withdrawn') };
    },
    activate: () => (activated = true),
  };
  return { lock, outside, shown, pressReload: () => press(), activated: () => activated };
}

describe('a waiting new version of the app', () => {
  it('is offered at once when no exam runs, and takes over when the student presses Reload', async () => {
    const w = world();
    const done = offerUpdate(w.outside);
    await settle();
    expect(w.shown).toEqual(['prompt']);
    expect(w.activated()).toBe(false);
    w.pressReload();
    await done;
    expect(w.activated()).toBe(true);
  });

  it('is not offered during an exam, and is offered once the exam ends', async () => {
    const w = world();
    const endExam = w.lock.holdExamRunning();
    void offerUpdate(w.outside);
    await settle();
    expect(w.shown).toEqual([]);
    endExam();
    await settle();
    expect(w.shown).toEqual(['prompt']);
  });

  it('withdraws the prompt when an exam starts, never takes over during it, and offers again after it', async () => {
    const w = world();
    void offerUpdate(w.outside);
    await settle();
    const endExam = w.lock.holdExamRunning();
    await settle();
    expect(w.shown).toEqual(['prompt', 'withdrawn']);
    w.pressReload();
    await settle();
    expect(w.activated()).toBe(false);
    endExam();
    await settle();
    expect(w.shown).toEqual(['prompt', 'withdrawn', 'prompt']);
    w.pressReload();
    await settle();
    expect(w.activated()).toBe(true);
  });

  it('does not take over when an exam started in another tab while the prompt showed', async () => {
    const lock = createExamLock(() => null);
    let otherTabExam = false;
    let otherTabEnds = () => {};
    const w = world(lock);
    w.outside.examRunning = async () => otherTabExam || (await lock.examRunning());
    w.outside.untilNoExamRunning = () => new Promise<void>((resolve) => (otherTabEnds = resolve));
    void offerUpdate(w.outside);
    await settle();
    otherTabExam = true;
    w.pressReload();
    await settle();
    expect(w.activated()).toBe(false);
    expect(w.shown).toEqual(['prompt']);
    otherTabExam = false;
    otherTabEnds();
    await settle();
    expect(w.shown).toEqual(['prompt', 'prompt']);
  });
});

describe('the exam lock', () => {
  it('counts exams of this tab until each is released, once', async () => {
    const lock = createExamLock(() => null);
    const first = lock.holdExamRunning();
    const second = lock.holdExamRunning();
    await expect(lock.examRunning()).resolves.toBe(true);
    first();
    first();
    await expect(lock.examRunning()).resolves.toBe(true);
    let ended = false;
    void lock.untilNoExamRunning().then(() => (ended = true));
    await settle();
    expect(ended).toBe(false);
    second();
    await settle();
    expect(ended).toBe(true);
    await expect(lock.examRunning()).resolves.toBe(false);
  });

  it("sees another tab's exam through the device's locks, and lets go when that tab does", async () => {
    // The device's lock manager, shared by two tabs: shared locks only, as the exams take them.
    const held: string[] = [];
    const device = {
      request: async (name: string, options: { mode: 'shared' | 'exclusive' }, callback: () => Promise<void> | void) => {
        if (options.mode === 'exclusive') return callback();
        held.push(name);
        await callback();
        held.splice(held.indexOf(name), 1);
      },
      query: async () => ({ held: held.map((name) => ({ name })) }),
    };
    const thisTab = createExamLock(() => device);
    const otherTab = createExamLock(() => device);
    await expect(thisTab.examRunning()).resolves.toBe(false);
    const release = otherTab.holdExamRunning();
    await expect(thisTab.examRunning()).resolves.toBe(true);
    release();
    await settle();
    await expect(thisTab.examRunning()).resolves.toBe(false);
  });
});
