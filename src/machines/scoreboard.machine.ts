// The scoreboard (spec section 2): the student's published results with the summary, filtered by
// course and paged by lastId as the student scrolls; an exam's merit list in a modal (paged by the
// last place read); and the Progress Report print, which first reads every row of the filter so the
// printed table is whole.
import { assign, fromPromise, setup } from 'xstate';
import type { MeritList, MeritRow, ScoreboardCourse, ScoreboardPage, ScoreboardRow, ScoreboardStudent, ScoreboardSummary, Scoreboard } from '../contracts/results';
import type { Static } from '@sinclair/typebox';

export interface ScoreboardHead {
  student: ScoreboardStudent;
  courses: Static<typeof ScoreboardCourse>[];
  summary: ScoreboardSummary;
}

/** The exam whose merit list is open. */
export interface MeritExam {
  examId: string;
  isPracticeExam: boolean;
  title: string;
}

export interface ScoreboardContext {
  /** The Select Course filter; '' for every course. */
  courseId: string;
  head: ScoreboardHead | null;
  rows: ScoreboardRow[];
  lastId: string | null;
  hasMore: boolean;
  meritExam: MeritExam | null;
  merit: { total: number; next: number | null; me: MeritRow | null; rows: MeritRow[] } | null;
}

export type ScoreboardEvent =
  | { type: 'course.select'; courseId: string }
  | { type: 'rows.more' }
  | { type: 'retry' }
  | { type: 'print' }
  | { type: 'merit.open'; exam: MeritExam }
  | { type: 'merit.more' }
  | { type: 'merit.retry' }
  | { type: 'merit.close' };

export interface PageRequest {
  courseId: string;
  lastId: string | null;
}

export interface MeritRequest {
  examId: string;
  isPracticeExam: boolean;
  after: number | undefined;
}

const headOf = (page: ScoreboardPage | Scoreboard): ScoreboardHead => ({ student: page.student, courses: page.courses, summary: page.summary });

export const scoreboardMachine = setup({
  types: {} as { context: ScoreboardContext; events: ScoreboardEvent },
  actors: {
    /** GET /exam/scoreboard?lastId=&limit=&courseId=: one page after `lastId`. */
    loadPage: fromPromise<ScoreboardPage, PageRequest>(async () => {
      throw new Error('provide loadPage');
    }),
    /** GET /exam/newScoreBoard?courseId=: every row of the filter, for the printed report. */
    loadAll: fromPromise<Scoreboard, { courseId: string }>(async () => {
      throw new Error('provide loadAll');
    }),
    /** GET /exam/getMeritListOfExam?examId=&typeOfExam=&after=. */
    loadMerit: fromPromise<MeritList, MeritRequest>(async () => {
      throw new Error('provide loadMerit');
    }),
  },
  actions: {
    /** A failed request as a toast ('Internet connection lost.' when no answer came). */
    notifyFailure: (_, _params: { error: unknown }) => {},
    /** The browser's print dialog; the print stylesheet leaves the Progress Report. */
    print: () => {},
  },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    meritHasMore: ({ context }) => context.merit?.next != null,
  },
}).createMachine({
  id: 'scoreboard',
  context: { courseId: '', head: null, rows: [], lastId: null, hasMore: false, meritExam: null, merit: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ courseId: context.courseId, lastId: null }),
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({ head: headOf(event.output), rows: event.output.examResult, lastId: event.output.lastId, hasMore: event.output.hasMore })),
        },
        onError: { target: 'failed', actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    ready: {
      type: 'parallel',
      on: {
        'course.select': { target: 'loading', actions: assign({ courseId: ({ event }) => event.courseId, rows: [], lastId: null, hasMore: false }) },
        print: 'preparingPrint',
      },
      states: {
        rows: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'rows.more': { guard: 'hasMore', target: 'loadingMore' } },
            },
            loadingMore: {
              tags: ['loadingMore'],
              invoke: {
                src: 'loadPage',
                input: ({ context }) => ({ courseId: context.courseId, lastId: context.lastId }),
                onDone: {
                  target: 'idle',
                  actions: assign(({ context, event }) => ({ rows: [...context.rows, ...event.output.examResult], lastId: event.output.lastId, hasMore: event.output.hasMore })),
                },
                onError: { target: 'moreFailed', actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            moreFailed: {
              description: 'Scrolling on does not ask again; the Load more button does',
              on: { 'rows.more': { guard: 'hasMore', target: 'loadingMore' } },
            },
          },
        },
        merit: {
          initial: 'closed',
          states: {
            closed: {
              on: { 'merit.open': { target: 'loading', actions: assign({ meritExam: ({ event }) => event.exam, merit: null }) } },
            },
            loading: {
              tags: ['meritLoading'],
              on: { 'merit.close': 'closed' },
              invoke: {
                src: 'loadMerit',
                input: ({ context }) => ({ examId: context.meritExam!.examId, isPracticeExam: context.meritExam!.isPracticeExam, after: undefined }),
                onDone: { target: 'open', actions: assign({ merit: ({ event }) => ({ total: event.output.total, next: event.output.next, me: event.output.me, rows: event.output.data }) }) },
                onError: { target: 'failed', actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            open: {
              on: {
                'merit.more': { guard: 'meritHasMore', target: 'loadingMore' },
                'merit.close': 'closed',
              },
            },
            loadingMore: {
              tags: ['meritLoadingMore'],
              on: { 'merit.close': 'closed' },
              invoke: {
                src: 'loadMerit',
                input: ({ context }) => ({ examId: context.meritExam!.examId, isPracticeExam: context.meritExam!.isPracticeExam, after: context.merit?.next ?? undefined }),
                onDone: {
                  target: 'open',
                  actions: assign({
                    merit: ({ context, event }) => ({ total: event.output.total, next: event.output.next, me: event.output.me, rows: [...(context.merit?.rows ?? []), ...event.output.data] }),
                  }),
                },
                onError: { target: 'open', actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            failed: {
              on: { 'merit.retry': 'loading', 'merit.close': 'closed' },
            },
          },
        },
      },
    },
    preparingPrint: {
      description: 'Reads every row of the filter, so the printed Progress Report is whole, then prints',
      tags: ['printing'],
      invoke: {
        src: 'loadAll',
        input: ({ context }) => ({ courseId: context.courseId }),
        onDone: {
          target: 'ready',
          actions: [assign(({ event }) => ({ head: headOf(event.output), rows: event.output.results.examResult, lastId: null, hasMore: false })), 'print'],
        },
        onError: { target: 'ready', actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

