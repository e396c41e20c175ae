import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { mistakesReviewMachine } from '../../src/machines/mistakesReview.machine';
import type { CheckReply, MistakesReview } from '../../src/contracts/mistakes';
import type { AnswerValue } from '../../src/contracts/exams';
import { describePaths } from '../support/machine-paths';
import { finishedMeanwhile, finishedReview, input, models, networkError, review, rightReply, timedReview } from '../models/mistakesReview.model';
import { settle } from '../support/doubles';

describePaths('mistakes review paths', models);

describe('mistakes review', () => {
  function open(options: { load: () => Promise<MistakesReview>; check?: (answer: AnswerValue) => Promise<CheckReply>; finish?: () => Promise<MistakesReview>; online?: boolean }) {
    const log: string[] = [];
    const clock = new SimulatedClock();
    const machine = mistakesReviewMachine.provide({
      actors: {
        loadReview: fromPromise(async () => {
          log.push('load');
          return options.load();
        }),
        checkAnswer: fromPromise(async ({ input: sent }) => {
          log.push(`check ${sent.questionId} ${JSON.stringify(sent.answer)}`);
          return (options.check ?? (async () => rightReply))(sent.answer);
        }),
        finishReview: fromPromise(async () => {
          log.push('finish');
          return (options.finish ?? (async () => finishedReview))();
        }),
      },
      actions: {
        notify: (_, { title }) => log.push(`toast: ${title}`),
        notifyFailure: (_, { error }) => log.push(`failure: ${(error as Error).message}`),
        announceCheck: (_, { questionId }) => log.push(`verdict ${questionId}`),
      },
    });
    const actor = createActor(machine, { input: { ...input, online: options.online ?? true }, clock }).start();
    return { actor, log, clock };
  }

  it('checks an answer at once, tells the verdict and moves the progress; the checked question takes no other answer', async () => {
    const { actor, log } = open({ load: async () => review() });
    await settle();
    expect(actor.getSnapshot().matches({ reviewing: 'ready' })).toBe(true);
    // Nothing chosen: Check does nothing.
    expect(actor.getSnapshot().can({ type: 'answer.check', questionId: 'q1' })).toBe(false);
    actor.send({ type: 'answer.choose', questionId: 'q1', answer: [0] });
    actor.send({ type: 'answer.choose', questionId: 'q1', answer: [1] });
    actor.send({ type: 'answer.check', questionId: 'q1' });
    await settle();
    const { context } = actor.getSnapshot();
    expect(context.review!.progress).toEqual({ mastered: 1, checked: 1, total: 2 });
    expect(context.review!.questions[0]!.check).toMatchObject({ right: true, question: { explanation: 'Because B.' } });
    expect(log).toEqual(['load', 'check q1 [1]', 'verdict q1']);
    expect(actor.getSnapshot().can({ type: 'answer.choose', questionId: 'q1', answer: [2] })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'answer.check', questionId: 'q1' })).toBe(false);
  });

  it('is untimed unless asked: no end comes by itself', async () => {
    const { actor, clock } = open({ load: async () => review() });
    await settle();
    clock.increment(24 * 60 * 60_000);
    await settle();
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
  });

  it('a timed review finishes itself when its time is up', async () => {
    const { actor, clock, log } = open({ load: async () => timedReview });
    await settle();
    clock.increment(4 * 60_000 - 1);
    await settle();
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
    clock.increment(1);
    await settle();
    expect(actor.getSnapshot().matches('finished')).toBe(true);
    expect(log).toEqual(['load', 'toast: Your time is up: the practice is finished.', 'finish']);
  });

  it('offline, Check waits and the choice stays; a lost check keeps the choice', async () => {
    const { actor, log } = open({ load: async () => review(), online: false, check: async () => Promise.reject(networkError) });
    await settle();
    actor.send({ type: 'answer.choose', questionId: 'q1', answer: [1] });
    expect(actor.getSnapshot().can({ type: 'answer.check', questionId: 'q1' })).toBe(false);
    actor.send({ type: 'connection.online' });
    actor.send({ type: 'answer.check', questionId: 'q1' });
    await settle();
    expect(actor.getSnapshot().matches({ reviewing: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.drafts.q1).toEqual([1]);
    expect(log).toContain('toast: Internet connection lost.');
  });

  it('reads the review again when it ended meanwhile', async () => {
    let loads = 0;
    const { actor } = open({ load: async () => (++loads === 1 ? review() : finishedReview), check: async () => Promise.reject(finishedMeanwhile) });
    await settle();
    actor.send({ type: 'answer.choose', questionId: 'q1', answer: [1] });
    actor.send({ type: 'answer.check', questionId: 'q1' });
    await settle();
    expect(actor.getSnapshot().matches('finished')).toBe(true);
    expect(loads).toBe(2);
  });

  it('Finish shows the summary; a finished review opens on it', async () => {
    const running = open({ load: async () => review() });
    await settle();
    running.actor.send({ type: 'review.finish' });
    await settle();
    expect(running.actor.getSnapshot().matches('finished')).toBe(true);
    const done = open({ load: async () => finishedReview });
    await settle();
    expect(done.actor.getSnapshot().matches('finished')).toBe(true);
    expect(done.log).toEqual(['load']);
  });
});
