import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { resultViewMachine, resultViewMessages } from '../../src/machines/resultView.machine';
import type { ResultReply } from '../../src/contracts/results';
import { describePaths } from '../support/machine-paths';
import { models, networkError, forbidden, input, result, notPublished } from '../models/resultView.model';
import { settle } from '../support/doubles';

describePaths('result view paths', models);

describe('result view', () => {
  function start(options: { load: () => Promise<ResultReply>; retake?: () => Promise<{ status: string }> }) {
    const log: string[] = [];
    const machine = resultViewMachine.provide({
      actors: {
        loadResult: fromPromise(async ({ input: i }) => {
          log.push(`load ${i.examId}/${i.groupId}`);
          return options.load();
        }),
        retakeExam: fromPromise(async ({ input: i }) => {
          log.push(`retake ${i.examId}/${i.studentId}/${i.groupId}`);
          return (options.retake ?? (async () => ({ status: '200' })))();
        }),
      },
      actions: {
        notify: (_, { kind, title }) => log.push(`${kind}: ${title}`),
        notifyFailure: () => log.push('failure'),
        goBack: () => log.push('back'),
        reloadGroup: (_, { groupId }) => log.push(`reload ${groupId}`),
        clearSavedAnswers: (_, { examId }) => log.push(`clear ${examId}`),
        enterExam: (_, p) => log.push(`enter ${p.examId}/${p.groupId}${p.isSegmentedExam ? ' segmented' : ''}`),
        print: () => log.push('print'),
      },
    });
    const actor = createActor(machine, { input }).start();
    return { actor, log };
  }

  it('tells the student a live result is not published and goes back', async () => {
    const { actor, log } = start({ load: async () => notPublished });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(log).toEqual(['load e1/g1', `info: ${resultViewMessages.notPublished}`, 'back']);
  });

  it("says 'Internet connection lost.' on a network error and loads again on retry", async () => {
    let calls = 0;
    const { actor, log } = start({ load: async () => (++calls === 1 ? Promise.reject(networkError) : result()) });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(log).toContain('error: Internet connection lost.');
    actor.send({ type: 'result.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('shown');
  });

  it('retakes a practice exam only after the confirmation: server, device answers, then the live exam', async () => {
    const { actor, log } = start({ load: async () => result() });
    await settle();
    actor.send({ type: 'retake.ask' });
    expect(actor.getSnapshot().value).toBe('confirmingRetake');
    actor.send({ type: 'retake.cancel' });
    expect(actor.getSnapshot().value).toBe('shown');
    expect(log.some((l) => l.startsWith('retake'))).toBe(false);
    actor.send({ type: 'retake.ask' });
    actor.send({ type: 'retake.confirm' });
    await settle();
    expect(log.slice(-3)).toEqual(['retake e1/s1/g1', 'clear e1', 'enter e1/g1']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('offers no retake of a live exam', async () => {
    const { actor } = start({ load: async () => result({ isPracticeExam: false }) });
    await settle();
    actor.send({ type: 'retake.ask' });
    expect(actor.getSnapshot().value).toBe('shown');
  });

  it('keeps the result and the device answers when the retake is refused', async () => {
    const { actor, log } = start({ load: async () => result(), retake: async () => Promise.reject(forbidden) });
    await settle();
    actor.send({ type: 'retake.ask' });
    actor.send({ type: 'retake.confirm' });
    await settle();
    expect(actor.getSnapshot().value).toBe('shown');
    expect(log.slice(-2)).toEqual([`error: ${resultViewMessages.removed}`, 'reload g1']);
    expect(log.some((l) => l.startsWith('clear'))).toBe(false);
  });
});
