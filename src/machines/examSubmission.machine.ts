// Final submission of an exam: confirm (or time over), deliver every answer still kept offline,
// then submit. A failure reopens the modal it came from so the student can try again.
import { assign, setup, fromPromise } from 'xstate';
import { MESSAGES } from '../domain/messages';

export const submissionMessages = {
  nothingAnswered: MESSAGES.nothingAnswered,
  confirm: MESSAGES.confirmSubmit,
  offlineInConfirm: MESSAGES.offlineInConfirm,
  timeOver: MESSAGES.timeOver,
  offlineAtTimeOver: MESSAGES.offlineAtTimeOver,
  failedOffline: MESSAGES.checkConnection,
  failed: MESSAGES.somethingWentWrong,
  submitted: MESSAGES.answerSubmitted,
} as const;

export interface SubmitExamInput {
  examId: string;
  groupId: string;
}

export interface SubmitExamOutput {
  status: string;
  resultId?: string;
  isPracticeExam?: boolean;
}

export interface ExamSubmissionContext {
  examId: string;
  groupId: string;
  isPracticeExam: boolean;
  online: boolean;
  /** The modal a failed submission returns to. */
  returnTo: 'confirming' | 'timeOver';
  /** Whether the last failure was for want of a connection. */
  failedOffline: boolean;
}

export type ExamSubmissionEvent =
  | { type: 'exam.submit'; savedCount: number }
  | { type: 'exam.timeOver' }
  | { type: 'submission.confirm' }
  | { type: 'submission.cancel' }
  | { type: 'connection.online' }
  | { type: 'connection.offline' };

export interface ExamSubmissionInput {
  examId: string;
  groupId: string;
  isPracticeExam: boolean;
  online: boolean;
}

const isNetworkFailure = (error: unknown) => !!error && typeof error === 'object' && (error as { network?: boolean }).network === true;

export const examSubmissionMachine = setup({
  types: {} as { context: ExamSubmissionContext; events: ExamSubmissionEvent; input: ExamSubmissionInput },
  actors: {
    /** Delivers every answer still kept on the device; fails when some could not be delivered. */
    flushOutbox: fromPromise<void, void>(async () => {
      throw new Error('provide flushOutbox');
    }),
    /** PATCH /exam/submit with candidateCategory, facultyName and subjectName from local storage. */
    submitExam: fromPromise<SubmitExamOutput, SubmitExamInput>(async () => {
      throw new Error('provide submitExam');
    }),
  },
  actions: {
    alert: (_, _params: { message: string }) => {},
    notify: (_, _params: { kind: 'success' | 'error'; message: string }) => {},
    /** Removes this exam's saved answers and selections from the device. */
    clearLocalData: () => {},
    /** Practice: to /result/{examId}/{groupId}; live: to /exams. */
    leaveExam: (_, _params: { examId: string; groupId: string; isPracticeExam: boolean }) => {},
    /** Stops the outbox from taking new answers. */
    closeAnswers: () => {},
    noteFailure: assign({ failedOffline: ({ context, event }) => !context.online || isNetworkFailure((event as { error?: unknown }).error) }),
  },
  guards: {
    nothingSaved: ({ event }) => event.type === 'exam.submit' && event.savedCount <= 0,
    online: ({ context }) => context.online,
    offline: ({ context }) => !context.online,
    fromTimeOver: ({ context }) => context.returnTo === 'timeOver',
    accepted: ({ event }) => (event as { output?: SubmitExamOutput }).output?.status === '200',
  },
}).createMachine({
  id: 'examSubmission',
  context: ({ input }) => ({ ...input, returnTo: 'confirming', failedOffline: false }),
  initial: 'answering',
  on: {
    'connection.online': { actions: assign({ online: true }) },
    'connection.offline': { actions: assign({ online: false }) },
  },
  states: {
    answering: {
      on: {
        'exam.submit': [
          { guard: 'nothingSaved', actions: { type: 'alert', params: { message: submissionMessages.nothingAnswered } } },
          { target: 'confirming' },
        ],
        'exam.timeOver': 'timeOver',
      },
    },
    confirming: {
      description: "Confirm modal; offline it says so and Submit is disabled",
      entry: assign({ returnTo: 'confirming' }),
      on: {
        'submission.confirm': { guard: 'online', target: 'flushing' },
        'submission.cancel': 'answering',
        'exam.timeOver': 'timeOver',
      },
    },
    timeOver: {
      description: "'Exam time is over!' modal; its Ok submits",
      entry: [assign({ returnTo: 'timeOver' }), 'closeAnswers'],
      on: {
        'submission.confirm': [
          { guard: 'offline', actions: { type: 'alert', params: { message: submissionMessages.offlineAtTimeOver } } },
          { target: 'flushing' },
        ],
      },
    },
    flushing: {
      description: 'Answers kept offline are delivered before the final submit',
      tags: ['submitting'],
      invoke: {
        src: 'flushOutbox',
        onDone: 'submitting',
        onError: { target: 'failed', actions: 'noteFailure' },
      },
      on: { 'exam.timeOver': { actions: assign({ returnTo: 'timeOver' }) } },
    },
    submitting: {
      tags: ['submitting'],
      invoke: {
        src: 'submitExam',
        input: ({ context }) => ({ examId: context.examId, groupId: context.groupId }),
        onDone: [
          {
            guard: 'accepted',
            target: 'submitted',
            actions: [
              'closeAnswers',
              'clearLocalData',
              { type: 'notify', params: { kind: 'success', message: submissionMessages.submitted } },
              { type: 'leaveExam', params: ({ context }) => ({ examId: context.examId, groupId: context.groupId, isPracticeExam: context.isPracticeExam }) },
            ],
          },
          { target: 'failed', actions: assign({ failedOffline: false }) },
        ],
        onError: { target: 'failed', actions: 'noteFailure' },
      },
      on: { 'exam.timeOver': { actions: assign({ returnTo: 'timeOver' }) } },
    },
    failed: {
      description: 'Tell why, then reopen the modal the submission came from',
      always: [
        {
          guard: 'fromTimeOver',
          target: 'timeOver',
          actions: { type: 'notify', params: ({ context }) => ({ kind: 'error' as const, message: context.failedOffline ? submissionMessages.failedOffline : submissionMessages.failed }) },
        },
        {
          target: 'confirming',
          actions: { type: 'notify', params: ({ context }) => ({ kind: 'error' as const, message: context.failedOffline ? submissionMessages.failedOffline : submissionMessages.failed }) },
        },
      ],
    },
    submitted: { type: 'final' },
  },
});
