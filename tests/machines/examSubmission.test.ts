import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { examSubmissionMachine, submissionMessages, type SubmitExamOutput } from '../../src/machines/examSubmission.machine';
import { describePaths } from '../support/machine-paths';
import { input, models, networkError, serverError } from '../models/examSubmission.model';
import { settle } from '../support/doubles';

describePaths('exam submission paths', models);

describe('exam submission', () => {
  /** Starts the submission with `answered` answers; the exam attempt's delivery step is played by the test. */
  function start(options: { online?: boolean; delivered?: boolean; submit?: () => Promise<SubmitExamOutput>; isPracticeExam?: boolean; answered?: number }) {
    const log: string[] = [];
    const machine = examSubmissionMachine.provide({
      actors: {
        submitExam: fromPromise<SubmitExamOutput, { examId: string; groupId: string }>(async ({ input: i }) => {
          log.push(`submit ${i.examId}/${i.groupId}`);
          return (options.submit ?? (async () => ({ status: '200' })))();
        }),
      },
      actions: {
        alert: (_, { message }) => log.push(`alert: ${message}`),
        notify: (_, { kind, message }) => log.push(`${kind}: ${message}`),
        clearLocalData: () => log.push('clear'),
        leaveExam: (_, p) => log.push(p.isPracticeExam ? `go /result/${p.examId}/${p.groupId}` : 'go /exams'),
      },
    });
    const actor = createActor(machine, { clock: new SimulatedClock(), input: { ...input, isPracticeExam: options.isPracticeExam ?? true, online: options.online ?? true, answered: options.answered ?? 1 } });
    actor.start();
    // Plays the exam attempt: when the submission asks for delivery, every answer is (or is not) delivered.
    let delivering = false;
    actor.subscribe((snapshot) => {
      const flushing = snapshot.matches('flushing');
      if (flushing && !delivering) {
        log.push('flush');
        queueMicrotask(() => actor.send({ type: options.delivered === false ? 'answers.undelivered' : 'answers.delivered' }));
      }
      delivering = flushing;
    });
    return { actor, log };
  }

  it('refuses to submit when nothing is answered', () => {
    const { actor, log } = start({ answered: 0 });
    actor.send({ type: 'exam.submit' });
    expect(actor.getSnapshot().value).toBe('answering');
    expect(log).toEqual([`alert: ${submissionMessages.nothingAnswered}`]);
  });

  it('counts answers as the exam attempt tells them', () => {
    const { actor, log } = start({ answered: 0 });
    actor.send({ type: 'answers.counted', answered: 2 });
    actor.send({ type: 'exam.submit' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(log).toEqual([]);
  });

  it('flushes the outbox, submits, clears local data and goes to the result of a practice exam', async () => {
    const { actor, log } = start({});
    actor.send({ type: 'exam.submit' });
    actor.send({ type: 'submission.confirm' });
    await settle();
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(log).toEqual(['flush', 'submit e1/g1', 'clear', `success: ${submissionMessages.submitted}`, 'go /result/e1/g1']);
  });

  it('goes to /exams after a live exam', async () => {
    const { actor, log } = start({ isPracticeExam: false });
    actor.send({ type: 'exam.submit' });
    actor.send({ type: 'submission.confirm' });
    await settle();
    expect(log.at(-1)).toBe('go /exams');
  });

  it('cannot confirm while offline', () => {
    const { actor, log } = start({ online: false });
    actor.send({ type: 'exam.submit' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().can({ type: 'submission.confirm' })).toBe(false);
    actor.send({ type: 'connection.online' });
    expect(actor.getSnapshot().can({ type: 'submission.confirm' })).toBe(true);
    expect(log).toEqual([]);
  });

  it('reopens the confirm modal with the connection message when answers could not be delivered', async () => {
    const { actor, log } = start({ delivered: false });
    actor.send({ type: 'exam.submit' });
    actor.send({ type: 'submission.confirm' });
    await settle();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(log).toEqual(['flush', `error: ${submissionMessages.failedOffline}`]);
  });

  it("reopens the time-over modal with 'Somethink went wrong!' on a server failure", async () => {
    const { actor, log } = start({ submit: async () => Promise.reject(serverError) });
    actor.send({ type: 'exam.timeOver' });
    expect(log).toEqual([]);
    actor.send({ type: 'submission.confirm' });
    await settle();
    expect(actor.getSnapshot().value).toBe('timeOver');
    expect(log).toEqual(['flush', 'submit e1/g1', `error: ${submissionMessages.failed}`]);
  });

  it('asks for a stable connection when Ok on time over is pressed offline', () => {
    const { actor, log } = start({ online: false });
    actor.send({ type: 'exam.timeOver' });
    actor.send({ type: 'submission.confirm' });
    expect(actor.getSnapshot().value).toBe('timeOver');
    expect(log).toEqual([`alert: ${submissionMessages.offlineAtTimeOver}`]);
  });

  it('returns to the time-over modal when time runs out during a submission from the confirm modal', async () => {
    let reject: (e: unknown) => void = () => {};
    const { actor } = start({ submit: () => new Promise((_, r) => (reject = r)) });
    actor.send({ type: 'exam.submit' });
    actor.send({ type: 'submission.confirm' });
    await settle();
    expect(actor.getSnapshot().value).toBe('submitting');
    actor.send({ type: 'exam.timeOver' });
    reject(networkError);
    await settle();
    expect(actor.getSnapshot().value).toBe('timeOver');
  });
});
