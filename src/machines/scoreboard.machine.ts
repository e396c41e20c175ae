// The scoreboard (spec section 2): the student's published results with the summary, filtered by
// course and paged by lastId as the student scrolls; an exam's merit list in a modal (paged by the
// last place read); and the Progress Report print, which first reads every row of the filter so the
// printed table is whole.
import { assign, fromPromise, setup } from 'xstate';
import type { MeritList, MeritRow, ScoreboardCourse, ScoreboardPage, ScoreboardRow, ScoreboardStudent, ScoreboardSummary, Scoreboard, SubjectStrengths } from '../contracts/results';
import type { Static } from '@sinclair/typebox';

export interface ScoreboardHead {
  student: ScoreboardStudent;
  courses: Static<typeof ScoreboardCourse>[];
  summary: ScoreboardSummary;
  /** Strength per subject over the newest results of the filter, beside the marks chart. */
  strengths: SubjectStrengths;
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
  /** The open merit list; `regradedAt` when a key decision last recomputed it. */
  merit: { total: number; next: number | null; me: MeritRow | null; rows: MeritRow[]; regradedAt: string | null } | null;
}

export type ScoreboardEvent =
  | { type: 'course.select'; courseId: string }
  | { type: 'rows.more' }
  | { type: 'scoreboard.retry' }
  | { type: 'report.print' }
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

