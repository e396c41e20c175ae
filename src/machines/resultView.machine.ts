// The student's result of one exam (spec section 2, Result screen; section 4, View Result and Retake).
// It loads the result; a live exam's result that is not published yet tells the student and goes
// back; a shown result can be printed and, for a practice exam, retaken after a confirmation: the
// previous submission is removed on the server, the device's answers are cleared, and the student
// goes to the live exam. A live exam's result also loads the student's answer-key challenges, and
// while its window is open a question's "Challenge this answer" invokes the challenge form
// (answerChallenge.machine.ts, child id `challenge`), whose outcome the result keeps; a live notification
// about the result (a regrade) reads it again in place, and the challenges after it, while the form,
// its draft and Print go on working.
import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { ResultReply, StudentResult } from '../contracts/results';
import type { StudentChallenges } from '../contracts/challenges';
import { isChallengeable } from '../domain/challenges';
import { answerChallengeMachine, type AnswerChallengeOutput } from './answerChallenge.machine';
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
  /** A live exam's challenge window and the student's challenges; null for a practice exam or until loaded. */
  challenges: StudentChallenges | null;
  /** The question whose challenge form is open. */
  challengeQuestion: string | null;
  /** The result was read again while the challenge form was open: the challenges are read once it closes. */
  challengesStale: boolean;
}

/** Whether a question takes a new challenge or an edit now: the window open, the question not decided, its challenge (if any) still open. */
function challengeOpen(context: Pick<ResultViewContext, 'result' | 'challenges'>, questionId: string): boolean {
  const { result, challenges } = context;
  if (!result || !challenges?.window.open || challenges.decided.includes(questionId)) return false;
  const answer = result.answers.find((a) => a.questionId._id === questionId);
  if (!answer || !isChallengeable(answer.questionId.type) || answer.questionId.dropped) return false;
  const mine = challenges.challenges.find((c) => c.questionId === questionId);
  return !mine || mine.status === 'open';
}

/** The result keeps what the form last saved, and learns from it that the window closed or a teacher decided. */
function keptChallenges(challenges: StudentChallenges | null, output: AnswerChallengeOutput): StudentChallenges | null {
  if (!challenges) return challenges;
  const saved = output.challenge;
  const list = saved ? [...challenges.challenges.filter((c) => c.questionId !== saved.questionId), saved] : challenges.challenges;
  return {
    ...challenges,
    challenges: list,
    window: output.closedBy === 'window' ? { ...challenges.window, open: false } : challenges.window,
    decided: output.closedBy === 'decided' && !challenges.decided.includes(output.questionId) ? [...challenges.decided, output.questionId] : challenges.decided,
  };
}

