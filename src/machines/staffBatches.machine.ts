// The desk's batch list (/staff/batches): the batches load with their course and student count (a
// teacher's: those of their courses); none says so; a failed load says why with Try again.
import { assign, fromPromise, setup } from 'xstate';
import type { StaffBatchList } from '../contracts/staffBatches';
import { failureWords, type RefusalWords } from '../domain/messages';

export interface StaffBatchesContext {
  list: StaffBatchList | null;
  problem: RefusalWords | null;
}

export type StaffBatchesEvent = { type: 'batches.retry' } | { type: 'batches.refresh' };

export const staffBatchesMachine = setup({
  types: {} as { context: StaffBatchesContext; events: StaffBatchesEvent },
  actors: {
    /** GET /staff/batches. */
    loadBatches: fromPromise<StaffBatchList>(async () => {
      throw new Error('provide loadBatches');
    }),
  },
  actions: {
    keepProblem: assign((_, params: { error: unknown }) => ({ problem: failureWords(params.error) })),
    clearProblem: assign({ problem: null }),
  },
  guards: {
    noBatches: (_, params: { list: StaffBatchList }) => params.list.batches.length === 0,
  },
}).createMachine({
  id: 'staffBatches',
  description: "The desk's batches with their course and number of students; a teacher sees those of their courses.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: the desk\'s batches and students (issue 24)' },
  context: { list: null, problem: null },
  initial: 'loading',
  states: {
    loading: {
      description: 'The batches are read.',
      tags: ['loading'],
      invoke: {
        src: 'loadBatches',
        onDone: [
          { guard: { type: 'noBatches', params: ({ event }) => ({ list: event.output }) }, target: 'empty', description: 'No batch to show', actions: assign({ list: ({ event }) => event.output }) },
          { target: 'loaded', description: 'The batches show', actions: assign({ list: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', description: 'The batches could not be had: the reason shows', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    empty: {
      description: "'No batches yet' (a teacher: none in their courses), with the way to the Import page for an administrator.",
      on: { 'batches.refresh': { target: 'loading', description: 'The staff member presses Refresh' } },
    },
    failed: {
      description: "The reason in the server's words (offline, signed out) with Try again.",
      on: { 'batches.retry': { target: 'loading', description: 'The staff member presses Try again', actions: 'clearProblem' } },
    },
    loaded: {
      description: 'The batches by course, each with its student count and a link to its students.',
      on: { 'batches.refresh': { target: 'loading', description: 'The staff member presses Refresh' } },
    },
  },
});
