import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import { examAttemptMachine, type ExamAttemptEvent, type KeptPaper, type StartedAt } from '../../src/machines/examAttempt.machine';
import { answerOutboxMachine, type SendAnswerInput, type SendAnswerOutput } from '../../src/machines/answerOutbox.machine';
import { examSubmissionMachine, submissionMessages, type SubmitExamOutput } from '../../src/machines/examSubmission.machine';
import type { CurrentExam } from '../../src/contracts/exams';
import type { SavedAnswers } from '../../src/services/answerStore';
import { MESSAGES } from '../../src/domain/messages';
import { describePaths } from '../support/machine-paths';
import { at, input, kept, models, networkError, opened, paper, removedError, SERVER_NOW, serverError, storedAnswer } from '../models/examAttempt.model';
import { settle } from '../support/doubles';

describePaths('exam attempt paths', models);

describe('exam attempt with its children', () => {
  interface Options {
    papers: Array<CurrentExam | Error>;
    stored?: SavedAnswers;
    /** What another tab left on the device, read before the final submit. */
    otherTab?: SavedAnswers;
    send?: (input: SendAnswerInput) => Promise<SendAnswerOutput>;
    submit?: () => Promise<SubmitExamOutput>;
    /** The running attempt kept on the device (read when the server cannot be reached). */
    kept?: KeptPaper | null;
  }
  function start(options: Options) {
    const log: string[] = [];
    /** What the attempt kept on and told the device: kept / forgot the attempt, exam running / ended. */
    const device: string[] = [];
    const clock = new SimulatedClock();
    let connection: ((event: ExamAttemptEvent) => void) | null = null;
    const papers = [...options.papers];
    const machine = examAttemptMachine.provide({
      actors: {
        loadPaper: fromPromise(async () => {
          log.push('load paper');
          const next = papers.shift()!;
          if (next instanceof Error) throw next;
          return opened(next, options.stored);
        }),
        loadKeptAttempt: fromPromise(async () => {
          device.push('read kept');
          return options.kept ?? null;
        }),
        markExamRunning: fromCallback(() => {
          device.push('exam running');
          return () => device.push('exam ended');
        }),
        startAttempt: fromPromise<StartedAt, { examId: string; groupId: string }>(async () => {
          log.push('start');
          return { started: { studentStartsAt: SERVER_NOW, deadlineAt: at(30 * 60_000), serverNow: SERVER_NOW, submittedAt: null }, receivedAt: Date.now() };
        }),
        answerOutbox: answerOutboxMachine.provide({
          actors: {
            sendAnswer: fromPromise(async ({ input: sent }) => {
              log.push(`send ${sent.questionId}=${JSON.stringify(sent.entry.answer)}`);
              return (options.send ?? (async () => ({ uploaded: [], skipped: [] })))(sent);
            }),
          },
        }),
        examSubmission: examSubmissionMachine.provide({
          actors: {
            submitExam: fromPromise(async () => {
              log.push('submit');
              return (options.submit ?? (async () => ({ status: '200' })))();
            }),
          },
          actions: {
            alert: (_, { message }) => log.push(`alert: ${message}`),
            notify: (_, { kind, message }) => log.push(`${kind}: ${message}`),
            clearLocalData: () => log.push('clear'),
            leaveExam: () => log.push('leave'),
          },
        }),
        watchPage: fromCallback(({ sendBack, receive }) => {
          receive(() => sendBack({ type: 'page.answersStored', stored: options.otherTab ?? {} }));
        }),
        watchConnection: fromCallback(({ sendBack }) => {
          connection = sendBack;
        }),
      },
    });
    const withDevice = machine.provide({
      actions: {
        keepAttempt: ({ context }) => device.push(`keep ${context.exam!._id} until ${context.timing!.deadlineAt}`),
        forgetKeptAttempt: () => device.push('forget kept'),
      },
    });
    const actor = createActor(withDevice, { clock, input });
    actor.start();
    const children = () => actor.getSnapshot().children;
    return { actor, log, device, clock, children, setOnline: (online: boolean) => connection!({ type: online ? 'connection.online' : 'connection.offline' }) };
  }

  it('starts an attempt that has not started, then loads the questions handed out on the server clock', async () => {
    const { actor, log } = start({ papers: [paper({ studentStartsAt: null, deadlineAt: null, questions: [] }), paper()] });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ running: 'answering' });
    expect(log).toEqual(['load paper', 'start', 'load paper']);
    expect(actor.getSnapshot().context.exam?.deadlineAt).toBe(at(30 * 60_000));
  });

  it('tells an exam already submitted, an exam removed and a failure with Try again apart', async () => {
    const submitted = start({ papers: [paper({ submittedAt: at(-5000) })] });
    const removed = start({ papers: [removedError] });
    const failed = start({ papers: [networkError, paper()] });
    await settle();
    expect(submitted.actor.getSnapshot().value).toBe('alreadySubmitted');
    expect(removed.actor.getSnapshot().value).toBe('removed');
    expect(failed.actor.getSnapshot().value).toBe('failed');
    expect(failed.actor.getSnapshot().context.error).toBe(MESSAGES.checkConnection);
    failed.actor.send({ type: 'attempt.retry' });
    await settle();
    expect(failed.actor.getSnapshot().value).toEqual({ running: 'answering' });
  });

  it('opens a kept attempt from the device when the server cannot be reached: kept deadline, kept answers, sent when the link returns', async () => {
    const keptPaper = kept(paper({ deadlineAt: at(20 * 60_000), savedAnswers: [{ questionId: 'q2', answer: [3], extra: [], answerIndex: null, timestamp: 10 }] }), {
      q1: storedAnswer(2, 20),
    });
    const { actor, children, device, log, setOnline, clock } = start({ papers: [networkError], kept: keptPaper, send: async () => Promise.reject(networkError) });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ running: 'answering' });
    expect(actor.getSnapshot().context.timing).toEqual(keptPaper.timing);
    const remaining = children().timer!.getSnapshot().context.remainingMs;
    expect(remaining).toBeGreaterThan(19 * 60_000);
    expect(remaining).toBeLessThanOrEqual(20 * 60_000);
    expect(Object.keys(children().outbox!.getSnapshot().context.entries).sort()).toEqual(['q1', 'q2']);
    expect(device).toEqual(['read kept', `keep e1 until ${at(20 * 60_000)}`, 'exam running']);
    // The kept answer was tried and stays on the device; it goes again when the link returns.
    expect(log.filter((line) => line.startsWith('send'))).toEqual(['send q1=[2]']);
    expect(children().outbox!.getSnapshot().context.entries.q1?.delivered).toBe(false);
    setOnline(false);
    setOnline(true);
    await settle();
    clock.increment(1000);
    await settle();
    expect(log.filter((line) => line.startsWith('send')).length).toBeGreaterThan(1);
  });

  it('says the connection is lost when nothing was kept, and does not open a kept attempt for other failures', async () => {
    const nothingKept = start({ papers: [networkError] });
    const serverDown = start({ papers: [serverError], kept: kept(paper()) });
    await settle();
    expect(nothingKept.actor.getSnapshot().value).toBe('failed');
    expect(nothingKept.actor.getSnapshot().context.error).toBe(MESSAGES.checkConnection);
    expect(serverDown.actor.getSnapshot().value).toBe('failed');
    expect(serverDown.device).toEqual([]);
  });

  it('keeps the running attempt on the device, marks the exam running until it ends, and forgets it once submitted', async () => {
    const running = start({ papers: [paper()] });
    const submitted = start({ papers: [paper({ submittedAt: at(-5000) })] });
    await settle();
    expect(running.device).toEqual([`keep e1 until ${at(30 * 60_000)}`, 'exam running']);
    expect(submitted.device).toEqual(['forget kept']);
    running.children().outbox!.send({ type: 'answer.choose', questionId: 'q1', questionNumber: 1, questionType: 'MCQ', optionCount: 4, answer: [0], timestamp: Date.now() });
    await settle();
    running.children().submission!.send({ type: 'exam.submit' });
    running.children().submission!.send({ type: 'submission.confirm' });
    await settle();
    expect(running.children().submission!.getSnapshot().status).toBe('done');
    expect(running.device.at(-1)).toBe('forget kept');
    running.actor.stop();
    expect(running.device.at(-1)).toBe('exam ended');
  });

  it("starts the outbox from the device's answers joined with the server's and sends the undelivered one", async () => {
    const { children, log } = start({
      papers: [paper({ savedAnswers: [{ questionId: 'q2', answer: [3], extra: [], answerIndex: null, timestamp: 10 }] })],
      stored: { q1: storedAnswer(2, 20) },
    });
    await settle();
    const entries = children().outbox!.getSnapshot().context.entries;
    expect(Object.keys(entries).sort()).toEqual(['q1', 'q2']);
    expect(log).toContain('send q1=[2]');
  });

  it('closes the answers and opens the time-over modal when the countdown runs out', async () => {
    const { children } = start({ papers: [paper({ deadlineAt: at(-1000) })] });
    await settle();
    expect(children().timer!.getSnapshot().value).toBe('timeOver');
    expect(children().submission!.getSnapshot().value).toBe('timeOver');
    expect(children().outbox!.getSnapshot().context.accepting).toBe(false);
  });

  it("counts answers for the submission, delivers every answer (another tab's too) before submitting, then submits", async () => {
    const { children, log, clock } = start({ papers: [paper()], otherTab: { q2: storedAnswer(1, Date.now() + 60_000) } });
    await settle();
    const submission = children().submission!;
    submission.send({ type: 'exam.submit' });
    expect(log).toContain(`alert: ${submissionMessages.nothingAnswered}`);
    children().outbox!.send({ type: 'answer.choose', questionId: 'q1', questionNumber: 1, questionType: 'MCQ', optionCount: 4, answer: [0], timestamp: Date.now() });
    await settle();
    expect(submission.getSnapshot().context.answered).toBe(1);
    submission.send({ type: 'exam.submit' });
    submission.send({ type: 'submission.confirm' });
    await settle();
    // The other tab's answer is sent as an answer kept offline: one second apart from the next.
    clock.increment(1000);
    await settle();
    expect(submission.getSnapshot().status).toBe('done');
    expect(log.filter((line) => line !== `alert: ${submissionMessages.nothingAnswered}`)).toEqual(['load paper', 'send q1=[0]', 'send q2=[1]', 'submit', 'clear', `success: ${submissionMessages.submitted}`, 'leave']);
  });

  it('reopens the confirm modal with the connection message when an answer could not be delivered', async () => {
    const { children, log, clock } = start({ papers: [paper()], send: async () => Promise.reject(networkError) });
    await settle();
    children().outbox!.send({ type: 'answer.choose', questionId: 'q1', questionNumber: 1, questionType: 'MCQ', optionCount: 4, answer: [0], timestamp: Date.now() });
    for (let i = 0; i < 3; i += 1) {
      await settle();
      clock.increment(1000);
    }
    await settle();
    expect(children().outbox!.getSnapshot().context.entries.q1?.offline).toBe(true);
    const submission = children().submission!;
    submission.send({ type: 'exam.submit' });
    submission.send({ type: 'submission.confirm' });
    for (let i = 0; i < 3; i += 1) {
      await settle();
      clock.increment(1000);
    }
    await settle();
    expect(submission.getSnapshot().value).toBe('confirming');
    expect(log.at(-1)).toBe(`error: ${submissionMessages.failedOffline}`);
    expect(log).not.toContain('submit');
  });

  it('tells the outbox and the submission when the connection goes and returns', async () => {
    const { children, setOnline, actor } = start({ papers: [paper()] });
    await settle();
    setOnline(false);
    expect(actor.getSnapshot().context.online).toBe(false);
    expect(children().outbox!.getSnapshot().context.online).toBe(false);
    expect(children().submission!.getSnapshot().context.online).toBe(false);
    setOnline(true);
    expect(children().outbox!.getSnapshot().context.online).toBe(true);
    expect(children().submission!.getSnapshot().context.online).toBe(true);
  });
});
