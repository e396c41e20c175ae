// One statechart for every list screen of the learning content (courses, subjects, items, videos,
// notes): a student outside every batch sees the no-batch notice without a request; otherwise the
// list loads and ends loaded, empty or failed (with retry; a list that failed retries by itself when the
// connection returns). A list the phone kept from an earlier answer (My Courses) shows while the fresh
// one is asked for; when no answer comes it stays, with the time it was updated.
import { assign, fromPromise, setup } from 'xstate';
import { plainFailure } from '../domain/messages';

/** What a list screen loads: the rows and, where the screen has them, its heading and breadcrumbs. */
export interface ContentPage<TItem = unknown, THeading = unknown> {
  items: readonly TItem[];
  heading?: THeading;
}

/** A page the phone kept from an earlier answer, and when that answer came (device time, ms). */
export interface KeptPage {
  page: ContentPage;
  at: number;
}

export interface ContentListInput {
  /** False when the student's groups list is empty: content is visible only to batch members. */
  hasBatch: boolean;
  /** The page kept on the phone, shown until the fresh one arrives; absent for lists the phone does not keep. */
  kept?: KeptPage | null;
}

export interface ContentListContext {
  hasBatch: boolean;
  page: ContentPage | null;
  kept: KeptPage | null;
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
  actions: {
    /** Keeps the fresh page on the phone (a list that keeps none leaves this empty). */
    keepPage: (_, _page: ContentPage) => {},
  },
  guards: {
    inBatch: ({ context }) => context.hasBatch,
    somethingKept: ({ context }) => context.kept !== null,
    pageEmpty: (_, page: ContentPage) => page.items.length === 0,
  },
}).createMachine({
  id: 'contentList',
  description: 'Every list screen of the learning content (courses, subjects, chapters, lectures, videos, notes): visible only to a student in a batch.',
  meta: { spec: '§2 Screens and routes — Courses, Course page, Subject tabs, Videos and notes' },
  context: ({ input }) => ({ hasBatch: input.hasBatch, page: null, kept: input.kept ?? null, error: null }),
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
      description: 'Skeleton rows in the shape of the list while it is fetched; the list the phone kept, if any, instead.',
      tags: ['loading'],
      invoke: {
        id: 'fetchPage',
        src: 'fetchPage',
        onDone: [
          {
            guard: { type: 'pageEmpty', params: ({ event }) => event.output },
            target: 'empty',
            description: 'The server answered with no rows',
            actions: [assign({ page: ({ event }) => event.output, error: null }), { type: 'keepPage', params: ({ event }) => event.output }],
          },
          {
            target: 'loaded',
            description: 'The server answered with the rows',
            actions: [assign({ page: ({ event }) => event.output, error: null }), { type: 'keepPage', params: ({ event }) => event.output }],
          },
        ],
        onError: [
          {
            guard: 'somethingKept',
            target: 'kept',
            description: 'No answer, but the phone kept the list: it stays, with when it was updated',
            actions: assign({ error: ({ event }) => plainFailure(event.error) }),
          },
          {
            target: 'failed',
            description: 'The list could not be loaded',
            actions: assign({ error: ({ event }) => plainFailure(event.error) }),
          },
        ],
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
    kept: {
      description: "The list the phone kept, with 'Updated 5 min ago' and a retry button.",
      on: {
        'content.retry': { target: 'loading', description: 'The student presses retry' },
        'connection.online': { target: 'loading', description: 'The connection returned: the list is asked for again without a tap' },
      },
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
