// The Today strip above My Courses: the phone shows at once what it kept from the last Today answer,
// asks the server again, and keeps the new answer. Offline (or when the server cannot be reached) the
// kept lines stay with when they were last updated; with nothing kept the strip says it could not load,
// with Try again. The clock is read every half minute so "42 min left" counts down, and the answer is
// asked for again every five minutes and when the connection returns.
import { assign, fromPromise, setup } from 'xstate';
import type { Today } from '../contracts/today';
import type { WatchedVideo } from '../domain/today';
import { failureWords } from '../domain/messages';
import type { KeptToday } from '../services/today';

export interface TodayInput {
  /** What the phone kept of the last answer; null when nothing. */
  kept: KeptToday | null;
  /** The videos watched part-way on this phone. */
  watched: WatchedVideo[];
  deviceNow: () => number;
}

export interface TodayContext extends TodayInput {
  /** The device clock when last read. */
  now: number;
  /** Why the last load failed; cleared by the next answer. */
  problem: string | null;
}

export type TodayEvent = { type: 'today.retry' } | { type: 'connection.online' };

export const TODAY_TICK_MS = 30_000;
export const TODAY_REFRESH_MS = 5 * 60_000;

export const todayMachine = setup({
  types: {} as { context: TodayContext; events: TodayEvent; input: TodayInput },
  actors: {
    /** GET /exam/today. */
    loadToday: fromPromise<Today>(async () => {
      throw new Error('provide loadToday');
    }),
  },
  actions: {
    /** Keeps the answer on the phone for the next opening (offline too). */
    keepToday: (_, _params: { kept: KeptToday }) => {
      throw new Error('provide keepToday');
    },
    readClock: assign({ now: ({ context }) => context.deviceNow() }),
  },
  guards: {
    somethingKept: ({ context }) => context.kept !== null,
  },
  delays: { tick: TODAY_TICK_MS, refresh: TODAY_REFRESH_MS },
}).createMachine({
  id: 'today',
  description: 'The Today strip: the lines the phone kept show at once; the server is asked again; offline the kept lines stay with the time they were updated.',
  meta: { spec: '§2 Courses (/courses) — not in the spec: the Today strip above the courses' },
  context: ({ input }) => ({ ...input, now: input.deviceNow(), problem: null }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The server is asked for Today; the kept lines (if any) show meanwhile, otherwise a placeholder line.',
      tags: ['loading'],
      invoke: {
        src: 'loadToday',
        onDone: {
          target: 'current',
          description: 'The answer arrives: it shows and is kept on the phone',
          actions: [
            assign(({ context, event }) => ({ kept: { today: event.output, receivedAt: context.deviceNow() }, now: context.deviceNow(), problem: null })),
            { type: 'keepToday', params: ({ context }) => ({ kept: context.kept! }) },
          ],
        },
        onError: [
          {
            guard: 'somethingKept',
            target: 'kept',
            description: 'No answer (offline, server away): the kept lines stay, with when they were updated',
            actions: [assign({ problem: ({ event }) => failureWords(event.error).title }), 'readClock'],
          },
          { target: 'failed', description: 'No answer and nothing kept: the strip says so', actions: assign({ problem: ({ event }) => failureWords(event.error).title }) },
        ],
      },
    },
    current: {
      description: 'The lines from a fresh answer; asked for again five minutes on.',
      initial: 'showing',
      after: { refresh: { target: 'loading', description: 'Five minutes since the answer: asked again' } },
      on: { 'connection.online': { target: 'loading', description: 'The connection returns: asked again' } },
      states: {
        showing: {
          description: 'The countdowns follow the clock.',
          after: { tick: { target: 'showing', reenter: true, description: 'Half a minute: the clock is read again (countdowns move)', actions: 'readClock' } },
        },
      },
    },
    kept: {
      description: "The kept lines with 'Updated 5 min ago' (offline or the server away), and Try again.",
      after: { tick: { target: 'kept', reenter: true, description: 'Half a minute: the clock is read again', actions: 'readClock' } },
      on: {
        'today.retry': { target: 'loading', description: 'The student taps Try again' },
        'connection.online': { target: 'loading', description: 'The connection returns: asked again' },
      },
    },
    failed: {
      description: "'Today could not be loaded' with the reason and Try again; the courses below show as usual.",
      on: {
        'today.retry': { target: 'loading', description: 'The student taps Try again' },
        'connection.online': { target: 'loading', description: 'The connection returns: asked again' },
      },
    },
  },
});
