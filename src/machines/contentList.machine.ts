// One statechart for every list screen of the learning content (courses, subjects, items, videos,
// notes): a student outside every batch sees the no-batch notice without a request; otherwise the
// list loads and ends loaded, empty or failed (with retry).
import { assign, fromPromise, setup } from 'xstate';
import { plainFailure } from '../domain/messages';

/** What a list screen loads: the rows and, where the screen has them, its heading and breadcrumbs. */
export interface ContentPage<TItem = unknown, THeading = unknown> {
  items: readonly TItem[];
  heading?: THeading;
}

export interface ContentListInput {
  /** False when the student's groups list is empty: content is visible only to batch members. */
  hasBatch: boolean;
}

export interface ContentListContext {
  hasBatch: boolean;
  page: ContentPage | null;
  error: string | null;
}

export type ContentListEvent = { type: 'content.retry' } | { type: 'content.reload' };

export const contentListMachine = setup({
  types: {} as { context: ContentListContext; events: ContentListEvent; input: ContentListInput },
  actors: {
    fetchPage: fromPromise<ContentPage, void>(async () => {
      throw new Error('provide fetchPage');
    }),
  },
  guards: {
    inBatch: ({ context }) => context.hasBatch,
    pageEmpty: (_, page: ContentPage) => page.items.length === 0,
  },
}).createMachine({
  id: 'contentList',
  context: ({ input }) => ({ hasBatch: input.hasBatch, page: null, error: null }),
  initial: 'checkingBatch',
  states: {
    checkingBatch: {
      description: 'Content is visible only to a student in a batch; no request is made otherwise.',
      always: [{ guard: 'inBatch', target: 'loading' }, { target: 'noBatch' }],
    },
    noBatch: {
      description: 'The student is in no batch: the notice asks them to contact the administration.',
    },
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        onDone: [
          {
            guard: { type: 'pageEmpty', params: ({ event }) => event.output },
            target: 'empty',
            actions: assign({ page: ({ event }) => event.output, error: null }),
          },
          { target: 'loaded', actions: assign({ page: ({ event }) => event.output, error: null }) },
        ],
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => plainFailure(event.error) }),
        },
      },
    },
    loaded: { on: { 'content.reload': 'loading' } },
    empty: {
      description: 'In a batch, but nothing added yet for this place.',
      on: { 'content.reload': 'loading' },
    },
    failed: { on: { 'content.retry': 'loading' } },
  },
});
