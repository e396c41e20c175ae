// One attempt at an exam, from opening to submission (spec §4, Live exam). Opening: the paper is
// loaded; an attempt not started yet is started on the server's clock and the paper loaded again
// (only then are the questions handed out); an exam already submitted, an exam removed from the
// batch and a failure (with Try again) are states of their own. Running: the attempt invokes the
// answer outbox, the countdown and the submission as children and coordinates them, so the exam
// screen only renders:
//   - the countdown running out opens the submission's time-over modal;
//   - time over or a finished submission closes the outbox to new answers;
//   - the submission's "deliver every answer first" step is done here, on the outbox;
//   - the answered count reaches the submission (nothing answered: no confirm modal);
//   - the connection, another tab's stored answers and the page waking up reach the children.
// A running attempt is kept on the device (paper, deadline, clock offset), so when the server cannot
// be reached (a reload or a cold open offline) the attempt opens from the device and runs as usual:
// the countdown goes on from the kept deadline and answers wait in the outbox until the link returns.
import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup, waitFor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AnswerValue, CurrentExam, StartedAttempt } from '../contracts/exams';
import { mergeSavedAnswers, type SavedAnswers } from '../domain/savedAnswers';
import { responseCount } from '../domain/scoring';
import { meansExamRemoved } from '../domain/examErrors';
import { failureOf } from '../domain/failures';
import { failureWords } from '../domain/messages';
import { answeredCount, answerOutboxMachine } from './answerOutbox.machine';
import { examTimerMachine, type ServerTiming } from './examTimer.machine';
import { examSubmissionMachine } from './examSubmission.machine';

/** The started attempt with the device time its answer arrived (the countdown corrects the device clock by it). */
export interface StartedAt {
  started: StartedAttempt;
  receivedAt: number;
}

/** The paper, the answers this device stored for the exam, and the device time the paper arrived. */
export interface OpenedPaper {
  exam: CurrentExam;
  stored: SavedAnswers;
  receivedAt: number;
}

/** A running attempt kept on this device, with the answers stored for it: what opens the exam offline. */
export interface KeptPaper extends OpenedPaper {
  timing: ServerTiming;
}

export interface ExamAttemptInput {
  examId: string;
  groupId: string;
  studentId: string;
  online: boolean;
}

export interface ExamAttemptContext extends ExamAttemptInput {
  exam: CurrentExam | null;
  /** The device's answers joined with the server's: what the outbox starts from. */
  saved: SavedAnswers;
  timing: ServerTiming | null;
  /** What the failed state tells the student. */
  error: string | null;
  /** Whether the countdown was last seen over (so time over is announced once per run-out). */
  timeUp: boolean;
  /** Questions answered, as last told to the submission. */
  answered: number;
}

export type ExamAttemptEvent =
  | { type: 'attempt.retry' }
  | { type: 'connection.online' }
  | { type: 'connection.offline' }
  /** Another tab of this exam stored answers (or the stored answers were read before submitting). */
  | { type: 'page.answersStored'; stored: SavedAnswers }
  /** The page became visible again (tab shown, phone unlocked). */
  | { type: 'page.visible' }
  /** The page is being hidden or left (tab switched, phone locked, closed): a choice waiting for its pause goes now. */
  | { type: 'page.hidden' }
  /** The submission child changed (sent by XState for the invoked submission). */
  | { type: 'xstate.snapshot.submission'; snapshot: SubmissionSnapshot };

/** Events the page watcher takes: read the stored answers now (before the final submit). */
export type PageWatcherEvent = { type: 'page.readAnswers' };

export type OutboxActor = ActorRefFrom<typeof answerOutboxMachine>;

/** Every answer on the device delivered, or a failure when some could not be. */
const deliverEveryAnswer = fromPromise<void, { outbox: OutboxActor | undefined }>(async ({ input }) => {
  const { outbox } = input;
  if (!outbox) throw new Error('The answers are not open.');
  // The stored answers of other tabs were asked for in the same step; they reach the outbox before this goes on.
  await Promise.resolve();
  outbox.send({ type: 'outbox.flush' });
  const settled = await waitFor(outbox, (s) => s.matches('idle') && s.context.queue.length === 0, { timeout: 120_000 });
  if (Object.values(settled.context.entries).some((entry) => !entry.delivered)) throw new Error('Some answers are still on this device.');
});

type SubmissionSnapshot = SnapshotFrom<typeof examSubmissionMachine>;

const receivedTiming = (started: StartedAttempt, receivedAt: number): ServerTiming => ({ deadlineAt: started.deadlineAt, serverNow: started.serverNow, receivedAt });

