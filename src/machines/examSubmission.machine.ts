// Final submission of an exam: confirm (or time over), deliver every answer still kept offline,
// then submit. A failure reopens the modal it came from so the student can try again. The exam
// attempt (its parent) delivers the answers when this enters `flushing` and tells the outcome.
import { assign, setup, fromPromise } from 'xstate';
import { failureOf } from '../domain/failures';
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
  /** Questions answered so far (the outbox's count, kept current by the exam attempt). */
  answered: number;
  /** The modal a failed submission returns to. */
  returnTo: 'confirming' | 'timeOver';
  /** Whether the last failure was for want of a connection. */
  failedOffline: boolean;
}

export type ExamSubmissionEvent =
  | { type: 'exam.submit' }
  | { type: 'exam.timeOver' }
  | { type: 'answers.counted'; answered: number }
  | { type: 'answers.delivered' }
  | { type: 'answers.undelivered' }
  | { type: 'submission.confirm' }
  | { type: 'submission.cancel' }
  | { type: 'connection.online' }
  | { type: 'connection.offline' };

export interface ExamSubmissionInput {
  examId: string;
  groupId: string;
  isPracticeExam: boolean;
  online: boolean;
  answered: number;
}

export const examSubmissionMachine = setup({
  types: {} as { context: ExamSubmissionContext; events: ExamSubmissionEvent; input: ExamSubmissionInput },
  actors: {
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
    noteFailure: assign({ failedOffline: ({ context }, params: { error: unknown }) => !context.online || failureOf(params.error).network === true }),
  },
  guards: {
    nothingSaved: ({ context }) => context.answered <= 0,
    online: ({ context }) => context.online,
    offline: ({ context }) => !context.online,
    fromTimeOver: ({ context }) => context.returnTo === 'timeOver',
    accepted: (_, params: { output: SubmitExamOutput }) => params.output.status === '200',
  },
}).createMachine({
  id: 'examSubmission',
  description: 'Submit flow: blocked if nothing is answered, a confirmation modal, offline answers flushed first, then the final submit; on failure the modal shows again.',
  meta: { spec: '§4 States and transitions — Submit flow, Exam timing' },
  context: ({ input }) => ({ ...input, returnTo: 'confirming', failedOffline: false }),
  initial: 'answering',
  on: {
    'connection.online': { description: 'The connection came back: Submit is enabled again', actions: assign({ online: true }) },
    'connection.offline': { description: 'The connection dropped: the confirm modal says so and disables Submit', actions: assign({ online: false }) },
    'answers.counted': { description: 'The number of answered questions changed', actions: assign({ answered: ({ event }) => event.answered }) },
  },
  states: {
    answering: {
      description: 'The questions with the Submit button in the sticky footer.',
      on: {
        'exam.submit': [
          { guard: 'nothingSaved', description: 'The student presses Submit with nothing answered: an alert blocks it', actions: { type: 'alert', params: { message: submissionMessages.nothingAnswered } } },
          { target: 'confirming', description: 'The student presses Submit' },
        ],
        'exam.timeOver': { target: 'timeOver', description: 'The countdown reached zero' },
      },
    },
    confirming: {
      description: "Confirm modal; offline it says so and Submit is disabled",
      entry: assign({ returnTo: 'confirming' }),
      on: {
        'submission.confirm': { guard: 'online', target: 'flushing', description: 'The student confirms the submission' },
        'submission.cancel': { target: 'answering', description: 'The student cancels: back to the questions' },
        'exam.timeOver': { target: 'timeOver', description: 'The countdown reached zero' },
      },
    },
    timeOver: {
      description: "'Exam time is over!' modal; its Ok submits",
      entry: assign({ returnTo: 'timeOver' }),
      on: {
        'submission.confirm': [
          { guard: 'offline', description: 'The student presses Ok while offline: an alert asks to reconnect', actions: { type: 'alert', params: { message: submissionMessages.offlineAtTimeOver } } },
          { target: 'flushing', description: 'The student presses Ok: the exam is submitted' },
        ],
      },
    },
    flushing: {
      description: 'Answers kept offline are delivered before the final submit',
      tags: ['submitting'],
      on: {
        'answers.delivered': { target: 'submitting', description: 'Every answer reached the server' },
        'answers.undelivered': { target: 'failed', description: 'Some answers could not be delivered: the connection is the reason', actions: assign({ failedOffline: true }) },
        'exam.timeOver': { description: 'Time ran out meanwhile: a failure reopens the time-over modal', actions: assign({ returnTo: 'timeOver' }) },
      },
    },
    submitting: {
      description: 'The final submit is sent with the candidate category, faculty and subject stored on the device.',
      tags: ['submitting'],
      invoke: {
        src: 'submitExam',
        input: ({ context }) => ({ examId: context.examId, groupId: context.groupId }),
        onDone: [
          {
            guard: { type: 'accepted', params: ({ event }) => ({ output: event.output }) },
            target: 'submitted',
            description: "The server answered status '200': local data is cleared, success shows, and the student goes to the result (practice) or /exams (live)",
            actions: [
              'clearLocalData',
              { type: 'notify', params: { kind: 'success', message: submissionMessages.submitted } },
              { type: 'leaveExam', params: ({ context }) => ({ examId: context.examId, groupId: context.groupId, isPracticeExam: context.isPracticeExam }) },
            ],
          },
          { target: 'failed', description: 'The server did not accept the submission', actions: assign({ failedOffline: false }) },
        ],
        onError: { target: 'failed', description: 'The submission failed (the server or the connection)', actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: { 'exam.timeOver': { description: 'Time ran out meanwhile: a failure reopens the time-over modal', actions: assign({ returnTo: 'timeOver' }) } },
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
    submitted: { type: 'final', description: 'Submitted: the student has left the exam screen.' },
  },
});
