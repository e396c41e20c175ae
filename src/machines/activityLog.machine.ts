// The desk's activity log (/staff/activity): who on the staff changed what, newest first. An
// administrator reads every entry, a teacher their own courses' (the server decides). Filtered by
// person, kind, course and a range of days; More adds the next page below; the filtered log downloads
// as a CSV or XLSX sheet. A range whose first day is after its last is said here, before asking.
import { assign, fromPromise, setup } from 'xstate';
import type { ActivityEntry, ActivityPage, ActivityQuery } from '../contracts/activity';
import type { ActivityKind } from '../contracts/activityKinds';
import { failureWords, type RefusalWords } from '../domain/messages';
import type { SheetFormat } from './sheetDownload';

export const ACTIVITY_PAGE_SIZE = 50;

/** The filters as the page's controls hold them: '' is "any". */
export interface ActivityFilters {
  staffId: string;
  kind: ActivityKind | '';
  courseId: string;
  from: string;
  to: string;
}

export const NO_FILTERS: ActivityFilters = { staffId: '', kind: '', courseId: '', from: '', to: '' };

export const RANGE_BACKWARDS = 'The first day is after the last day. Please choose the days again.';

export interface ActivityLogContext {
  filters: ActivityFilters;
  /** The pages read so far of the current filters. */
  page: number;
  entries: ActivityEntry[];
  latest: ActivityPage | null;
  format: SheetFormat;
  problem: RefusalWords | null;
  sheetProblem: RefusalWords | null;
}

export type ActivityLogEvent =
  | { type: 'activity.retry' }
  | { type: 'activity.filter'; filters: ActivityFilters }
  | { type: 'activity.more' }
  | { type: 'sheet.download'; format: SheetFormat };

/** The query of a set of filters: only those given. */
export function activityQuery(filters: ActivityFilters): Omit<ActivityQuery, 'page' | 'limit'> {
  return {
    ...(filters.staffId && { staffId: filters.staffId }),
    ...(filters.kind && { kind: filters.kind }),
    ...(filters.courseId && { courseId: filters.courseId }),
    ...(filters.from && { from: filters.from }),
    ...(filters.to && { to: filters.to }),
  };
}

export const activityLogMachine = setup({
  types: {} as { context: ActivityLogContext; events: ActivityLogEvent },
  actors: {
    /** GET /staff/activity. */
    loadPage: fromPromise<ActivityPage, ActivityQuery>(async () => {
      throw new Error('provide loadPage');
    }),
    /** GET /staff/activity/sheet. */
    downloadSheet: fromPromise<Blob, Omit<ActivityQuery, 'page' | 'limit'> & { format: SheetFormat }>(async () => {
      throw new Error('provide downloadSheet');
    }),
  },
  actions: {
    keepProblem: assign((_, params: { error: unknown }) => ({ problem: failureWords(params.error) })),
    /** The browser saves the sheet (the view provides it). */
    saveSheet: (_, _params: { blob: Blob; format: SheetFormat }) => {},
  },
  guards: {
    noEntries: ({ context }) => context.entries.length === 0,
    hasMore: ({ context }) => context.entries.length < (context.latest?.total ?? 0),
    rangeInOrder: (_, params: { filters: ActivityFilters }) => !params.filters.from || !params.filters.to || params.filters.from <= params.filters.to,
  },
}).createMachine({
  id: 'activityLog',
  description: "The desk's activity log, newest first: filtered by person, kind, course and days, a page more at a time, and downloaded as a sheet.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: the activity log on the desk (issue 37)' },
  context: { filters: NO_FILTERS, page: 1, entries: [], latest: null, format: 'csv', problem: null, sheetProblem: null },
  initial: 'loading',
  on: {
    'activity.filter': [
      {
        guard: { type: 'rangeInOrder', params: ({ event }) => ({ filters: event.filters }) },
        target: '.loading',
        description: 'The staff member applies filters: the first page of them is read',
        actions: assign({ filters: ({ event }) => event.filters, page: 1, problem: null, sheetProblem: null }),
      },
      { description: 'The first day is after the last: said, nothing asked', actions: assign({ problem: { title: RANGE_BACKWARDS } }) },
    ],
  },
  states: {
    loading: {
      description: 'The first page of the filtered log is read.',
      tags: ['loading'],
      invoke: {
        src: 'loadPage',
        input: ({ context }) => ({ ...activityQuery(context.filters), page: 1, limit: ACTIVITY_PAGE_SIZE }),
        onDone: { target: 'ready', description: 'The entries show', actions: assign({ latest: ({ event }) => event.output, entries: ({ event }) => event.output.entries, page: 1 }) },
        onError: { target: 'failed', description: 'The log could not be had: the reason shows', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description: "The reason in the server's words (offline, a day not understood, signed out) with Try again; the filters stay to change.",
      on: { 'activity.retry': { target: 'loading', description: 'The staff member presses Try again', actions: assign({ problem: null }) } },
    },
    ready: {
      description: 'The filters, the entries and the sheet downloads.',
      type: 'parallel',
      states: {
        list: {
          description: 'What the list shows and whether more can be read.',
          initial: 'checking',
          states: {
            checking: {
              description: 'The entries are looked at.',
              always: [
                { guard: 'noEntries', target: 'empty', description: 'No entry matches' },
                { target: 'shown', description: 'Entries to list' },
              ],
            },
            empty: { description: "'Nothing matches these filters.' (or nothing recorded yet)." },
            shown: {
              description: 'The entries with who, when, what and the course; More while the log has more.',
              on: { 'activity.more': { guard: 'hasMore', target: 'loadingMore', description: 'The staff member presses More', actions: assign({ problem: null }) } },
            },
            loadingMore: {
              description: 'The next page is read; the entries stay.',
              tags: ['loadingMore'],
              invoke: {
                src: 'loadPage',
                input: ({ context }) => ({ ...activityQuery(context.filters), page: context.page + 1, limit: ACTIVITY_PAGE_SIZE }),
                onDone: {
                  target: 'shown',
                  description: 'The next page is added below',
                  actions: assign(({ context, event }) => ({ latest: event.output, page: context.page + 1, entries: [...context.entries, ...event.output.entries.filter((e) => !context.entries.some((k) => k._id === e._id))] })),
                },
                onError: { target: 'shown', description: 'The next page could not be had: the reason shows, More stays', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        sheet: {
          description: 'Download CSV and Download XLSX of the filtered log.',
          initial: 'idle',
          states: {
            idle: {
              description: 'Both downloads are ready; a failed one says why beside them.',
              on: { 'sheet.download': { target: 'downloading', description: 'The staff member presses Download CSV or Download XLSX', actions: assign({ format: ({ event }) => event.format, sheetProblem: null }) } },
            },
            downloading: {
              description: 'The sheet is being made; its button shows it is busy and the other waits.',
              tags: ['downloading'],
              invoke: {
                src: 'downloadSheet',
                input: ({ context }) => ({ ...activityQuery(context.filters), format: context.format }),
                onDone: { target: 'idle', description: 'The sheet arrived: the browser saves it', actions: { type: 'saveSheet', params: ({ context, event }) => ({ blob: event.output, format: context.format }) } },
                onError: { target: 'idle', description: 'The sheet could not be had: the reason shows beside the buttons', actions: assign({ sheetProblem: ({ event }) => failureWords(event.error) }) },
              },
            },
          },
        },
      },
    },
  },
});
