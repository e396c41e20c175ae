import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { challengeDecisionMachine, decisionSummary, deskAfterDecision, draftProblem, decisionMessages, type DecisionRequest } from '../../src/machines/challengeDecision.machine';
import type { ChallengeDesk, DecisionReply } from '../../src/contracts/challenges';
import { describePaths } from '../support/machine-paths';
import { changed, desk, kept, models, networkError, question, sessionGone, stillSitting } from '../models/challengeDecision.model';
import { settle } from '../support/doubles';

describePaths('challengeDecision paths', models);

describe('challengeDecision', () => {
  function start(loads: Array<ChallengeDesk | Error>, decisions: Array<DecisionReply | Error> = []) {
    const sent: DecisionRequest[] = [];
    const machine = challengeDecisionMachine.provide({
      actors: {
        loadDesk: fromPromise<ChallengeDesk, { assignmentId: string }>(async () => {
          const answer = loads.shift()!;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
        decide: fromPromise<DecisionReply, DecisionRequest>(async ({ input }) => {
          sent.push(input);
          const answer = decisions.shift()!;
          if (answer instanceof Error) throw answer;
          return answer;
        }),
      },
    });
    return { actor: createActor(machine, { input: { assignmentId: 'a1' } }).start(), sent };
  }

  it('lists the challenged questions, says when there are none, and loads again after a failure', async () => {
    const none = start([desk([])]);
    await settle();
    expect(none.actor.getSnapshot().value).toBe('empty');
    const some = start([networkError, desk()]);
    await settle();
    expect(some.actor.getSnapshot().value).toBe('failed');
    expect(some.actor.getSnapshot().context.problem).toEqual({ title: 'Please check your internet connection then try again.' });
    some.actor.send({ type: 'challenges.retry' });
    await settle();
    expect(some.actor.getSnapshot().matches({ listed: 'browsing' })).toBe(true);
    expect(some.actor.getSnapshot().context.problem).toBeNull();
  });

  it('stops quietly when the desk session has ended', async () => {
    const { actor } = start([sessionGone]);
    await settle();
    expect(actor.getSnapshot().value).toBe('signedOut');
  });

  it('keeps the key only with a reply, and sends one reply to every challenger', async () => {
    const { actor, sent } = start([desk()], [kept]);
    await settle();
    actor.send({ type: 'question.decide', questionId: 'q1' });
    actor.send({ type: 'decision.submit' });
    expect(actor.getSnapshot().matches({ listed: 'deciding' })).toBe(true);
    expect(actor.getSnapshot().context.decisionProblem).toEqual({ title: decisionMessages.reply });
    actor.send({ type: 'decision.reply', text: '  The key is right.  ' });
    actor.send({ type: 'decision.submit' });
    await settle();
    expect(sent).toEqual([{ assignmentId: 'a1', questionId: 'q1', body: { kind: 'keep', options: [], reply: 'The key is right.' } }]);
    expect(actor.getSnapshot().matches({ listed: 'decided' })).toBe(true);
    const q1 = actor.getSnapshot().context.desk!.questions[0]!;
    expect(q1.decision?.kind).toBe('keep');
    expect(q1.challenges.map((c) => c.status)).toEqual(['rejected', 'rejected']);
    expect(q1.open).toBe(0);
  });

  it('changes the key to several accepted options; the regrade joins the list and the question shows its new key', async () => {
    const { actor, sent } = start([desk()], [stillSitting, changed]);
    await settle();
    actor.send({ type: 'question.decide', questionId: 'q1' });
    // Nothing ticked: the key in force (A) is not sent unless the teacher ticks it.
    expect(actor.getSnapshot().context.options).toEqual([]);
    actor.send({ type: 'decision.kind', kind: 'change' });
    actor.send({ type: 'decision.reply', text: 'Both are accepted.' });
    actor.send({ type: 'decision.submit' });
    expect(actor.getSnapshot().context.decisionProblem).toEqual({ title: 'Choose the option or options the key accepts.' });
    actor.send({ type: 'decision.option', option: 1 });
    actor.send({ type: 'decision.option', option: 0 });
    actor.send({ type: 'decision.submit' });
    await settle();
    expect(actor.getSnapshot().matches({ listed: 'deciding' })).toBe(true);
    expect(actor.getSnapshot().context.decisionProblem).toEqual({
      title: 'A batch is still sitting this exam.', description: 'Decide once every batch has finished, so that no submission is scored with the old key.',
    });
    actor.send({ type: 'decision.submit' });
    await settle();
    expect(sent.map((s) => s.body)).toEqual([{ kind: 'change', options: [0, 1], reply: 'Both are accepted.' }, { kind: 'change', options: [0, 1], reply: 'Both are accepted.' }]);
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches({ listed: 'decided' })).toBe(true);
    expect(snapshot.context.outcome?.regrade).toMatchObject({ results: 12, changed: 3, notified: 3 });
    expect(snapshot.context.desk!.questions[0]!.keyOptions).toEqual([0, 1]);
    expect(snapshot.context.desk!.regrades).toEqual([{ _id: 'r1', questionId: 'q1', questionNumber: 1, kind: 'change', regradedAt: '2026-01-02T10:00:00.000Z', results: 12, changed: 3 }]);
    actor.send({ type: 'summary.close' });
    expect(actor.getSnapshot().matches({ listed: 'browsing' })).toBe(true);
  });

  it('drops a question only after the confirmation', async () => {
    const dropped: DecisionReply = { ...changed, decision: { ...changed.decision, kind: 'drop', options: [] }, regrade: { ...changed.regrade!, kind: 'drop' } };
    const { actor, sent } = start([desk()], [dropped]);
    await settle();
    actor.send({ type: 'question.decide', questionId: 'q1' });
    actor.send({ type: 'decision.kind', kind: 'drop' });
    actor.send({ type: 'decision.reply', text: 'Two options are right.' });
    actor.send({ type: 'decision.submit' });
    expect(actor.getSnapshot().matches({ listed: 'confirmingDrop' })).toBe(true);
    actor.send({ type: 'decision.back' });
    actor.send({ type: 'decision.submit' });
    actor.send({ type: 'decision.confirm' });
    await settle();
    expect(sent.map((s) => s.body)).toEqual([{ kind: 'drop', options: [], reply: 'Two options are right.' }]);
    expect(actor.getSnapshot().context.desk!.questions[0]!.dropped).toBe(true);
    expect(actor.getSnapshot().context.desk!.questions[0]!.challenges.every((c) => c.status === 'accepted')).toBe(true);
  });

  it('decides nothing for a question not on the page', async () => {
    const { actor } = start([desk()]);
    await settle();
    actor.send({ type: 'question.decide', questionId: 'missing' });
    expect(actor.getSnapshot().matches({ listed: 'browsing' })).toBe(true);
  });

  it('says the decision as written in words before it is sent', () => {
    const q = question();
    expect(q.keyOptions).toEqual([0]);
    expect(decisionSummary(q, 'change', [], 41)).toBeNull();
    expect(decisionSummary(q, 'change', [2], 41)).toBe('The key becomes C; 41 results will be regraded.');
    expect(decisionSummary(q, 'change', [2, 1], 1)).toBe('The key becomes B or C; 1 result will be regraded.');
    expect(decisionSummary({ ...q, type: 'checkbox' }, 'change', [0, 1, 3], 41)).toBe('The key becomes A, B and D; 41 results will be regraded.');
    expect(decisionSummary(q, 'change', [0], 41)).toBe('The key is A already: nothing will be regraded.');
    expect(decisionSummary(q, 'keep', [], 41)).toBe('The key stays A; no marks change and every challenger reads your reply.');
    expect(decisionSummary(q, 'drop', [], 1200)).toBe('Question 1 is dropped for everyone; 1,200 results will be regraded.');
  });

  it('says what is wrong with a decision as written', () => {
    const q = question();
    expect(draftProblem(q, 'keep', [], '')).toBe(decisionMessages.reply);
    expect(draftProblem(q, 'keep', [], 'x'.repeat(2001))).toBe(decisionMessages.reply);
    expect(draftProblem(q, 'change', [7], 'Fine')).toBe('The chosen option does not exist.');
    expect(draftProblem(q, 'drop', [], 'Fine')).toBeNull();
    expect(deskAfterDecision(desk(), { ...changed, questionId: 'other' }).questions[0]!.decision).toBeNull();
    const before = desk();
    expect(deskAfterDecision(before, { ...changed, unchanged: true, regrade: null })).toBe(before);
  });

  it('sends a corrected explanation with the decision, only when the teacher changed it', async () => {
    const { actor, sent } = start([desk()], [changed, kept]);
    await settle();
    actor.send({ type: 'question.decide', questionId: 'q1' });
    // The form starts from the explanation students read now.
    expect(actor.getSnapshot().context.explanation).toBe('The mitral valve closes first: S1.');
    actor.send({ type: 'decision.kind', kind: 'change' });
    actor.send({ type: 'decision.option', option: 1 });
    actor.send({ type: 'decision.reply', text: 'Both are accepted.' });
    actor.send({ type: 'decision.explanation', text: '  The aortic valve closes at S2.  ' });
    actor.send({ type: 'decision.submit' });
    await settle();
    expect(sent[0]!.body).toEqual({ kind: 'change', options: [1], reply: 'Both are accepted.', explanation: 'The aortic valve closes at S2.' });
    expect(actor.getSnapshot().context.desk!.questions[0]!.explanation).toBe('The aortic valve closes at S2.');
    // Decided again without touching it: no explanation is sent.
    actor.send({ type: 'question.decide', questionId: 'q1' });
    expect(actor.getSnapshot().context.explanation).toBe('The aortic valve closes at S2.');
    actor.send({ type: 'decision.reply', text: 'The key is right.' });
    actor.send({ type: 'decision.submit' });
    await settle();
    expect(sent[1]!.body).toEqual({ kind: 'keep', options: [], reply: 'The key is right.' });
  });
});
