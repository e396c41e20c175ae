// The desk's Lectures page list: where lectures may go (the courses the staff member acts on) and the
// lectures put in, each in its packaging state, kept current by its live events and asked again every
// few seconds while any is unfinished (a lost socket loses nothing). Cancel a packaging, retry a
// failed one, delete a lecture (after a confirmation: its video leaves the students' item).
import { assign, fromPromise, setup } from 'xstate';
import type { Lecture, LectureDesk } from '../contracts/lectures';
import { failureWords } from '../domain/messages';

export interface LectureDeskContext {
  desk: LectureDesk | null;
  /** The lecture whose deletion waits for a confirmation, or whose action runs. */
  chosen: string | null;
  problem: { title: string; description?: string } | null;
}

export type LectureAction = 'cancel' | 'retry' | 'delete';

export type LectureDeskEvent =
  | { type: 'lectures.heard'; lecture: Lecture }
  | { type: 'lectures.gone'; id: string }
  | { type: 'lectures.uploaded' }
  | { type: 'lectures.retryLoad' }
  | { type: 'lecture.cancel'; id: string }
  | { type: 'lecture.retry'; id: string }
  | { type: 'lecture.delete'; id: string }
  | { type: 'lecture.confirm' }
  | { type: 'lecture.keep' };

const UNFINISHED = new Set<Lecture['state']>(['queued', 'probing', 'transcoding', 'packaging']);

/** The list with one lecture put in its place (new ones first), or taken out. */
function withLecture(desk: LectureDesk, lecture: Lecture): LectureDesk {
  const found = desk.lectures.some((item) => item.id === lecture.id);
  return { ...desk, lectures: found ? desk.lectures.map((item) => (item.id === lecture.id ? lecture : item)) : [lecture, ...desk.lectures] };
}
const without = (desk: LectureDesk, id: string): LectureDesk => ({ ...desk, lectures: desk.lectures.filter((item) => item.id !== id) });

export const lectureDeskMachine = setup({
  types: {} as { context: LectureDeskContext; events: LectureDeskEvent },
  actors: {
    loadDesk: fromPromise<LectureDesk>(async () => {
      throw new Error('provide loadDesk');
    }),
    /** Cancels, retries or deletes one lecture; the lecture as it stands after, or null once deleted. */
    act: fromPromise<Lecture | null, { action: LectureAction; id: string }>(async () => {
      throw new Error('provide act');
    }),
  },
  guards: {
    anyUnfinished: ({ context }) => (context.desk?.lectures ?? []).some((lecture) => UNFINISHED.has(lecture.state)),
  },
  delays: { askAgain: 5000 },
  actions: {
    hear: assign({ desk: ({ context }, params: { lecture: Lecture | null }) => (context.desk && params.lecture ? withLecture(context.desk, params.lecture) : context.desk) }),
    forget: assign({ desk: ({ context }, params: { id: string }) => (context.desk ? without(context.desk, params.id) : context.desk) }),
  },
}).createMachine({
  id: 'lectureDesk',
  description: "The Lectures page's list: each lecture's packaging live, with Cancel, Retry and Delete.",
  meta: { spec: '§2 Videos and notes (what the student plays) — not in the spec: the desk puts lectures in as files (issue 38)' },
  context: { desk: null, chosen: null, problem: null },
  initial: 'loading',
  on: {
    'lectures.heard': { description: "A lecture's new state is heard (its live event)", actions: { type: 'hear', params: ({ event }) => event } },
    'lectures.gone': { description: 'A lecture was deleted (here or on another desk)', actions: { type: 'forget', params: ({ event }) => event } },
  },
  states: {
    loading: {
      description: 'The places and the lectures are asked for.',
      tags: ['loading'],
      invoke: {
        src: 'loadDesk',
        onDone: { target: 'ready', description: 'The form and the list show', actions: assign({ desk: ({ event }) => event.output, problem: null }) },
        onError: { target: 'failed', description: 'They could not be asked for: the reason shows with Try again', actions: assign({ problem: ({ event }) => failureWords(event.error) }) },
      },
    },
    failed: {
      description: 'Why the page could not load, with Try again.',
      on: { 'lectures.retryLoad': { target: 'loading', description: 'The teacher presses Try again' } },
    },
    ready: {
      description: 'The upload form and the lectures, newest first, each with its state.',
      initial: 'idle',
      on: { 'lectures.uploaded': { target: '.refreshing', description: 'An upload finished: the list is asked again at once' } },
      states: {
        idle: {
          description: 'Nothing running on this page; Cancel, Retry and Delete offered as each lecture allows.',
          after: { askAgain: { guard: 'anyUnfinished', target: 'refreshing', description: 'Every few seconds while a lecture is unfinished, the list is asked again (should a live event be lost)' } },
          on: {
            'lecture.cancel': { target: 'acting', description: 'The teacher cancels a packaging', actions: assign({ chosen: ({ event }) => event.id, problem: null }) },
            'lecture.retry': { target: 'acting', description: 'The teacher retries a failed packaging', actions: assign({ chosen: ({ event }) => event.id, problem: null }) },
            'lecture.delete': { target: 'confirming', description: 'The teacher asks to delete a lecture', actions: assign({ chosen: ({ event }) => event.id, problem: null }) },
          },
        },
        confirming: {
          description: '"Delete <title>? Students will no longer see it." with Delete and Keep.',
          on: {
            'lecture.confirm': { target: 'deleting', description: 'The teacher confirms' },
            'lecture.keep': { target: 'idle', description: 'The teacher keeps it', actions: assign({ chosen: null }) },
          },
        },
        acting: {
          description: 'A cancel or retry is asked for.',
          tags: ['busy'],
          invoke: {
            src: 'act',
            input: ({ context, event }) => ({ action: event.type === 'lecture.cancel' ? 'cancel' as const : 'retry' as const, id: context.chosen! }),
            onDone: { target: 'idle', description: 'The lecture as it stands shows', actions: [{ type: 'hear', params: ({ event }) => ({ lecture: event.output }) }, assign({ chosen: null })] },
            onError: { target: 'idle', description: 'Refused or not sent: the reason shows', actions: assign({ chosen: null, problem: ({ event }) => failureWords(event.error) }) },
          },
        },
        deleting: {
          description: 'The deletion is asked for.',
          tags: ['busy'],
          invoke: {
            src: 'act',
            input: ({ context }) => ({ action: 'delete' as const, id: context.chosen! }),
            onDone: { target: 'idle', description: 'The lecture and its files are gone', actions: [{ type: 'forget', params: ({ context }) => ({ id: context.chosen! }) }, assign({ chosen: null })] },
            onError: { target: 'idle', description: 'Refused or not sent: the reason shows', actions: assign({ chosen: null, problem: ({ event }) => failureWords(event.error) }) },
          },
        },
        refreshing: {
          description: 'The list is asked again, quietly (the list stays on screen).',
          invoke: {
            src: 'loadDesk',
            onDone: { target: 'idle', description: 'The list is current', actions: assign({ desk: ({ event }) => event.output }) },
            onError: { target: 'idle', description: 'Not answered: the list stays as it was and is asked again later' },
          },
        },
      },
    },
  },
});
