import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { examTimerMachine } from '../../src/machines/examTimer.machine';
import { describePaths } from '../support/machine-paths';
import { iso, models, SERVER_START } from '../models/examTimer.model';

describePaths('exam timer paths', models);

describe('exam timer', () => {
  function start(options: { deviceSkewMs: number; secondsLeft: number }) {
    const clock = new SimulatedClock();
    let timeOvers = 0;
    const deviceNow = () => clock.now() + options.deviceSkewMs;
    const actor = createActor(examTimerMachine, {
      clock,
      input: { deadlineAt: iso(SERVER_START + options.secondsLeft * 1000), serverNow: iso(SERVER_START), receivedAt: deviceNow(), deviceNow },
    });
    // Each entry into timeOver is one announcement (the exam attempt watches for it).
    let wasOver = false;
    actor.subscribe((snapshot) => {
      const over = snapshot.matches('timeOver');
      if (over && !wasOver) timeOvers += 1;
      wasOver = over;
    });
    actor.start();
    return { actor, clock, timeOvers: () => timeOvers };
  }

  it("counts down from the server's deadline, not the device clock", () => {
    // The phone's clock is an hour fast; the countdown is still the server's three seconds.
    const { actor, clock, timeOvers } = start({ deviceSkewMs: 3_600_000, secondsLeft: 3 });
    expect(actor.getSnapshot().context.remainingMs).toBe(3000);
    clock.increment(1000);
    expect(actor.getSnapshot().context.remainingMs).toBe(2000);
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('running');
    clock.increment(1000);
    expect(actor.getSnapshot().value).toBe('timeOver');
    expect(actor.getSnapshot().context.remainingMs).toBe(0);
    expect(timeOvers()).toBe(1);
    clock.increment(10_000);
    expect(timeOvers()).toBe(1);
  });

  it('is over at once when the deadline already passed (reload after the end)', () => {
    const { actor, timeOvers } = start({ deviceSkewMs: -50_000, secondsLeft: -5 });
    expect(actor.getSnapshot().value).toBe('timeOver');
    expect(timeOvers()).toBe(1);
  });

  it('runs again when the server grants a new deadline', () => {
    const { actor, clock } = start({ deviceSkewMs: 0, secondsLeft: 0 });
    expect(actor.getSnapshot().value).toBe('timeOver');
    actor.send({ type: 'timer.sync', deadlineAt: iso(SERVER_START + 120_000), serverNow: iso(SERVER_START), receivedAt: clock.now() });
    expect(actor.getSnapshot().value).toBe('running');
    expect(actor.getSnapshot().context.remainingMs).toBe(120_000);
  });
});
