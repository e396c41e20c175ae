// Practise my mistakes (issues 29 and 39): what a result or the scoreboard offers to practise, and
// starting it. It counts the mistakes first (one result's, or each subject's across the student's
// results); with none it shows the empty state, otherwise one button per offer ("Practise my 3
// mistakes", "Practise my mistakes in Anatomy") and the choice "Time me", off by default: a practice is a
// review, untimed unless asked. A press starts a set on the server and opens it; the set itself is the
// review (src/machines/mistakesReview.machine.ts). Starting needs the server: offline, the offer waits
// for the connection and counts again when it returns.
import { assign, fromPromise, setup } from 'xstate';
import type { MistakesSource, StartedMistakes } from '../contracts/mistakes';
import { failureOf } from '../domain/failures';
import { MESSAGES } from '../domain/messages';

/** One thing to practise: its source, the subject's name (a subject offer), how many questions and minutes. */
export interface MistakesOffer {
  source: MistakesSource;
  label: string | null;
  count: number;
  duration: number;
}

/** What the offer is counted for: one result, or every subject of the student's results (of a course), or one subject. */
export type OfferScope = { kind: 'exam'; examId: string; groupId: string } | { kind: 'subjects'; courseId: string; subjectId?: string };

export interface MistakesPracticeInput {
  scope: OfferScope;
  online: boolean;
}

export interface MistakesPracticeContext extends MistakesPracticeInput {
  offers: MistakesOffer[];
  /** The offer being started. */
  starting: MistakesSource | null;
  /** The student asked for the time (the exams' durations in proportion); untimed by default. */
  timed: boolean;
  setId: string | null;
}

export type MistakesPracticeEvent =
  | { type: 'mistakes.start'; source: MistakesSource }
  | { type: 'mistakes.time'; timed: boolean }
  | { type: 'retry' }
  | { type: 'connection.online' }
  | { type: 'connection.offline' };

export const mistakesPracticeMessages = {
  offline: 'Practising your mistakes starts once you are online; a started practice goes on offline.',
  failed: 'Your mistakes could not be counted.',
} as const;

const sameSource = (a: MistakesSource, b: MistakesSource) =>
  a.source === 'exam' && b.source === 'exam' ? a.examId === b.examId && a.groupId === b.groupId : a.source === 'subject' && b.source === 'subject' && a.subjectId === b.subjectId;

