import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { mistakesPracticeMachine, type MistakesOffer } from '../../src/machines/mistakesPractice.machine';
import type { MistakesSource, StartedMistakes } from '../../src/contracts/mistakes';
import { describePaths } from '../support/machine-paths';
import { anatomy, examSource, input, models, networkError, noMistakes, offer } from '../models/mistakesPractice.model';
import { settle } from '../support/doubles';

describePaths('mistakes practice paths', models);

describe('mistakes practice', () => {
  function start(options: { load: () => Promise<MistakesOffer[]>; begin?: (source: MistakesSource & { timed: boolean }) => Promise<StartedMistakes> }) {
    const log: string[] = [];
    const machine = mistakesPracticeMachine.provide({
      actors: {
        loadOffers: fromPromise(async ({ input: scope }) => {
          log.push(`count ${scope.kind}`);
          return options.load();
        }),
        startMistakes: fromPromise(async ({ input: source }) => {
          log.push(`start ${source.source}${source.timed ? ' timed' : ''}`);
          return (options.begin ?? (async () => ({ setId: 'm1', count: 3, duration: 6, timed: source.timed })))(source);
        }),
      },
      actions: {
        notify: (_, { title }) => log.push(`toast: ${title}`),
        notifyFailure: (_, { error }) => log.push(`failure: ${(error as Error).message}`),
        openPractice: (_, { setId }) => log.push(`open ${setId}`),
      },
    });
    const actor = createActor(machine, { input }).start();
    return { actor, log };
  }

  it('counts, offers the mistakes and opens the started set', async () => {
    const { actor, log } = start({ load: async () => [offer()] });
    await settle();
    expect(actor.getSnapshot().value).toBe('offering');
    expect(actor.getSnapshot().context.offers).toEqual([offer()]);
    actor.send({ type: 'mistakes.start', source: examSource });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(log).toEqual(['count exam', 'start exam', 'open m1']);
  });

  it('starts untimed unless the student asks for the time', async () => {
    const { actor, log } = start({ load: async () => [offer()] });
    await settle();
    actor.send({ type: 'mistakes.time', timed: true });
    actor.send({ type: 'mistakes.time', timed: false });
    actor.send({ type: 'mistakes.time', timed: true });
    actor.send({ type: 'mistakes.start', source: examSource });
    await settle();
    expect(log).toEqual(['count exam', 'start exam timed', 'open m1']);
  });

  it('shows the empty state when nothing is left, and ignores a press of something not offered', async () => {
    const empty = start({ load: async () => [offer({ count: 0, duration: 0 })] });
    await settle();
    expect(empty.actor.getSnapshot().value).toBe('empty');
    const offered = start({ load: async () => [offer()] });
    await settle();
    offered.actor.send({ type: 'mistakes.start', source: anatomy });
    expect(offered.actor.getSnapshot().value).toBe('offering');
  });

  it('waits offline and counts again when the connection returns', async () => {
    let calls = 0;
    const { actor } = start({ load: async () => (++calls === 1 ? Promise.reject(networkError) : [offer()]) });
    await settle();
    expect(actor.getSnapshot().value).toBe('offline');
    actor.send({ type: 'connection.online' });
    await settle();
    expect(actor.getSnapshot().value).toBe('offering');
  });

  it('counts again when the server says nothing is left to practise', async () => {
    let counts = 0;
    const { actor, log } = start({ load: async () => (++counts === 1 ? [offer()] : [offer({ count: 0 })]), begin: async () => Promise.reject(noMistakes) });
    await settle();
    actor.send({ type: 'mistakes.start', source: examSource });
    await settle();
    expect(actor.getSnapshot().value).toBe('empty');
    expect(log).toContain('failure: No mistakes to practise in this exam');
  });

  it('keeps the buttons when the connection drops while starting', async () => {
    const { actor, log } = start({ load: async () => [offer()], begin: async () => Promise.reject(networkError) });
    await settle();
    actor.send({ type: 'mistakes.start', source: examSource });
    await settle();
    expect(actor.getSnapshot().value).toBe('offering');
    expect(log).toContain('toast: Internet connection lost.');
  });
});