const attemptSetup = setup({
  types: {} as {
    context: ExamAttemptContext;
    events: ExamAttemptEvent;
    input: ExamAttemptInput;
    children: {
      outbox: 'answerOutbox';
      timer: 'examTimer';
      submission: 'examSubmission';
      page: 'watchPage';
      connection: 'watchConnection';
      delivery: 'deliverEveryAnswer';
      examRunning: 'markExamRunning';
    };
  },
  actors: {
    /** GET the exam with its questions and the answers saved on the server. */
    loadPaper: fromPromise<OpenedPaper, { examId: string; groupId: string }>(async () => {
      throw new Error('provide loadPaper');
    }),
    /** PATCH /exam/start: the server's clock starts the attempt. */
    startAttempt: fromPromise<StartedAt, { examId: string; groupId: string }>(async () => {
      throw new Error('provide startAttempt');
    }),
    /** The running attempt this device kept for the exam and student, or null when none was kept. */
    loadKeptAttempt: fromPromise<KeptPaper | null, { studentId: string; examId: string; groupId: string }>(async () => {
      throw new Error('provide loadKeptAttempt');
    }),
    /** Tells the device an exam is running while it runs (a new app version waits for its end). */
    markExamRunning: fromCallback(() => () => {}),
    answerOutbox: answerOutboxMachine,
    examTimer: examTimerMachine,
    examSubmission: examSubmissionMachine,
    /** Storage changes by other tabs (page.answersStored), the page becoming visible (page.visible) or hidden (page.hidden); on page.readAnswers, the stored answers now. */
    watchPage: fromCallback<PageWatcherEvent, { studentId: string; examId: string }>(() => () => {}),
    /** The app's connection: connection.online / connection.offline as it changes. */
    watchConnection: fromCallback(() => () => {}),
    deliverEveryAnswer,
  },
  actions: {
    noteFailure: assign({ error: (_, params: { error: unknown }) => failureWords(params.error).title }),
    /** Keeps the running attempt (context.exam, context.timing) on the device for an offline opening. */
    keepAttempt: () => {},
    /** Forgets the attempt kept on the device (submitted, found submitted, removed). */
    forgetKeptAttempt: () => {},
    /** The spec's toast 'This exam has been removed from your group', beside the screen's modal; the group is loaded again. */
    notifyRemoved: (_, _params: { groupId: string }) => {},
  },
  guards: {
    submitted: (_, params: { exam: CurrentExam }) => !!params.exam.submittedAt,
    started: (_, params: { exam: CurrentExam }) => !!params.exam.studentStartsAt && !!params.exam.deadlineAt,
    removed: (_, params: { error: unknown }) => meansExamRemoved(failureOf(params.error)),
    /** No answer came at all: offline, or the server out of reach. */
    unreachable: (_, params: { error: unknown }) => failureOf(params.error).network === true,
    kept: (_, params: { kept: KeptPaper | null }) => params.kept !== null,
    /** The submission (its latest snapshot) is in the given state. */
    submissionIn: (_, params: { snapshot: SubmissionSnapshot; state: 'flushing' }) => params.snapshot.matches(params.state),
  },
});