export const mistakesPracticeMachine = setup({
  types: {} as { context: MistakesPracticeContext; events: MistakesPracticeEvent; input: MistakesPracticeInput },
  actors: {
    /** GET /mistakes/exam/{examId}/group/{groupId} or GET /mistakes/subjects: the offers with something to practise. */
    loadOffers: fromPromise<MistakesOffer[], OfferScope>(async () => {
      throw new Error('provide loadOffers');
    }),
    /** POST /mistakes/sets: the set started (or the one already running from the same source). */
    startMistakes: fromPromise<StartedMistakes, MistakesSource & { timed: boolean }>(async () => {
      throw new Error('provide startMistakes');
    }),
  },
  actions: {
    /** A toast: connection lost, or the server's reason. */
    notify: (_, _params: { title: string }) => {},
    notifyFailure: (_, _params: { error: unknown }) => {},
    /** To the started set (/mistakes/{setId}). */
    openPractice: (_, _params: { setId: string }) => {},
  },
  guards: {
    anything: (_, params: { offers: MistakesOffer[] }) => params.offers.some((offer) => offer.count > 0),
    networkFailure: (_, params: { error: unknown }) => failureOf(params.error).network === true,
    /** 409: nothing left to practise (answered right meanwhile), or the result not published. */
    conflict: (_, params: { error: unknown }) => failureOf(params.error).status === 409,
    offered: ({ context }, params: { source: MistakesSource }) => context.offers.some((offer) => offer.count > 0 && sameSource(offer.source, params.source)),
  },
}).createMachine({
  id: 'mistakesPractice',
  description: 'Practise my mistakes: counts what a result or the scoreboard has to practise, shows the buttons or the empty state, and starts a set.',
  meta: { spec: '§2 Result screen and Scoreboard — not in the spec: Practise my mistakes (issue 29)' },
  context: ({ input }) => ({ ...input, offers: [], starting: null, timed: false, setId: null }),
  initial: 'counting',
  on: {
    'connection.offline': { description: 'The connection dropped', actions: assign({ online: false }) },
    'connection.online': { description: 'The connection came back', actions: assign({ online: true }) },
  },
  states: {
    counting: {
      description: 'The mistakes are counted on the server (the buttons wait).',
      tags: ['loading'],
      invoke: {
        src: 'loadOffers',
        input: ({ context }) => context.scope,
        onDone: [
          {
            guard: { type: 'anything', params: ({ event }) => ({ offers: event.output }) },
            target: 'offering',
            description: "Something to practise: 'Practise my N mistakes' (or one button per subject) shows",
            actions: assign({ offers: ({ event }) => event.output.filter((offer) => offer.count > 0) }),
          },
          { target: 'empty', description: "Nothing to practise: 'No mistakes to practise in this exam' shows", actions: assign({ offers: [] }) },
        ],
        onError: [
          {
            guard: { type: 'networkFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'offline',
            description: 'No connection: the offer says it starts once online',
          },
          { target: 'failed', description: 'The server refused the count: a quiet line with Try again' },
        ],
      },
    },
    offline: {
      description: 'Offline: the offer waits for the connection (a started practice would go on offline).',
      on: {
        'connection.online': { target: 'counting', description: 'The connection came back: count again', actions: assign({ online: true }) },
        retry: { target: 'counting', description: 'The student presses Try again' },
      },
    },
    failed: {
      description: "'Your mistakes could not be counted.' with Try again",
      on: { retry: { target: 'counting', description: 'The student presses Try again' } },
    },
    empty: {
      description: "'No mistakes to practise in this exam' (or in any subject): nothing to press",
    },
    offering: {
      description: "The buttons: 'Practise my N mistakes' on a result, 'Practise my mistakes in <Subject>' on the scoreboard; 'Time me' beside them",
      on: {
        'mistakes.time': { description: "The student ticks or clears 'Time me'", actions: assign({ timed: ({ event }) => event.timed }) },
        'mistakes.start': {
          guard: { type: 'offered', params: ({ event }) => ({ source: event.source }) },
          target: 'starting',
          description: 'The student presses one of the buttons',
          actions: assign({ starting: ({ event }) => event.source }),
        },
      },
    },
    starting: {
      description: 'The set is started on the server (the pressed button is busy).',
      tags: ['busy'],
      invoke: {
        src: 'startMistakes',
        input: ({ context }) => ({ ...context.starting!, timed: context.timed }),
        onDone: {
          target: 'started',
          description: 'The set started: the practice opens',
          actions: [assign({ setId: ({ event }) => event.output.setId }), { type: 'openPractice', params: ({ event }) => ({ setId: event.output.setId }) }],
        },
        onError: [
          {
            guard: { type: 'networkFailure', params: ({ event }) => ({ error: event.error }) },
            target: 'offering',
            description: "No connection: 'Internet connection lost.' and the buttons stay",
            actions: [assign({ starting: null }), { type: 'notify', params: { title: MESSAGES.connectionLost } }],
          },
          {
            guard: { type: 'conflict', params: ({ event }) => ({ error: event.error }) },
            target: 'counting',
            description: "Nothing left to practise there (the server's reason shows): count again",
            actions: [assign({ starting: null }), { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }],
          },
          {
            target: 'offering',
            description: "The server refused: its reason shows and the buttons stay",
            actions: [assign({ starting: null }), { type: 'notifyFailure', params: ({ event }) => ({ error: event.error }) }],
          },
        ],
      },
    },
    started: {
      description: 'The practice is open (the screen moved to it).',
      type: 'final',
    },
  },
});
