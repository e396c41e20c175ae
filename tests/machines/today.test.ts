import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { TODAY_REFRESH_MS, TODAY_TICK_MS, todayMachine } from '../../src/machines/today.machine';
import type { Today } from '../../src/contracts/today';
import type { KeptToday } from '../../src/services/today';
import { describePaths } from '../support/machine-paths';
import { answer, models, networkError } from '../models/today.model';
import { settle } from '../support/doubles';

describePaths('today paths', models);

describe('today', () => {
  function start(kept: KeptToday | null, answers: Array<Today | Error>) {
    const clock = new SimulatedClock();
    const log: string[] = [];
    const machine = todayMachine.provide({
      actors: {
        loadToday: fromPromise(async () => {
          log.push('load');
          const next = answers.shift()!;
          if (next instanceof Error) throw next;
          return next;
        }),
      },
      actions: { keepToday: (_, { kept: k }) => log.push(`keep ${k.receivedAt}`) },
    });
    const actor = createActor(machine, { clock, input: { kept, watched: [], deviceNow: () => clock.now() } }).start();
    return { actor, clock, log };
  }

  it('keeps a fresh answer on the phone with the device time it arrived, and asks again after five minutes', async () => {
    const { actor, clock, log } = start(null, [answer(), answer('2026-11-26T04:05:00.000Z')]);
    await settle();
    expect(actor.getSnapshot().value).toEqual({ current: 'showing' });
    expect(log).toEqual(['load', 'keep 0']);
    clock.increment(TODAY_TICK_MS);
    expect(actor.getSnapshot().value).toEqual({ current: 'showing' });
    expect(actor.getSnapshot().context.now).toBe(TODAY_TICK_MS);
    for (let t = TODAY_TICK_MS; t < TODAY_REFRESH_MS; t += TODAY_TICK_MS) clock.increment(TODAY_TICK_MS);
    await settle();
    expect(log).toEqual(['load', 'keep 0', 'load', `keep ${TODAY_REFRESH_MS}`]);
    expect(actor.getSnapshot().context.kept?.today.serverNow).toBe('2026-11-26T04:05:00.000Z');
  });

  it('offline with an answer kept: the kept lines stay, and the connection returning asks again', async () => {
    const kept = { today: answer(), receivedAt: 0 };
    const { actor, log } = start(kept, [networkError, answer()]);
    await settle();
    expect(actor.getSnapshot().value).toBe('kept');
    expect(actor.getSnapshot().context.kept).toBe(kept);
    expect(actor.getSnapshot().context.problem).toBeTruthy();
    actor.send({ type: 'connection.online' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ current: 'showing' });
    expect(log).toEqual(['load', 'load', 'keep 0']);
  });

  it('with nothing kept and no answer it fails, and Try again asks again', async () => {
    const { actor } = start(null, [networkError, answer()]);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'today.retry' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ current: 'showing' });
  });
});
