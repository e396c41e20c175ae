import { describe, expect, it } from 'vitest';
import { assign, createActor } from 'xstate';
import { examNavigatorMachine } from '../../src/machines/examNavigator.machine';
import { describePaths } from '../support/machine-paths';
import { models } from '../models/examNavigator.model';

describePaths('examNavigator paths', models);

describe('examNavigator', () => {
  function start(flags: string[], drafts: string[][]) {
    const log: string[] = [];
    const machine = examNavigatorMachine.provide({
      actions: {
        readDrafts: assign(() => ({ drafts: drafts.shift() ?? [] })),
        keepFlags: (_, { flags: kept }) => log.push(`keep ${kept.join(',')}`),
        showQuestion: (_, { questionId }) => log.push(`show ${questionId}`),
      },
    });
    return { actor: createActor(machine, { input: { flags } }).start(), log };
  }

  it('starts with the flags kept on the device and toggles them, keeping each change', () => {
    const { actor, log } = start(['q1'], []);
    expect(actor.getSnapshot().context.flags).toEqual(['q1']);
    actor.send({ type: 'question.flag', questionId: 'q2' });
    actor.send({ type: 'question.flag', questionId: 'q1' });
    expect(actor.getSnapshot().context.flags).toEqual(['q2']);
    expect(log).toEqual(['keep q1,q2', 'keep q2']);
  });

  it('reads the drafts each time the grid opens, and a number closes it and shows the question', () => {
    const { actor, log } = start([], [['q3'], []]);
    actor.send({ type: 'navigator.open' });
    expect(actor.getSnapshot().value).toBe('open');
    expect(actor.getSnapshot().context.drafts).toEqual(['q3']);
    actor.send({ type: 'navigator.jump', questionId: 'q5' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(log).toEqual(['show q5']);
    // The draft was given with Submit Answer meanwhile: the next opening no longer shows it.
    actor.send({ type: 'navigator.open' });
    expect(actor.getSnapshot().context.drafts).toEqual([]);
    actor.send({ type: 'navigator.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(log).toEqual(['show q5']);
  });

  it('does not jump while the grid is closed', () => {
    const { actor, log } = start([], []);
    actor.send({ type: 'navigator.jump', questionId: 'q1' });
    expect(log).toEqual([]);
  });
});