const headOf = (page: ScoreboardPage | Scoreboard): ScoreboardHead => ({ student: page.student, courses: page.courses, summary: page.summary, strengths: page.strengths });

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
    /** The table starts again for the course picked in Select Course. */
    chooseCourse: assign(({ event }) => (event.type === 'course.select' ? { courseId: event.courseId, rows: [], lastId: null, hasMore: false } : {})),
  },
  guards: {
    hasMore: ({ context }) => context.hasMore,
    meritHasMore: ({ context }) => context.merit?.next != null,
  },
}).createMachine({
  id: 'scoreboard',
  description: "The scoreboard: the student's published results with six summary cards, a Select Course filter, a table paged as the student scrolls, each exam's Merit List in a modal, and Print for the Progress Report.",
  meta: { spec: '§2 Scoreboard' },
  context: { courseId: '', head: null, rows: [], lastId: null, hasMore: false, meritExam: null, merit: null },
  initial: 'loading',
  states: {
    loading: {
      description: "The first page of the student's results for the chosen course is read.",
      tags: ['loading'],
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ courseId: context.courseId, lastId: null }),
        onDone: {
          target: 'ready',
          description: 'The name, summary cards and the first rows of the table show',
          actions: assign(({ event }) => ({ head: headOf(event.output), rows: event.output.examResult, lastId: event.output.lastId, hasMore: event.output.hasMore })),
        },
        onError: { target: 'failed', description: "The results could not be loaded: the reason shows ('Internet connection lost.' offline)", actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      on: {
        'course.select': {
          target: 'loading',
          reenter: true,
          description: 'The student picks another course while one loads (a slow link): the table starts again for the latest pick',
          actions: 'chooseCourse',
        },
      },
    },
    failed: {
      description: "'The results could not be loaded.' with Try again.",
      on: {
        'scoreboard.retry': { target: 'loading', description: 'The student presses Try again' },
        'course.select': { target: 'loading', description: 'The student picks another course after a failed load: that course loads', actions: 'chooseCourse' },
      },
    },
    ready: {
      description: 'The scoreboard on screen: the results table, and the Merit List modal beside it.',
      type: 'parallel',
      on: {
        'course.select': { target: 'loading', description: 'The student picks a course in Select Course: the table starts again for that course', actions: 'chooseCourse' },
        'report.print': { target: 'preparingPrint', description: 'The student presses Print for the Progress Report' },
      },
      states: {
        rows: {
          description: 'The results table: Exam Name, Exam Date, Exam Type, Pass/Fail, Merit Position, marks, Course and a Merit List button.',
          initial: 'idle',
          states: {
            idle: {
              description: 'The rows read so far; more load when the student scrolls to the end or presses Load more.',
              on: { 'rows.more': { guard: 'hasMore', target: 'loadingMore', description: 'The student scrolls to the end of the table or presses Load more while more results remain' } },
            },
            loadingMore: {
              description: 'The next page of results is read; Load more is busy.',
              tags: ['loadingMore'],
              invoke: {
                src: 'loadPage',
                input: ({ context }) => ({ courseId: context.courseId, lastId: context.lastId }),
                onDone: {
                  target: 'idle',
                  description: 'The next rows join the bottom of the table',
                  actions: assign(({ context, event }) => ({ rows: [...context.rows, ...event.output.examResult], lastId: event.output.lastId, hasMore: event.output.hasMore })),
                },
                onError: { target: 'moreFailed', description: 'The next page could not be loaded: the reason shows and the rows read so far stay', actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            moreFailed: {
              description: 'Scrolling on does not ask again; the Load more button does',
              on: { 'rows.more': { guard: 'hasMore', target: 'loadingMore', description: 'The student presses Load more to try again' } },
            },
          },
        },
        merit: {
          description: "The Merit List modal of one exam: rank, name, subject, marks, negative marks, wrong answers and the overall, faculty, subject and category positions.",
          initial: 'closed',
          states: {
            closed: {
              description: 'No merit list is open.',
              on: { 'merit.open': { target: 'loading', description: "The student presses an exam's Merit List button", actions: assign({ meritExam: ({ event }) => event.exam, merit: null }) } },
            },
            loading: {
              description: 'The modal is open while the first rows of the merit list are read.',
              tags: ['meritLoading'],
              on: { 'merit.close': { target: 'closed', description: 'The student closes the modal' } },
              invoke: {
                src: 'loadMerit',
                input: ({ context }) => ({ examId: context.meritExam!.examId, isPracticeExam: context.meritExam!.isPracticeExam, after: undefined }),
                onDone: { target: 'open', description: 'The first places of the merit list show in the modal', actions: assign({ merit: ({ event }) => ({ total: event.output.total, next: event.output.next, me: event.output.me, rows: event.output.data, regradedAt: event.output.regradedAt ?? null }) }) },
                onError: { target: 'failed', description: 'The merit list could not be loaded: the reason shows in the modal', actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            open: {
              description: "The merit list in the modal, with Load more while places remain.",
              on: {
                'merit.more': { guard: 'meritHasMore', target: 'loadingMore', description: 'The student presses Load more in the modal' },
                'merit.close': { target: 'closed', description: 'The student closes the modal' },
              },
            },
            loadingMore: {
              description: 'The next places of the merit list are read; Load more is busy.',
              tags: ['meritLoadingMore'],
              on: { 'merit.close': { target: 'closed', description: 'The student closes the modal' } },
              invoke: {
                src: 'loadMerit',
                input: ({ context }) => ({ examId: context.meritExam!.examId, isPracticeExam: context.meritExam!.isPracticeExam, after: context.merit?.next ?? undefined }),
                onDone: {
                  target: 'open',
                  description: 'The next places join the bottom of the merit list',
                  actions: assign({
                    merit: ({ context, event }) => ({ total: event.output.total, next: event.output.next, me: event.output.me, rows: [...(context.merit?.rows ?? []), ...event.output.data], regradedAt: event.output.regradedAt ?? null }),
                  }),
                },
                onError: { target: 'open', description: 'The next places could not be loaded: the reason shows and the list so far stays', actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            failed: {
              description: "'The merit list could not be loaded.' in the modal, with Try again.",
              on: { 'merit.retry': { target: 'loading', description: 'The student presses Try again in the modal' }, 'merit.close': { target: 'closed', description: 'The student closes the modal' } },
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
          description: "Every row is read: the browser's print dialog opens with the Progress Report",
          actions: [assign(({ event }) => ({ head: headOf(event.output), rows: event.output.results.examResult, lastId: null, hasMore: false })), 'print'],
        },
        onError: { target: 'ready', description: 'The rows could not be read: the reason shows and nothing is printed', actions: { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

