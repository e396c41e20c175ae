// The exam navigator of a running attempt: a tap in the exam bar opens a grid 1…n of the paper's
// questions coloured by each answer's true state (sent, on this phone, draft, not answered, flagged for
// review); a tap on a number closes the grid and shows that question. "Flag for review" on a question
// card flags or unflags it, in either state; the flags are kept on the device with the exam's answers
// (a reload or an offline reopen keeps them). The drafts are read from the device when the grid opens
// (typing happens with the grid closed); the answers' states come from the outbox as they change.
import { assign, setup } from 'xstate';

export interface ExamNavigatorInput {
  /** The flags kept on the device for this attempt. */
  flags: string[];
}

export interface ExamNavigatorContext {
  flags: string[];
  /** The questions with a draft, as read when the grid last opened. */
  drafts: string[];
}

export type ExamNavigatorEvent =
  | { type: 'navigator.open' }
  | { type: 'navigator.close' }
  | { type: 'navigator.jump'; questionId: string }
  | { type: 'question.flag'; questionId: string };

const toggled = (flags: string[], questionId: string) => (flags.includes(questionId) ? flags.filter((id) => id !== questionId) : [...flags, questionId]);

export const examNavigatorMachine = setup({
  types: {} as { context: ExamNavigatorContext; events: ExamNavigatorEvent; input: ExamNavigatorInput },
  actions: {
    /** The questions with a draft on this device. */
    readDrafts: assign((_, _params: undefined) => ({ drafts: [] as string[] })),
    /** Keeps the flags on the device. */
    keepFlags: (_, _params: { flags: string[] }) => {
      throw new Error('provide keepFlags');
    },
    /** Scrolls to the question and gives it the focus. */
    showQuestion: (_, _params: { questionId: string }) => {
      throw new Error('provide showQuestion');
    },
  },
}).createMachine({
  id: 'examNavigator',
  description: "The exam navigator: a grid of the paper's questions with each answer's true state and the review flags; a tap shows the question.",
  meta: { spec: '§2 Live exam screen (sticky footer) — not in the spec: the question grid and Flag for review' },
  context: ({ input }) => ({ flags: input.flags, drafts: [] }),
  initial: 'closed',
  on: {
    'question.flag': {
      description: 'Flag for review (or unflag) on a question card: kept on the device',
      actions: [
        assign({ flags: ({ context, event }) => toggled(context.flags, event.questionId) }),
        { type: 'keepFlags', params: ({ context }) => ({ flags: context.flags }) },
      ],
    },
  },
  states: {
    closed: {
      description: 'The paper shows; the exam bar offers the question grid.',
      on: {
        'navigator.open': { target: 'open', description: 'The student taps Questions in the exam bar: the drafts are read from the device', actions: 'readDrafts' },
      },
    },
    open: {
      description: "The grid 1…n: each number coloured by its answer's state (sent, on this phone, draft, not answered) and marked when flagged, with a legend.",
      on: {
        'navigator.close': { target: 'closed', description: 'Close or Escape: back to where the student was' },
        'navigator.jump': {
          target: 'closed',
          description: 'A tap on a number: the grid closes and that question shows with the focus',
          actions: { type: 'showQuestion', params: ({ event }) => ({ questionId: event.questionId }) },
        },
      },
    },
  },
});
