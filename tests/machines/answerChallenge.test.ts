import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { answerChallengeMachine, answerChallengeMessages, type AnswerChallengeInput } from '../../src/machines/answerChallenge.machine';
import type { ChallengeBody, StudentChallenge } from '../../src/contracts/challenges';
import { describePaths } from '../support/machine-paths';
import { badReason, boxInput, challenge, decided, mcqInput, models, networkError, pdf, photo, storedPhoto, windowClosed } from '../models/answerChallenge.model';
import { settle } from '../support/doubles';

describePaths('answer challenge paths', models);

describe('answer challenge', () => {
  function start(input: AnswerChallengeInput, fakes: { save?: (body: ChallengeBody) => Promise<StudentChallenge>; upload?: () => Promise<typeof storedPhoto> } = {}) {
    const sent: ChallengeBody[] = [];
    const uploads: string[] = [];
    const machine = answerChallengeMachine.provide({
      actors: {
        uploadPhoto: fromPromise(async ({ input: i }) => {
          uploads.push(i.file.name);
          return (fakes.upload ?? (async () => storedPhoto))();
        }),
        saveChallenge: fromPromise(async ({ input: i }) => {
          sent.push(i.body);
          return (fakes.save ?? (async (body: ChallengeBody) => challenge({ questionId: i.questionId, options: body.options, flawed: body.flawed, reason: body.reason, media: body.media ?? [] })))(i.body);
        }),
      },
    });
    const actor = createActor(machine, { input }).start();
    return { actor, sent, uploads };
  }

  it('sends nothing until an option (or flawed) and a reason are given, and says what is missing', () => {
    const { actor, sent } = start(mcqInput);
    actor.send({ type: 'challenge.send' });
    expect(actor.getSnapshot().value).toBe('composing');
    expect(actor.getSnapshot().context.errors).toMatchObject({ proposal: answerChallengeMessages.noProposal, reason: answerChallengeMessages.noReason });
    actor.send({ type: 'challenge.choose', option: 2 });
    actor.send({ type: 'challenge.reason', text: '   ' });
    actor.send({ type: 'challenge.send' });
    expect(actor.getSnapshot().context.errors).toMatchObject({ proposal: null, reason: answerChallengeMessages.noReason });
    actor.send({ type: 'challenge.reason', text: 'x'.repeat(2001) });
    actor.send({ type: 'challenge.send' });
    expect(actor.getSnapshot().value).toBe('composing');
    expect(sent).toEqual([]);
  });

  it('keeps one MCQ option, toggles checkbox options, and flawed clears them', () => {
    const mcq = start(mcqInput).actor;
    mcq.send({ type: 'challenge.choose', option: 0 });
    mcq.send({ type: 'challenge.choose', option: 2 });
    expect(mcq.getSnapshot().context.options).toEqual([2]);
    mcq.send({ type: 'challenge.flawed' });
    expect(mcq.getSnapshot().context).toMatchObject({ options: [], flawed: true });
    const box = start({ ...boxInput, challenge: null }).actor;
    box.send({ type: 'challenge.choose', option: 2 });
    box.send({ type: 'challenge.choose', option: 0 });
    box.send({ type: 'challenge.choose', option: 2 });
    expect(box.getSnapshot().context).toMatchObject({ options: [0], flawed: false });
  });

  it('uploads the photo, then sends the challenge with it (Bengali reason trimmed) and shows it open', async () => {
    const { actor, sent, uploads } = start(mcqInput);
    actor.send({ type: 'challenge.choose', option: 1 });
    actor.send({ type: 'challenge.reason', text: '  পাঠ্যবইয়ের ৪২ পৃষ্ঠা অনুযায়ী সঠিক উত্তর B।  ' });
    actor.send({ type: 'challenge.attach', file: pdf });
    expect(actor.getSnapshot().context.errors.photo).toBe(answerChallengeMessages.notPhoto);
    actor.send({ type: 'challenge.attach', file: photo });
    actor.send({ type: 'challenge.send' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(uploads).toEqual(['page42.jpg']);
    expect(sent).toEqual([{ options: [1], flawed: false, reason: 'পাঠ্যবইয়ের ৪২ পৃষ্ঠা অনুযায়ী সঠিক উত্তর B।', media: [storedPhoto] }]);
    expect(actor.getSnapshot().value).toBe('sent');
    expect(actor.getSnapshot().context.saved?.status).toBe('open');
    actor.send({ type: 'challenge.edit' });
    expect(actor.getSnapshot().value).toBe('composing');
    actor.send({ type: 'challenge.flawed' });
    actor.send({ type: 'challenge.send' });
    await settle();
    expect(sent[1]).toMatchObject({ options: [], flawed: true, media: [storedPhoto] });
    actor.send({ type: 'challenge.close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toMatchObject({ questionId: 'q1', challenge: { flawed: true }, closedBy: null });
  });

  it('says offline in plain words, keeps the form and sends it on Try again without uploading twice', async () => {
    let calls = 0;
    const { actor, sent, uploads } = start(mcqInput, { save: async (body) => (++calls === 1 ? Promise.reject(networkError) : challenge({ options: body.options })) });
    actor.send({ type: 'challenge.choose', option: 1 });
    actor.send({ type: 'challenge.reason', text: 'B' });
    actor.send({ type: 'challenge.attach', file: photo });
    actor.send({ type: 'challenge.send' });
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failure).toBe(answerChallengeMessages.offline);
    actor.send({ type: 'challenge.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('sent');
    expect(uploads).toHaveLength(1);
    expect(sent).toHaveLength(2);
  });

  it('tells a closed window and a decided question, and then allows nothing but Close', async () => {
    for (const [error, words, closedBy] of [[windowClosed, answerChallengeMessages.windowClosed, 'window'], [decided, answerChallengeMessages.decided, 'decided']] as const) {
      const { actor } = start(boxInput, { save: async () => Promise.reject(error) });
      actor.send({ type: 'challenge.send' });
      await settle();
      expect(actor.getSnapshot().value).toBe('closed');
      expect(actor.getSnapshot().context.failure).toBe(words);
      expect(actor.getSnapshot().can({ type: 'challenge.edit' })).toBe(false);
      actor.send({ type: 'challenge.close' });
      expect(actor.getSnapshot().output).toMatchObject({ questionId: 'q2', closedBy, challenge: { status: 'open' } });
    }
  });

  it("returns to the form with the server's words when it refuses the reason", async () => {
    const { actor } = start(boxInput, { save: async () => Promise.reject(badReason) });
    actor.send({ type: 'challenge.send' });
    await settle();
    expect(actor.getSnapshot().value).toBe('composing');
    expect(actor.getSnapshot().context.failure).toBe(badReason.title);
  });

  it('offers no edit of a decided challenge', async () => {
    const { actor } = start({ ...boxInput, challenge: challenge({ status: 'open' }) }, { save: async () => challenge({ status: 'rejected', reply: 'The key stands.' }) });
    actor.send({ type: 'challenge.send' });
    await settle();
    expect(actor.getSnapshot().value).toBe('sent');
    expect(actor.getSnapshot().can({ type: 'challenge.edit' })).toBe(false);
  });
});
