// The exam countdown. The end comes from the server (deadlineAt) and the device clock is corrected
// by the server's clock at fetch time, so a wrong phone clock neither shortens nor lengthens an exam.
import { assign, setup } from 'xstate';
import { remainingMs, serverClockOffsetMs, toMs } from '../domain/examTiming';

export interface ServerTiming {
  /** The attempt's end on the server's clock (ISO). */
  deadlineAt: string;
  /** The server's clock when it answered (ISO). */
  serverNow: string;
  /** Device time (ms) when the answer arrived. */
  receivedAt: number;
}

export interface ExamTimerInput extends ServerTiming {
  /** The device clock (ms); tests pass a simulated one. */
  deviceNow: () => number;
}

export interface ExamTimerContext {
  endMs: number;
  /** serverNow - device time at fetch. */
  offsetMs: number;
  remainingMs: number;
  deviceNow: () => number;
}

export type ExamTimerEvent = ({ type: 'timer.sync' } & ServerTiming) | { type: 'timer.check' };

const remainingOf = (context: Pick<ExamTimerContext, 'endMs' | 'offsetMs' | 'deviceNow'>) => remainingMs(context.endMs, context.deviceNow(), context.offsetMs);

export const examTimerMachine = setup({
  types: {} as { context: ExamTimerContext; events: ExamTimerEvent; input: ExamTimerInput },
  actions: {
    measure: assign({ remainingMs: ({ context }) => remainingOf(context) }),
    sync: assign(({ context }, timing: ServerTiming) => {
      const next = { ...context, endMs: toMs(timing.deadlineAt), offsetMs: serverClockOffsetMs(timing.serverNow, timing.receivedAt) };
      return { endMs: next.endMs, offsetMs: next.offsetMs, remainingMs: remainingOf(next) };
    }),
  },
  guards: {
    timeUp: ({ context }) => context.remainingMs <= 0,
  },
  delays: { tick: 1000 },
}).createMachine({
  id: 'examTimer',
  description: "The exam countdown: remaining time is the attempt's end on the server's clock minus the time now, measured every second.",
  meta: { spec: '§4 States and transitions — Exam timing' },
  context: ({ input }) => {
    const base = { endMs: toMs(input.deadlineAt), offsetMs: serverClockOffsetMs(input.serverNow, input.receivedAt), deviceNow: input.deviceNow };
    return { ...base, remainingMs: remainingOf(base) };
  },
  initial: 'running',
  states: {
    running: {
      description: 'The countdown in the header runs down, once a second.',
      always: { guard: 'timeUp', target: 'timeOver', description: 'No time left' },
      after: { tick: { target: 'running', reenter: true, description: 'Measure the remaining time', actions: 'measure' } },
      on: {
        'timer.check': { description: 'The page woke up (tab shown, phone unlocked): measure at once', actions: 'measure' },
        'timer.sync': { description: "The server sent the attempt's end again: count down to it", actions: { type: 'sync', params: ({ event }) => event } },
      },
    },
    timeOver: {
      description: 'Time ran out: the exam attempt closes the answers and opens the time-over modal',
      on: {
        'timer.sync': {
          description: 'The server granted more time (for example after a retake): run again',
          target: 'running',
          actions: { type: 'sync', params: ({ event }) => event },
        },
      },
    },
  },
});
