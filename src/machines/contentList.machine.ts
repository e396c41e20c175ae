// One statechart for every list screen of the learning content (courses, subjects, items, videos,
// notes): a student outside every batch sees the no-batch notice without a request; otherwise the
// list loads and ends loaded, empty or failed (with retry; a list that failed retries by itself when the
// connection returns).
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

export type ContentListEvent = { type: 'content.retry' } | { type: 'content.reload' } | { type: 'connection.online' };

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
  description: 'Every list screen of the learning content (courses, subjects, chapters, lectures, videos, notes): visible only to a student in a batch.',
  meta: { spec: '§2 Screens and routes — Courses, Course page, Subject tabs, Videos and notes' },
  context: ({ input }) => ({ hasBatch: input.hasBatch, page: null, error: null }),
  initial: 'checkingBatch',
  states: {
    checkingBatch: {
      description: 'Content is visible only to a student in a batch; no request is made otherwise.',
      always: [
        { guard: 'inBatch', target: 'loading', description: 'In a batch: load the list' },
        { target: 'noBatch', description: 'In no batch: show the notice' },
      ],
    },
    noBatch: {
      description: 'The student is in no batch: the notice asks them to contact the administration.',
    },
    loading: {
      description: 'Skeleton rows in the shape of the list while it is fetched.',
      tags: ['loading'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        onDone: [
          {
            guard: { type: 'pageEmpty', params: ({ event }) => event.output },
            target: 'empty',
            description: 'The server answered with no rows',
            actions: assign({ page: ({ event }) => event.output, error: null }),
          },
          { target: 'loaded', description: 'The server answered with the rows', actions: assign({ page: ({ event }) => event.output, error: null }) },
        ],
        onError: {
          target: 'failed',
          description: 'The list could not be loaded',
          actions: assign({ error: ({ event }) => plainFailure(event.error) }),
        },
      },
    },
    loaded: {
      description: "The cards (or table) with breadcrumbs; an empty list shows 'No Video Available' or 'Nothing added yet'.",
      on: { 'content.reload': { target: 'loading', description: 'The screen asks for the list again (another place chosen)' } },
    },
    empty: {
      description: 'In a batch, but nothing added yet for this place.',
      on: { 'content.reload': { target: 'loading', description: 'The screen asks for the list again (another place chosen)' } },
    },
    failed: {
      description: 'Why the list could not be loaded, with a retry button.',
      on: {
        'content.retry': { target: 'loading', description: 'The student presses retry' },
        'connection.online': { target: 'loading', description: 'The connection returned: the list is asked for again without a tap' },
      },
    },
  },
});