/** A failed step while opening: the exam left the batch, or something else went wrong (Try again). */
const openingFailed = [
  { guard: { type: 'removed' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, target: '#examAttempt.removed', description: 'The exam is no longer in the student\'s group' },
  { target: '#examAttempt.failed', description: 'The server or the connection failed', actions: { type: 'noteFailure' as const, params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } },
];

export const examAttemptMachine = attemptSetup.createMachine({
  id: 'examAttempt',
  description: 'The live exam screen: opens the attempt, then runs the answers, the countdown and the submission together.',
  meta: { spec: '§2 Live exam screen; §4 States and transitions — Answer state, Exam timing, Submit flow' },
  context: ({ input }) => ({ ...input, exam: null, saved: {}, timing: null, error: null, timeUp: false, answered: 0 }),
  initial: 'loadingPaper',
  invoke: { id: 'connection', src: 'watchConnection' },
  on: {
    'connection.online': { description: 'The connection came back', actions: assign({ online: true }) },
    'connection.offline': { description: 'The connection dropped', actions: assign({ online: false }) },
  },
  states: {
    loadingPaper: {
      description: "'Loading exam…': the exam with its questions and the answers the server holds",
      invoke: {
        src: 'loadPaper',
        input: ({ context }) => ({ examId: context.examId, groupId: context.groupId }),
        onDone: [
          {
            guard: { type: 'submitted', params: ({ event }) => ({ exam: event.output.exam }) },
            target: 'alreadySubmitted',
            description: 'The student has already submitted this exam',
            actions: assign({ exam: ({ event }) => event.output.exam }),
          },
          {
            guard: { type: 'started', params: ({ event }) => ({ exam: event.output.exam }) },
            target: 'running',
            description: 'Started before (a reload, another device): the countdown goes on from the server\'s deadline',
            actions: assign({
              exam: ({ event }) => event.output.exam,
              saved: ({ event }) => savedAnswersOf(event.output),
              timing: ({ event }) => ({ deadlineAt: event.output.exam.deadlineAt!, serverNow: event.output.exam.serverNow, receivedAt: event.output.receivedAt }),
            }),
          },
          { target: 'starting', description: 'Not started yet: ask the server to start the attempt' },
        ],
        onError: [
          {
            guard: { type: 'unreachable', params: ({ event }) => ({ error: event.error }) },
            target: 'openingKept',
            description: 'The server cannot be reached: look for this attempt kept on the device',
            actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
          },
          ...openingFailed,
        ],
      },
    },
    openingKept: {
      description: "'Loading exam…' with no connection: the paper, deadline and answers this device kept for the running attempt",
      invoke: {
        src: 'loadKeptAttempt',
        input: ({ context }) => ({ studentId: context.studentId, examId: context.examId, groupId: context.groupId }),
        onDone: [
          {
            guard: { type: 'kept', params: ({ event }) => ({ kept: event.output }) },
            target: 'running',
            description: 'The attempt was kept: it opens from the device, the countdown goes on from the kept deadline and answers wait to be sent',
            actions: assign({
              exam: ({ event }) => event.output!.exam,
              saved: ({ event }) => savedAnswersOf(event.output!),
              timing: ({ event }) => event.output!.timing,
            }),
          },
          { target: 'failed', description: 'Nothing kept for this exam: the connection message with Try again' },
        ],
        onError: { target: 'failed', description: 'What was kept could not be read: the connection message with Try again' },
      },
    },
    starting: {
      description: "'Loading exam…': the server starts the attempt on its clock",
      invoke: {
        src: 'startAttempt',
        input: ({ context }) => ({ examId: context.examId, groupId: context.groupId }),
        onDone: {
          target: 'loadingStartedPaper',
          description: "The attempt started: the server's deadline is kept for the countdown",
          actions: assign({ timing: ({ event }) => receivedTiming(event.output.started, event.output.receivedAt) }),
        },
        onError: openingFailed,
      },
    },
    loadingStartedPaper: {
      description: "'Loading exam…': the questions, handed out once the attempt has started",
      invoke: {
        src: 'loadPaper',
        input: ({ context }) => ({ examId: context.examId, groupId: context.groupId }),
        onDone: {
          target: 'running',
          description: 'The questions arrived: the exam begins',
          actions: assign({
            exam: ({ context, event }) => ({ ...event.output.exam, studentStartsAt: event.output.exam.studentStartsAt ?? context.timing!.serverNow, deadlineAt: context.timing!.deadlineAt }),
            saved: ({ event }) => savedAnswersOf(event.output),
          }),
        },
        onError: openingFailed,
      },
    },
    alreadySubmitted: {
      description: "'You have already submitted this exam.' with Back and View Result",
      entry: 'forgetKeptAttempt',
    },
    removed: {
      description: "'This exam has been removed from your group' toast and modal, the group loaded again; Back goes to the exams list",
      entry: ['forgetKeptAttempt', { type: 'notifyRemoved', params: ({ context }) => ({ groupId: context.groupId }) }],
    },
    failed: {
      description: 'Why the exam could not be opened (the connection message offline), with Try again',
      on: { 'attempt.retry': { target: 'loadingPaper', description: 'The student presses Try again', actions: assign({ error: null }) } },
    },
    running: {
      description: 'Questions, countdown and Submit: answers go through the outbox, the submission runs its modals',
      initial: 'answering',
      entry: 'keepAttempt',
      invoke: [
        { id: 'examRunning', src: 'markExamRunning' },
        {
          id: 'outbox',
          src: 'answerOutbox',
          input: ({ context }) => outboxInput(context),
          onSnapshot: {
            description: 'The answered count changed: the submission learns it',
            actions: enqueueActions(({ context, event, enqueue }) => {
              const answered = answeredCount(event.snapshot.context.entries);
              if (answered === context.answered) return;
              enqueue.assign({ answered });
              enqueue.sendTo('submission', { type: 'answers.counted', answered });
            }),
          },
        },
        {
          id: 'timer',
          src: 'examTimer',
          input: ({ context }) => ({ ...context.timing!, deviceNow: () => Date.now() }),
          onSnapshot: {
            description: 'The countdown ran out: close the answers and open the time-over modal (once per run-out)',
            actions: enqueueActions(({ context, event, enqueue }) => {
              const over = event.snapshot.matches('timeOver');
              if (over === context.timeUp) return;
              enqueue.assign({ timeUp: over });
              if (!over) return;
              // The submission's time-over modal follows; its Ok submits.
              enqueue.sendTo('outbox', { type: 'outbox.close' });
              enqueue.sendTo('submission', { type: 'exam.timeOver' });
            }),
          },
        },
        {
          id: 'submission',
          src: 'examSubmission',
          input: ({ context }) => ({
            examId: context.examId,
            groupId: context.groupId,
            isPracticeExam: context.exam!.isPracticeExam,
            online: context.online,
            answered: context.answered,
          }),
          onSnapshot: {
            guard: { type: 'submissionIn', params: ({ event }) => ({ snapshot: event.snapshot, state: 'flushing' as const }) },
            target: '.delivering',
            description: 'The submission asks for every answer to be delivered first',
          },
          onDone: {
            description: 'Submitted: the outbox takes no new answers and the device forgets the kept attempt',
            actions: [sendTo('outbox', { type: 'outbox.close' }), 'forgetKeptAttempt'],
          },
        },
        { id: 'page', src: 'watchPage', input: ({ context }) => ({ studentId: context.studentId, examId: context.examId }) },
      ],
      on: {
        'connection.online': {
          description: 'Coming back: a notification shows, answers kept offline are sent, Submit works again',
          actions: [assign({ online: true }), sendTo('outbox', { type: 'connection.online' }), sendTo('submission', { type: 'connection.online' })],
        },
        'connection.offline': {
          description: 'Going offline: the banner shows, answers stay on the device, Submit waits',
          actions: [assign({ online: false }), sendTo('outbox', { type: 'connection.offline' }), sendTo('submission', { type: 'connection.offline' })],
        },
        'page.answersStored': {
          description: "Another tab's newer undelivered answers are taken over",
          actions: sendTo('outbox', ({ event }) => ({ type: 'outbox.adopt' as const, stored: event.stored })),
        },
        'page.visible': { description: 'Measure the remaining time at once', actions: sendTo('timer', { type: 'timer.check' }) },
        'page.hidden': { description: 'The page is hidden or left: every answer not delivered is sent now', actions: sendTo('outbox', { type: 'outbox.flush' }) },
      },
      states: {
        answering: { description: 'The student answers; the footer counts answered, responses and offline-saved answers.' },
        delivering: {
          description: "Answers kept on the device (this tab's and other tabs') are sent before the final submit",
          entry: sendTo('page', { type: 'page.readAnswers' }),
          on: { 'xstate.snapshot.submission': { description: 'Already delivering: the submission waits for the outcome' } },
          invoke: {
            id: 'delivery',
            src: 'deliverEveryAnswer',
            // The attempt's own outbox child (absent only while a path generator walks the chart without running it).
            input: ({ self }) => ({ outbox: self.getSnapshot()?.children?.outbox }),
            onDone: { target: 'answering', description: 'Every answer is delivered: the final submit goes on', actions: sendTo('submission', { type: 'answers.delivered' }) },
            onError: { target: 'answering', description: 'Some answers could not be delivered: the submission fails and says so', actions: sendTo('submission', { type: 'answers.undelivered' }) },
          },
        },
      },
    },
  },
});

/** Joins the answers stored on this device with those the server holds (the newer one wins). */
function savedAnswersOf({ exam, stored }: OpenedPaper): SavedAnswers {
  const byId = Object.fromEntries(
    exam.questions.map((q) => [q._id, { type: q.type, count: (answer: AnswerValue, attachments: number) => responseCount(q.type, q.options.length, answer, attachments) }]),
  );
  return mergeSavedAnswers(stored, exam.savedAnswers, byId);
}

/** What the outbox starts from. */
function outboxInput(context: ExamAttemptContext) {
  const exam = context.exam!;
  return {
    studentId: context.studentId,
    examId: context.examId,
    groupId: context.groupId,
    isLive: !exam.isPracticeExam,
    multipleTimesSubmission: exam.multipleTimesSubmission,
    online: context.online,
    saved: context.saved,
    questionNumbers: Object.fromEntries(exam.questions.map((q, i) => [q._id, i + 1])),
  };
}
