import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { resultViewMachine, resultViewMessages } from '../../src/machines/resultView.machine';
import type { ResultReply } from '../../src/contracts/results';
import { describePaths } from '../support/machine-paths';
import { models, networkError, forbidden, input, result, notPublished, liveAnswers, openWindow } from '../models/resultView.model';
import { answerChallengeMachine } from '../../src/machines/answerChallenge.machine';
import type { StudentChallenges } from '../../src/contracts/challenges';
import { challenge } from '../models/answerChallenge.model';
import { settle } from '../support/doubles';

describePaths('result view paths', models);

describe('result view', () => {
  function start(options: { load: () => Promise<ResultReply>; retake?: () => Promise<{ status: string }>; challenges?: () => Promise<StudentChallenges> }) {
    const log: string[] = [];
    const news: { tell?: () => void } = {};
    const machine = resultViewMachine.provide({
      actors: {
        watchResultNews: fromCallback(({ sendBack }) => {
          news.tell = () => sendBack({ type: 'result.changed' });
          return () => (news.tell = undefined);
        }),
        loadResult: fromPromise(async ({ input: i }) => {
          log.push(`load ${i.examId}/${i.groupId}`);
          return options.load();
        }),
        retakeExam: fromPromise(async ({ input: i }) => {
          log.push(`retake ${i.examId}/${i.studentId}/${i.groupId}`);
          return (options.retake ?? (async () => ({ status: '200' })))();
        }),
        loadChallenges: fromPromise(async ({ input: i }) => {
          log.push(`challenges ${i.examId}/${i.groupId}`);
          return (options.challenges ?? (async () => openWindow()))();
        }),
        answerChallenge: answerChallengeMachine.provide({
          actors: {
            uploadPhoto: fromPromise(async () => ({ mediaType: 'image/jpeg', mediaUrl: '/media/files/x.jpg' })),
            saveChallenge: fromPromise(async ({ input: i }) => {
              log.push(`save ${i.questionId}`);
              return challenge({ questionId: i.questionId, options: i.body.options, reason: i.body.reason });
            }),
          },
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
    return { actor, log, news };
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
    expect(actor.getSnapshot().matches('shown')).toBe(true);
  });

  it('retakes a practice exam only after the confirmation: server, device answers, then the live exam', async () => {
    const { actor, log } = start({ load: async () => result() });
    await settle();
    actor.send({ type: 'retake.ask' });
    expect(actor.getSnapshot().value).toBe('confirmingRetake');
    actor.send({ type: 'retake.cancel' });
    expect(actor.getSnapshot().matches('shown')).toBe(true);
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
    expect(actor.getSnapshot().matches('shown')).toBe(true);
  });

  it('keeps the result and the device answers when the retake is refused', async () => {
    const { actor, log } = start({ load: async () => result(), retake: async () => Promise.reject(forbidden) });
    await settle();
    actor.send({ type: 'retake.ask' });
    actor.send({ type: 'retake.confirm' });
    await settle();
    expect(actor.getSnapshot().matches('shown')).toBe(true);
    expect(log.slice(-2)).toEqual([`error: ${resultViewMessages.removed}`, 'reload g1']);
    expect(log.some((l) => l.startsWith('clear'))).toBe(false);
  });

  it("loads a live result's challenges, opens a question's form as the child `challenge` and keeps what it saved", async () => {
    const { actor, log } = start({ load: async () => result({ isPracticeExam: false, answers: liveAnswers }) });
    await settle();
    expect(actor.getSnapshot().matches({ shown: { challenges: 'challenges' } })).toBe(true);
    expect(log).toContain('challenges e1/g1');
    // A written answer takes no challenge.
    expect(actor.getSnapshot().can({ type: 'challenge.open', questionId: 'q2' })).toBe(false);
    actor.send({ type: 'challenge.open', questionId: 'q1' });
    const child = actor.getSnapshot().children.challenge as ActorRefFrom<typeof answerChallengeMachine>;
    expect(child.getSnapshot().context).toMatchObject({ questionId: 'q1', number: 1, type: 'MCQ', optionCount: 3 });
    child.send({ type: 'challenge.choose', option: 1 });
    child.send({ type: 'challenge.reason', text: 'B, says Guyton.' });
    child.send({ type: 'challenge.send' });
    await settle();
    child.send({ type: 'challenge.close' });
    await settle();
    expect(actor.getSnapshot().matches({ shown: { challenges: 'challenges' } })).toBe(true);
    expect(actor.getSnapshot().context.challenges?.challenges).toMatchObject([{ questionId: 'q1', options: [1], status: 'open' }]);
    // Open: it may still be edited while the window is open.
    expect(actor.getSnapshot().can({ type: 'challenge.open', questionId: 'q1' })).toBe(true);
  });

  it('offers no challenge once the window is closed or the question decided, and none of a decided challenge', async () => {
    for (const list of [
      openWindow({ window: { closesAt: '2026-11-25T01:00:00.000Z', open: false }, challenges: [challenge()] }),
      openWindow({ decided: ['q1'] }),
      openWindow({ challenges: [challenge({ status: 'accepted', reply: 'Corrected.' })] }),
    ]) {
      const { actor } = start({ load: async () => result({ isPracticeExam: false, answers: liveAnswers }), challenges: async () => list });
      await settle();
      expect(actor.getSnapshot().can({ type: 'challenge.open', questionId: 'q1' })).toBe(false);
    }
  });

  it('says the challenges could not be loaded and reads them again on Try again', async () => {
    let calls = 0;
    const { actor } = start({ load: async () => result({ isPracticeExam: false, answers: liveAnswers }), challenges: async () => (++calls === 1 ? Promise.reject(networkError) : openWindow()) });
    await settle();
    expect(actor.getSnapshot().matches({ shown: { challenges: 'challengesFailed' } })).toBe(true);
    actor.send({ type: 'challenges.retry' });
    await settle();
    expect(actor.getSnapshot().matches({ shown: { challenges: 'challenges' } })).toBe(true);
  });

  it('reads the result and its challenges again, the old one kept on screen, when a regrade notification arrives', async () => {
    let calls = 0;
    const { actor, log, news } = start({ load: async () => result({ isPracticeExam: false, answers: liveAnswers, marksObtained: ++calls === 1 ? 1 : 3 } as never) });
    await settle();
    news.tell!();
    expect(actor.getSnapshot().matches({ shown: { sync: 'refreshing' } })).toBe(true);
    expect(actor.getSnapshot().context.result).not.toBeNull();
    await settle();
    expect(actor.getSnapshot().matches({ shown: { challenges: 'challenges' } })).toBe(true);
    expect(actor.getSnapshot().context.result?.marksObtained).toBe(3);
    expect(log.filter((l) => l.startsWith('challenges'))).toHaveLength(2);
  });

  it('keeps the open challenge form, its draft and Print working while a regrade notification reads the result again', async () => {
    const reads: ((reply: ResultReply) => void)[] = [];
    const { actor, log, news } = start({ load: () => new Promise<ResultReply>((answer) => reads.push(answer)) });
    reads.shift()!(result({ isPracticeExam: false, answers: liveAnswers, marksObtained: 1 } as never));
    await settle();
    actor.send({ type: 'challenge.open', questionId: 'q1' });
    const child = actor.getSnapshot().children.challenge as ActorRefFrom<typeof answerChallengeMachine>;
    child.send({ type: 'challenge.choose', option: 1 });
    // A key decision regrades the exam while the student writes the challenge.
    news.tell!();
    expect(reads).toHaveLength(1);
    child.send({ type: 'challenge.reason', text: 'B, says Guyton.' });
    actor.send({ type: 'result.print' });
    expect(log).toContain('print');
    // The form is the same child, with what the student chose and wrote.
    expect(actor.getSnapshot().children.challenge).toBe(child);
    expect(child.getSnapshot().context).toMatchObject({ options: [1], reason: 'B, says Guyton.' });
    // A second notification drops the read under way: the last read's marks show.
    news.tell!();
    expect(reads).toHaveLength(2);
    reads[1]!(result({ isPracticeExam: false, answers: liveAnswers, marksObtained: 3 } as never));
    await settle();
    reads[0]!(result({ isPracticeExam: false, answers: liveAnswers, marksObtained: 2 } as never));
    await settle();
    expect(actor.getSnapshot().context.result?.marksObtained).toBe(3);
    expect(actor.getSnapshot().children.challenge).toBe(child);
    child.send({ type: 'challenge.send' });
    await settle();
    expect(log).toContain('save q1');
    // Once the form closes, the challenges are read again (the regrade may have decided some).
    child.send({ type: 'challenge.close' });
    await settle();
    expect(log.filter((l) => l.startsWith('challenges'))).toHaveLength(2);
    expect(actor.getSnapshot().can({ type: 'challenge.open', questionId: 'q1' })).toBe(true);
  });
});
