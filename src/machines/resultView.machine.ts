// The student's result of one exam (spec section 2, Result screen; section 4, View Result and Retake).
// It loads the result; a live exam's result that is not published yet tells the student and goes
// back; a shown result can be printed and, for a practice exam, retaken after a confirmation: the
// previous submission is removed on the server, the device's answers are cleared, and the student
// goes to the live exam.
import { assign, fromPromise, setup } from 'xstate';
import type { ResultReply, StudentResult } from '../contracts/results';
import { failureOf } from '../domain/failures';
import { MESSAGES } from '../domain/messages';

export const resultViewMessages = {
  notPublished: MESSAGES.resultNotPublished,
  notPublishedInfo: MESSAGES.resultNotPublishedInfo,
  connectionLost: MESSAGES.connectionLost,
  retakeConfirm: MESSAGES.retakeConfirm,
  removed: MESSAGES.examRemoved,
} as const;

export interface ResultViewInput {
  examId: string;
  groupId: string;
  studentId: string;
}

export interface ResultViewContext extends ResultViewInput {
  result: StudentResult | null;
  /** Why the last load failed: no connection at all, or a refusal. */
  failure: 'network' | 'refused' | null;
}

export type ResultViewEvent = { type: 'retry' } | { type: 'retake.ask' } | { type: 'retake.cancel' } | { type: 'retake.confirm' } | { type: 'print' };

export const resultViewMachine = setup({
  types: {} as { context: ResultViewContext; events: ResultViewEvent; input: ResultViewInput },
  actors: {
    /** GET /exam/result/{examId}/student/by-groupId/{groupId}. */
    loadResult: fromPromise<ResultReply, { examId: string; groupId: string }>(async () => {
      throw new Error('provide loadResult');
    }),
    /** PATCH /exam/retake/{examId}/student-id/{studentId}?groupId=. */
    retakeExam: fromPromise<{ status: string }, { examId: string; studentId: string; groupId: string }>(async () => {
      throw new Error('provide retakeExam');
    }),
  },
  actions: {
    /** A toast: `kind` error for failures, info for the unpublished result. */
    notify: (_, _params: { kind: 'error' | 'info'; title: string; description?: string }) => {},
    /** Shows the failure in the app's one way (showFailure). */
    notifyFailure: (_, _params: { error: unknown }) => {},
    /** Back to where the student came from (My Exams when the result was opened directly). */
    goBack: () => {},
    /** Reload the batch after the exam left it (403 at retake). */
    reloadGroup: (_, _params: { groupId: string }) => {},
    /** The device's saved answers of this exam (answerStore.clearExam). */
    clearSavedAnswers: (_, _params: { examId: string }) => {},
    /** To the live exam (a segmented exam first chooses its subjects again on My Exams). */
    enterExam: (_, _params: { examId: string; groupId: string; isSegmentedExam: boolean; subjectName: string | null }) => {},
    /** The browser's print dialog (the print stylesheet leaves only the result). */
    print: () => {},
  },
  guards: {
    notPublished: (_, params: { reply: ResultReply }) => params.reply.code === 'notPublishedYet',
    networkFailure: (_, params: { error: unknown }) => failureOf(params.error).network === true,
    forbidden: (_, params: { error: unknown }) => failureOf(params.error).status === 403,
    practice: ({ context }) => context.result?.isPracticeExam === true,
    retakeAccepted: (_, params: { output: { status: string } }) => params.output.status === '200',
  },
}).createMachine({
  id: 'resultView',
  context: ({ input }) => ({ ...input, result: null, failure: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadResult',
        input: ({ context }) => ({ examId: context.examId, groupId: context.groupId }),
        onDone: [
          {
            guard: { type: 'notPublished', params: ({ event }) => ({ reply: event.output }) },
            target: 'notPublished',
            actions: { type: 'notify', params: { kind: 'info', title: resultViewMessages.notPublished, description: resultViewMessages.notPublishedInfo } },
          },
          { target: 'shown', actions: assign({ result: ({ event }) => (event.output.code === null ? event.output : null), failure: null }) },
        ],
        onError: [
          {
            guard: { type: 'networkFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: [assign({ failure: 'network' }), { type: 'notify', params: { kind: 'error', title: resultViewMessages.connectionLost } }],
          },
          { target: 'failed', actions: [assign({ failure: 'refused' }), { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }] },
        ],
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    notPublished: {
      description: 'The result is unavailable until the teacher publishes it: the student goes back',
      type: 'final',
      entry: 'goBack',
    },
    shown: {
      on: {
        print: { actions: 'print' },
        'retake.ask': { guard: 'practice', target: 'confirmingRetake' },
      },
    },
    confirmingRetake: {
      on: {
        'retake.cancel': 'shown',
        'retake.confirm': 'retaking',
      },
    },
    retaking: {
      tags: ['busy'],
      invoke: {
        src: 'retakeExam',
        input: ({ context }) => ({ examId: context.examId, studentId: context.studentId, groupId: context.groupId }),
        onDone: [
          {
            guard: { type: 'retakeAccepted', params: ({ event }) => ({ output: event.output }) },
            target: 'left',
            actions: [
              { type: 'clearSavedAnswers', params: ({ context }) => ({ examId: context.examId }) },
              {
                type: 'enterExam',
                params: ({ context }) => ({
                  examId: context.examId,
                  groupId: context.groupId,
                  isSegmentedExam: context.result?.isSegmentedExam ?? false,
                  subjectName: context.result?.subjectName ?? null,
                }),
              },
            ],
          },
          { target: 'shown', actions: { type: 'notify', params: { kind: 'error', title: MESSAGES.unhandledException } } },
        ],
        onError: [
          {
            guard: { type: 'networkFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'shown',
            actions: { type: 'notify', params: { kind: 'error', title: resultViewMessages.connectionLost } },
          },
          {
            guard: { type: 'forbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'shown',
            actions: [
              { type: 'notify', params: { kind: 'error', title: resultViewMessages.removed } },
              { type: 'reloadGroup', params: ({ context }) => ({ groupId: context.groupId }) },
            ],
          },
          { target: 'shown', actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    left: {
      description: 'The previous submission is gone; the student is on the live exam',
      type: 'final',
    },
  },
});
