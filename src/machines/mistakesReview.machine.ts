// Practise my mistakes as a review (issue 39): the set opened at /mistakes/{setId}. Not an exam: each
// answer is checked when the student presses Check and told right or wrong at once, with the key and the
// explanation; progress reads "2 of 3 mastered". Untimed unless the student asked for the time; then the
// review finishes itself at its end. Finish ends it early and shows what was mastered and what is left.
// Checking needs the server (the keys stay there), so offline the review waits with Check disabled.
import { assign, fromPromise, setup } from 'xstate';
import type { AnswerValue } from '../contracts/exams';
import type { CheckReply, MistakesReview } from '../contracts/mistakes';
import { failureOf } from '../domain/failures';
import { MESSAGES } from '../domain/messages';

export interface MistakesReviewInput {
  setId: string;
  online: boolean;
}

export interface MistakesReviewContext extends MistakesReviewInput {
  review: MistakesReview | null;
  /** Answers chosen and not yet checked, by question id. */
  drafts: Record<string, AnswerValue>;
  /** The question being checked. */
  checking: string | null;
  /** Milliseconds left of a timed review when it was read (null when untimed). */
  timeLeft: number | null;
  failure: string | null;
}

export type MistakesReviewEvent =
  | { type: 'answer.choose'; questionId: string; answer: AnswerValue }
  | { type: 'answer.check'; questionId: string }
  | { type: 'review.finish' }
  | { type: 'retry' }
  | { type: 'connection.online' }
  | { type: 'connection.offline' };

export const mistakesReviewMessages = {
  failed: 'This practice could not be opened.',
  offline: 'Checking an answer needs the connection; your choices stay here meanwhile.',
  timeUp: 'Your time is up: the practice is finished.',
} as const;

const isChecked = (review: MistakesReview | null, questionId: string) => review?.questions.some((q) => q.question._id === questionId && q.check !== null) ?? false;

const inSet = (review: MistakesReview | null, questionId: string) => review?.questions.some((q) => q.question._id === questionId) ?? false;

/** What is left of a timed review on the server's clock as it was read (the device's clock may be wrong). */
const timeLeftOf = (review: MistakesReview): number | null => (review.deadlineAt === null ? null : Math.max(0, Date.parse(review.deadlineAt) - Date.parse(review.serverNow)));

