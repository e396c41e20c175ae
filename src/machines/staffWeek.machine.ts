// The teacher desk's week (/staff/week): the exams of the teacher's courses that run in a week (Monday
// to Sunday on the academy's clock), each in its state, with Previous week, Next week and This week.
// While the week is on screen it stays current: a start or submit heard on the desk's realtime channel
// for one of its exams reads the week again quietly (the rows stay on screen), and so does every minute
// on the clock, so an exam moves from upcoming to running to awaiting marking by itself. A request
// answered 401 ends the page's session and asks for the sign-in at the desk.
import { assign, fromPromise, setup } from 'xstate';
import type { StaffSchedule } from '../contracts/staffSchedule';
import { failureOf } from '../domain/failures';
import { failureWords, type RefusalWords } from '../domain/messages';
import { weekAfter } from '../domain/academyWeek';

/** How often a week on screen is read again for the clock's sake (exams that start or end meanwhile). */
export const WEEK_CLOCK_MS = 60_000;

export interface StaffWeekContext {
  /** The week on screen or loading: its Monday, 'YYYY-MM-DD'. */
  weekOf: string;
  /** The week of today on the device, for This week. */
  thisWeek: string;
  schedule: StaffSchedule | null;
  /** Why the week could not be read; cleared by the next try. */
  problem: RefusalWords | null;
  /** Activity was heard while the week was being read again: read it once more when that is done. */
  stale: boolean;
}

export type StaffWeekEvent =
  | { type: 'week.previous' }
  | { type: 'week.next' }
  | { type: 'week.current' }
  | { type: 'week.retry' }
  | { type: 'week.activity'; examId: string; groupId: string };

export interface StaffWeekInput {
  /** The week of today on the device ('YYYY-MM-DD', its Monday). */
  thisWeek: string;
}

/** Moving between weeks: from any state but the ended session, the chosen week loads. */
const moves = {
  'week.previous': { target: '#staffWeek.loading', description: 'The teacher presses Previous week: the week before loads', actions: { type: 'moveWeeks', params: { weeks: -1 } } },
  'week.next': { target: '#staffWeek.loading', description: 'The teacher presses Next week: the week after loads', actions: { type: 'moveWeeks', params: { weeks: 1 } } },
  'week.current': { target: '#staffWeek.loading', description: "The teacher presses This week: today's week loads", actions: 'goToThisWeek' },
} as const;

export const staffWeekMachine = setup({
  types: {} as { context: StaffWeekContext; events: StaffWeekEvent; input: StaffWeekInput },
  actors: {
    /** GET /staff/schedule?weekOf=. */
    loadWeek: fromPromise<StaffSchedule, { weekOf: string }>(async () => {
      throw new Error('provide loadWeek');
    }),
  },
  delays: { clock: WEEK_CLOCK_MS },
  guards: {
    noExams: (_, params: { schedule: StaffSchedule }) => params.schedule.assignments.length === 0,
    sessionEnded: (_, params: { error: unknown }) => failureOf(params.error).status === 401,
    /** The activity is of an exam and batch on screen. */
    onScreen: ({ context }, params: { examId: string; groupId: string }) =>
      context.schedule?.assignments.some((a) => a.exam._id === params.examId && a.groupId === params.groupId) ?? false,
    stale: ({ context }) => context.stale,
  },
  actions: {
    keepProblem: assign({ problem: (_, params: { error: unknown }) => failureWords(params.error) }),
    clearProblem: assign({ problem: null }),
    moveWeeks: assign({ weekOf: ({ context }, params: { weeks: number }) => weekAfter(context.weekOf, params.weeks) }),
    goToThisWeek: assign({ weekOf: ({ context }) => context.thisWeek }),
    keepSchedule: assign({ schedule: (_, params: { schedule: StaffSchedule }) => params.schedule, weekOf: (_, params: { schedule: StaffSchedule }) => params.schedule.weekOf, stale: false }),
  },
}).createMachine({
  id: 'staffWeek',
  description: "The teacher desk's week: the exams of the teacher's courses in a week, each upcoming, running (started and submitted, live), awaiting marking, ready to publish or published, with the way to mark, publish, analyse and see results.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: the teacher desk\'s week (issue 24)' },
  context: ({ input }) => ({ weekOf: input.thisWeek, thisWeek: input.thisWeek, schedule: null, problem: null, stale: false }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The week is loading; the previous week\'s rows are gone.',
      tags: ['loading'],
      entry: [assign({ schedule: null, stale: false }), 'clearProblem'],
      invoke: {
        src: 'loadWeek',
        input: ({ context }) => ({ weekOf: context.weekOf }),
        onDone: [
          { guard: { type: 'noExams', params: ({ event }) => ({ schedule: event.output }) }, target: 'empty', description: 'No exam of the teacher\'s courses runs in the week', actions: { type: 'keepSchedule', params: ({ event }) => ({ schedule: event.output }) } },
          { target: 'listed', description: 'The week\'s exams show, each in its state', actions: { type: 'keepSchedule', params: ({ event }) => ({ schedule: event.output }) } },
        ],
        onError: [
          { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut', description: 'The desk session has ended: the page says so with the way to sign in', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
          { target: 'failed', description: 'The week could not be loaded: the reason shows with Try again', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      description: 'The week could not be loaded: the reason in the server\'s words (offline, refused) and Try again; the other weeks stay reachable.',
      on: { ...moves, 'week.retry': { target: 'loading', description: 'The teacher presses Try again' } },
    },
    empty: {
      description: "'No exams this week.' with the other weeks to go to.",
      on: moves,
    },
    listed: {
      description: 'The week\'s exams by day, each with its state, counts and what can be done next.',
      initial: 'current',
      on: moves,
      states: {
        current: {
          description: 'The rows as last read; a running exam\'s counts change when a student starts or submits.',
          after: { clock: { target: 'refreshing', description: 'A minute passes: the week is read again, so exams that started or ended meanwhile change state' } },
          on: {
            'week.activity': { guard: { type: 'onScreen', params: ({ event }) => event }, target: 'refreshing', description: 'A student started or submitted an exam on screen: the week is read again for its counts' },
          },
        },
        refreshing: {
          description: 'The week is read again quietly; the rows stay on screen.',
          tags: ['refreshing'],
          on: {
            'week.activity': { guard: { type: 'onScreen', params: ({ event }) => event }, description: 'More activity meanwhile: the week is read once more when this read is done', actions: assign({ stale: true }) },
          },
          invoke: {
            src: 'loadWeek',
            input: ({ context }) => ({ weekOf: context.weekOf }),
            onDone: [
              { guard: 'stale', target: 'refreshing', reenter: true, description: 'Activity was heard during the read: the new rows show and the week is read again', actions: [{ type: 'keepSchedule', params: ({ event }) => ({ schedule: event.output }) }, 'clearProblem'] },
              { target: 'current', description: 'The new rows show', actions: [{ type: 'keepSchedule', params: ({ event }) => ({ schedule: event.output }) }, 'clearProblem'] },
            ],
            onError: [
              { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: '#staffWeek.signedOut', description: 'The desk session has ended: the page says so with the way to sign in', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
              { target: 'current', description: 'The read failed (offline): the rows stay with the reason above them, and the clock tries again', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
      },
    },
    signedOut: {
      description: "'Your desk session has ended.' with the way to sign in at the desk.",
    },
  },
});