export type ResultViewEvent =
  | { type: 'challenge.open'; questionId: string }
  | { type: 'challenges.retry' }
  /** A live notification about this result arrived (a regrade after a key decision). */
  | { type: 'result.changed' }
  /** Raised by the machine when the result has been read again: its challenges are read again too. */
  | { type: 'result.reread' }
  | { type: 'result.retry' } | { type: 'retake.ask' } | { type: 'retake.cancel' } | { type: 'retake.confirm' } | { type: 'result.print' };

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
    /** GET /exam/challenges/{examId}/group/{groupId}: the window and the student's challenges. */
    loadChallenges: fromPromise<StudentChallenges, { examId: string; groupId: string }>(async () => {
      throw new Error('provide loadChallenges');
    }),
    /** Sends result.changed when a live notification about this exam's result arrives (services/notifications). */
    watchResultNews: fromCallback<ResultViewEvent, { examId: string; groupId: string }>(() => () => {}),
    /** One question's challenge form; its implementations come with the parent's `provide`. */
    answerChallenge: answerChallengeMachine,
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
    live: ({ context }) => context.result !== null && !context.result.isPracticeExam,
    challengeOpen: ({ context }, params: { questionId: string }) => challengeOpen(context, params.questionId),
    retakeAccepted: (_, params: { output: { status: string } }) => params.output.status === '200',
    challengesStale: ({ context }) => context.challengesStale,
  },
}).createMachine({
  id: 'resultView',
  description: "The result screen of one exam: PASSED or FAILED, the statistics and every question with its answer; Print, and Retake Exam for a practice exam after a confirmation.",
  meta: { spec: '§2 Result screen; §4 States and transitions — View Result, Retake' },
  context: ({ input }) => ({ ...input, result: null, failure: null, challenges: null, challengeQuestion: null, challengesStale: false }),
  initial: 'loading',
  states: {
    loading: {
      description: 'Loading result…: the result of this exam is read from the server.',
      tags: ['loading'],
      invoke: {
        src: 'loadResult',
        input: ({ context }) => ({ examId: context.examId, groupId: context.groupId }),
        onDone: [
          {
            guard: { type: 'notPublished', params: ({ event }) => ({ reply: event.output }) },
            target: 'notPublished',
            description: 'The teacher has not published the result yet: the student is told so',
            actions: { type: 'notify', params: { kind: 'info', title: resultViewMessages.notPublished, description: resultViewMessages.notPublishedInfo } },
          },
          { target: 'shown', description: 'The result arrived: the result screen shows', actions: assign({ result: ({ event }) => (event.output.code === null ? event.output : null), failure: null }) },
        ],
        onError: [
          {
            guard: { type: 'networkFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            description: "No connection: 'Internet connection lost.' shows with Try again",
            actions: [assign({ failure: 'network' }), { type: 'notify', params: { kind: 'error', title: resultViewMessages.connectionLost } }],
          },
          { target: 'failed', description: 'The server refused the result: the reason shows, with Back', actions: [assign({ failure: 'refused' }), { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }] },
        ],
      },
    },
    failed: {
      description: 'The result could not be shown: Back, and Try again when the connection was lost.',
      on: { 'result.retry': { target: 'loading', description: 'The student presses Try again' } },
    },
    notPublished: {
      description: 'The result is unavailable until the teacher publishes it: the student goes back',
      type: 'final',
      entry: 'goBack',
    },
    shown: {
      description: 'The result screen: PASSED or FAILED, marks, statistics and every question with its correct answer and explanation; Print, and Retake Exam for a practice exam.',
      type: 'parallel',
      invoke: { src: 'watchResultNews', input: ({ context }) => ({ examId: context.examId, groupId: context.groupId }) },
      on: {
        'result.print': { actions: 'print', description: "The student presses Print: the browser's print dialog opens with the result alone" },
        'retake.ask': { guard: 'practice', target: 'confirmingRetake', description: 'The student presses Retake Exam (practice exams only)' },
      },
      states: {
        challenges: {
          description: "A live result's answer-key challenges and the challenge form: they go on working while the result is read again.",
          initial: 'checking',
          states: {
            checking: {
              description: "Whether the exam is live (its key may be challenged) or practice.",
              always: [
                { guard: 'live', target: 'loadingChallenges', description: "A live exam's result: its answer-key challenges are read" },
                { target: 'noChallenges', description: 'A practice exam has no answer-key challenges' },
              ],
            },
            noChallenges: { description: 'A practice exam: no challenge window.' },
            loadingChallenges: {
              description: "The challenge window and the student's challenges are read.",
              tags: ['challengesLoading'],
              invoke: {
                src: 'loadChallenges',
                input: ({ context }) => ({ examId: context.examId, groupId: context.groupId }),
                onDone: { target: 'challenges', description: 'Each question shows its challenge, and Challenge this answer while the window is open', actions: assign({ challenges: ({ event }) => event.output }) },
                onError: { target: 'challengesFailed', description: "The challenges could not be read: 'Challenges could not be loaded' shows with Try again" },
              },
              on: { 'result.reread': { target: 'loadingChallenges', reenter: true, description: 'The result was read again meanwhile: the challenges are read again, and the last read shows' } },
            },
            challengesFailed: {
              description: "'Challenges could not be loaded', with Try again; the result stays.",
              on: {
                'challenges.retry': { target: 'loadingChallenges', description: 'The student presses Try again beside the challenges' },
                'result.reread': { target: 'loadingChallenges', description: 'The result was read again: the challenges are tried again too' },
              },
            },
            challenges: {
              description: "Each question shows its challenge's state (open, accepted, rejected with the reply); while the window is open, Challenge this answer (or Edit).",
              on: {
                'challenge.open': {
                  guard: { type: 'challengeOpen', params: ({ event }) => ({ questionId: event.questionId }) },
                  target: 'challenging',
                  description: "The student presses Challenge this answer (or Edit challenge) on a question",
                  actions: assign({ challengeQuestion: ({ event }) => event.questionId }),
                },
                'result.reread': { target: 'loadingChallenges', description: 'The result was read again after a regrade: its challenges are read again (a teacher may have decided some)' },
              },
            },
            challenging: {
              description: "The challenge form of one question is open; it stays open, with the student's draft, while the result is read again.",
              on: {
                'result.reread': { description: 'The result was read again while the form is open: the form stays, and the challenges are read once it closes', actions: assign({ challengesStale: true }) },
              },
              invoke: {
                id: 'challenge',
                src: 'answerChallenge',
                input: ({ context }) => {
                  const index = context.result!.answers.findIndex((a) => a.questionId._id === context.challengeQuestion);
                  const question = context.result!.answers[index]!.questionId;
                  return {
                    examId: context.examId,
                    groupId: context.groupId,
                    questionId: question._id,
                    number: index + 1,
                    type: question.type,
                    optionCount: question.options.length,
                    challenge: context.challenges?.challenges.find((c) => c.questionId === question._id) ?? null,
                  };
                },
                onDone: [
                  {
                    guard: 'challengesStale',
                    target: 'loadingChallenges',
                    description: 'The form closes after the result was read again: the challenges are read again',
                    actions: assign({ challenges: ({ context, event }) => keptChallenges(context.challenges, event.output), challengeQuestion: null, challengesStale: false }),
                  },
                  {
                    target: 'challenges',
                    description: 'The form closes: the question shows the challenge as last saved',
                    actions: assign({ challenges: ({ context, event }) => keptChallenges(context.challenges, event.output), challengeQuestion: null }),
                  },
                ],
              },
            },
          },
        },
        sync: {
          description: 'Whether the result is being read again after a notification about it.',
          initial: 'current',
          states: {
            current: {
              description: 'The result as last read.',
              on: { 'result.changed': { guard: 'live', target: 'refreshing', description: 'A notification says the result changed (a key decision regraded the exam): it is read again' } },
            },
            refreshing: {
              description: 'The result is read again while it stays on screen; Print, the challenges and an open challenge form go on working.',
              on: { 'result.changed': { target: 'refreshing', reenter: true, description: 'Another notification meanwhile: the read under way is dropped and the result is read again' } },
              invoke: {
                src: 'loadResult',
                input: ({ context }) => ({ examId: context.examId, groupId: context.groupId }),
                onDone: {
                  target: 'current',
                  description: 'The new marks, rank and regrade note show, and the challenges are read again',
                  actions: [assign({ result: ({ context, event }) => (event.output.code === null ? event.output : context.result) }), raise({ type: 'result.reread' })],
                },
                onError: { target: 'current', description: 'The result could not be read again: the one on screen stays' },
              },
            },
          },
        },
      },
    },
    confirmingRetake: {
      description: "Asks 'Retaking exam will remove the previous submission. Do you want to continue?'",
      on: {
        'retake.cancel': { target: 'shown', description: 'The student declines: the result stays on screen' },
        'retake.confirm': { target: 'retaking', description: 'The student agrees to retake the exam' },
      },
    },
    retaking: {
      description: 'The previous submission is being removed on the server.',
      tags: ['busy'],
      invoke: {
        src: 'retakeExam',
        input: ({ context }) => ({ examId: context.examId, studentId: context.studentId, groupId: context.groupId }),
        onDone: [
          {
            guard: { type: 'retakeAccepted', params: ({ event }) => ({ output: event.output }) },
            target: 'left',
            description: "Retake accepted: this device's answers are cleared and the live exam opens",
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
          { target: 'shown', description: 'The server did not accept the retake: an error shows and the result stays', actions: { type: 'notify', params: { kind: 'error', title: MESSAGES.unhandledException } } },
        ],
        onError: [
          {
            guard: { type: 'networkFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'shown',
            description: "No connection: 'Internet connection lost.' shows and the result stays",
            actions: { type: 'notify', params: { kind: 'error', title: resultViewMessages.connectionLost } },
          },
          {
            guard: { type: 'forbidden', params: ({ event }) => ({ error: event.error }) },
            target: 'shown',
            description: "The exam was removed from the student's batch: 'This exam has been removed from your group' shows and the batch is reloaded",
            actions: [
              { type: 'notify', params: { kind: 'error', title: resultViewMessages.removed } },
              { type: 'reloadGroup', params: ({ context }) => ({ groupId: context.groupId }) },
            ],
          },
          { target: 'shown', description: 'The retake was refused: the reason shows and the result stays', actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    left: {
      description: 'The previous submission is gone; the student is on the live exam',
      type: 'final',
    },
  },
});