export const mistakesReviewMachine = setup({
  types: {} as { context: MistakesReviewContext; events: MistakesReviewEvent; input: MistakesReviewInput },
  actors: {
    /** GET /mistakes/sets/{setId}: the review with the answers checked so far. */
    loadReview: fromPromise<MistakesReview, { setId: string }>(async () => {
      throw new Error('provide loadReview');
    }),
    /** POST /mistakes/sets/{setId}/check: right or wrong, with the key and explanation. */
    checkAnswer: fromPromise<CheckReply, { setId: string; questionId: string; answer: AnswerValue }>(async () => {
      throw new Error('provide checkAnswer');
    }),
    /** PATCH /mistakes/sets/{setId}/finish: the finished review. */
    finishReview: fromPromise<MistakesReview, { setId: string }>(async () => {
      throw new Error('provide finishReview');
    }),
  },
  actions: {
    notify: (_, _params: { title: string }) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    /** Tells a screen reader the verdict (the view also moves focus to it). */
    announceCheck: (_, _params: { questionId: string }) => {},
  },
  guards: {
    canChoose: ({ context }, params: { questionId: string }) => inSet(context.review, params.questionId) && !isChecked(context.review, params.questionId),
    canCheck: ({ context }, params: { questionId: string }) =>
      context.online && inSet(context.review, params.questionId) && !isChecked(context.review, params.questionId) && (context.drafts[params.questionId]?.length ?? 0) > 0,
    finished: (_, params: { review: MistakesReview }) => params.review.finishedAt !== null,
    timed: ({ context }) => context.timeLeft !== null,
    networkFailure: (_, params: { error: unknown }) => failureOf(params.error).network === true,
    /** 409: the review ended meanwhile (its time ran out, or another tab finished it): read it again. */
    ended: (_, params: { error: unknown }) => failureOf(params.error).status === 409,
  },
  delays: {
    /** What is left of a timed review (as read when it opened). */
    timeLeft: ({ context }) => context.timeLeft ?? 0,
  },
}).createMachine({
  id: 'mistakesReview',
  description: 'Practise my mistakes as a review: each answer checked at once with its explanation, progress as "N of M mastered", untimed unless asked.',
  meta: { spec: '§2 Result screen — not in the spec: Practise my mistakes (issues 29 and 39)' },
  context: ({ input }) => ({ ...input, review: null, drafts: {}, checking: null, timeLeft: null, failure: null }),
  initial: 'loading',
  on: {
    'connection.offline': { description: 'The connection dropped', actions: assign({ online: false }) },
    'connection.online': { description: 'The connection came back', actions: assign({ online: true }) },
  },
  states: {
    loading: {
      description: 'The practice is read from the server (a spinner).',
      tags: ['loading'],
      invoke: {
        src: 'loadReview',
        input: ({ context }) => ({ setId: context.setId }),
        onDone: [
          {
            guard: { type: 'finished', params: ({ event }) => ({ review: event.output }) },
            target: 'finished',
            description: 'Already finished: the summary shows',
            actions: assign({ review: ({ event }) => event.output, timeLeft: null }),
          },
          {
            target: 'reviewing',
            description: 'Running: the questions show, those checked with their verdict',
            actions: assign({ review: ({ event }) => event.output, timeLeft: ({ event }) => timeLeftOf(event.output) }),
          },
        ],
        onError: [
          {
            guard: { type: 'networkFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            description: "No connection: 'Internet connection lost.' with Try again",
            actions: assign({ failure: MESSAGES.connectionLost }),
          },
          { target: 'failed', description: "Refused (not this student's, or gone): its reason with Try again", actions: assign({ failure: ({ event }) => failureOf(event.error).title ?? mistakesReviewMessages.failed }) },
        ],
      },
    },
    failed: {
      description: 'The practice could not be read: the reason, Try again and Back.',
      on: { retry: { target: 'loading', description: 'The student presses Try again', actions: assign({ failure: null }) } },
    },
    reviewing: {
      description: "The questions, each with Check; '2 of 3 mastered' above them, and Finish.",
      initial: 'ready',
      after: {
        timeLeft: { guard: 'timed', target: 'finishing', description: 'A timed review runs out: it finishes itself', actions: { type: 'notify', params: { title: mistakesReviewMessages.timeUp } } },
      },
      on: {
        'answer.choose': {
          guard: { type: 'canChoose', params: ({ event }) => ({ questionId: event.questionId }) },
          description: 'The student picks an option (not yet checked)',
          actions: assign({ drafts: ({ context, event }) => ({ ...context.drafts, [event.questionId]: event.answer }) }),
        },
        'review.finish': { target: 'finishing', description: 'The student presses Finish' },
      },
      states: {
        ready: {
          description: 'Check is enabled on a question with a choice, while online.',
          on: {
            'answer.check': {
              guard: { type: 'canCheck', params: ({ event }) => ({ questionId: event.questionId }) },
              target: 'checking',
              description: 'The student presses Check',
              actions: assign({ checking: ({ event }) => event.questionId }),
            },
          },
        },
        checking: {
          description: 'The answer is checked on the server (its Check is busy).',
          tags: ['busy'],
          invoke: {
            src: 'checkAnswer',
            input: ({ context }) => ({ setId: context.setId, questionId: context.checking!, answer: context.drafts[context.checking!] ?? [] }),
            onDone: {
              target: 'ready',
              description: 'Right or wrong shows at once, with the key and explanation; the progress moves',
              actions: [
                assign({
                  review: ({ context, event }) => ({
                    ...context.review!,
                    progress: event.output.progress,
                    questions: context.review!.questions.map((q) => (q.question._id === event.output.check.questionId ? { ...q, check: event.output.check } : q)),
                  }),
                  checking: null,
                }),
                { type: 'announceCheck', params: ({ event }) => ({ questionId: event.output.check.questionId }) },
              ],
            },
            onError: [
              {
                guard: { type: 'networkFailure', params: ({ event }) => ({ error: event.error }) },
                target: 'ready',
                description: "No connection: 'Internet connection lost.'; the choice stays",
                actions: [assign({ checking: null }), { type: 'notify', params: { title: MESSAGES.connectionLost } }],
              },
              {
                guard: { type: 'ended', params: ({ event }) => ({ error: event.error }) },
                target: '#mistakesReview.loading',
                description: 'The review ended meanwhile: its reason shows and it is read again',
                actions: [assign({ checking: null }), { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }],
              },
              {
                target: 'ready',
                description: "Refused: the server's reason shows; the choice stays",
                actions: [assign({ checking: null }), { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }],
              },
            ],
          },
        },
      },
    },
    finishing: {
      description: 'The review is ended on the server (Finish is busy).',
      tags: ['busy'],
      invoke: {
        src: 'finishReview',
        input: ({ context }) => ({ setId: context.setId }),
        onDone: { target: 'finished', description: 'The summary shows', actions: assign({ review: ({ event }) => event.output, timeLeft: null, drafts: {} }) },
        onError: [
          {
            guard: { type: 'networkFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'reviewing',
            description: "No connection: 'Internet connection lost.'; the review stays open",
            actions: [assign({ timeLeft: null }), { type: 'notify', params: { title: MESSAGES.connectionLost } }],
          },
          {
            target: 'reviewing',
            description: "Refused: the server's reason shows; the review stays open",
            actions: [assign({ timeLeft: null }), { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
      },
    },
    finished: {
      description: "The summary: 'You mastered 2 of 3', what left the mistakes, and the offer to practise what is left.",
    },
  },
});
