// The results of one published exam assignment for teachers (/staff/exams/:assignmentId/results): the
// batch's merit list loads; it shows as a table (searchable by name or roll, a page of rows at a time),
// or says no one submitted; a failed load (offline, not yet published, the desk's session gone) says
// why with Try again. While the list shows, one student's result opens beside it as the student sees
// it, and the list downloads as a CSV or XLSX sheet, one download at a time.
import { assign, fromPromise, setup } from 'xstate';
import type { StudentResult } from '../contracts/results';
import type { StaffMeritList } from '../contracts/staffResults';
import { searchMeritRows } from '../domain/staffResults';
import { failureWords, type RefusalWords } from '../domain/messages';
import { sheetDownloadStates, type SheetFormat, type SheetRequest } from './sheetDownload';

/** Rows shown at first and added by each Show more: a batch of thousands stays quick to draw. */
export const RESULTS_PAGE_ROWS = 100;

export interface StaffResultsContext {
  assignmentId: string;
  list: StaffMeritList | null;
  /** Why the list could not be had; cleared by the next try. */
  problem: RefusalWords | null;
  /** The search by name or roll. */
  search: string;
  /** How many of the matching rows show. */
  shown: number;
  /** The student whose result is open or loading. */
  studentId: string | null;
  student: StudentResult | null;
  studentProblem: RefusalWords | null;
  format: SheetFormat;
  sheetProblem: RefusalWords | null;
}

export type StaffResultsEvent =
  | { type: 'results.retry' }
  | { type: 'results.search'; text: string }
  | { type: 'results.more' }
  | { type: 'student.open'; studentId: string }
  | { type: 'student.retry' }
  | { type: 'student.close' }
  | { type: 'sheet.download'; format: SheetFormat };

export interface StudentRequest {
  assignmentId: string;
  studentId: string;
}

/** The rows the search matches (all of them without a search). */
export const matchingRows = (context: Pick<StaffResultsContext, 'list' | 'search'>) => searchMeritRows(context.list?.rows ?? [], context.search);

export const staffResultsMachine = setup({
  types: {} as { context: StaffResultsContext; events: StaffResultsEvent; input: { assignmentId: string } },
  actors: {
    /** GET /staff/exam-assignments/:assignmentId/results. */
    loadList: fromPromise<StaffMeritList, { assignmentId: string }>(async () => {
      throw new Error('provide loadList');
    }),
    /** GET /staff/exam-assignments/:assignmentId/results/:studentId. */
    loadStudent: fromPromise<StudentResult, StudentRequest>(async () => {
      throw new Error('provide loadStudent');
    }),
    /** GET /staff/exam-assignments/:assignmentId/results/sheet?format=. */
    downloadSheet: fromPromise<Blob, SheetRequest>(async () => {
      throw new Error('provide downloadSheet');
    }),
  },
  actions: {
    /** Hands the sheet to the browser to save. */
    saveSheet: (_, _params: { blob: Blob; format: SheetFormat }) => {
      throw new Error('provide saveSheet');
    },
    /** The sheet's states (sheetDownload.ts): a download clears the last failure, and a failed one is kept apart from the list's. */
    chooseSheet: assign((_, params: { format: SheetFormat }) => ({ format: params.format, sheetProblem: null })),
    keepSheetProblem: assign((_, params: { error: unknown }) => ({ sheetProblem: failureWords(params.error) })),
  },
  guards: {
    anyRows: (_, params: { list: StaffMeritList }) => params.list.rows.length > 0,
    moreRows: ({ context }) => matchingRows(context).length > context.shown,
  },
}).createMachine({
  id: 'staffResults',
  description: "A published exam's merit list and results for teachers: every submitted student of the batch with the places the students' merit list gives, each student's result as the student sees it, and the list as a sheet.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: the results of a published exam for teachers (issue 24)' },
  context: ({ input }) => ({
    assignmentId: input.assignmentId, list: null, problem: null, search: '', shown: RESULTS_PAGE_ROWS, studentId: null, student: null, studentProblem: null, format: 'csv', sheetProblem: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The merit list of the batch is read.',
      tags: ['loading'],
      invoke: {
        src: 'loadList',
        input: ({ context }) => ({ assignmentId: context.assignmentId }),
        onDone: [
          {
            guard: { type: 'anyRows', params: ({ event }) => ({ list: event.output }) },
            target: 'loaded',
            description: 'Someone submitted: the merit list shows',
            actions: assign({ list: ({ event }) => event.output }),
          },
          { target: 'empty', description: 'No student of the batch submitted the exam', actions: assign({ list: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', description: 'The list could not be had: the reason shows', actions: assign({ problem: ({ event }) => failureWords(event.error) }) },
      },
    },
    empty: {
      description: "'No student of this batch submitted this exam.', with Reload.",
      on: { 'results.retry': { target: 'loading', description: 'The teacher presses Reload' } },
    },
    failed: {
      description: "The reason in the server's words (offline, results not yet published, signed out) with Try again.",
      on: { 'results.retry': { target: 'loading', description: 'The teacher presses Try again', actions: assign({ problem: null }) } },
    },
    loaded: {
      description: 'The merit list with its search, a student\'s result beside it when one is open, and the buttons to download the sheet.',
      type: 'parallel',
      states: {
        list: {
          description: 'The rows the search matches, a page at a time.',
          initial: 'browsing',
          states: {
            browsing: {
              description: 'The matching rows show; Show more while more match.',
              on: {
                'results.search': {
                  description: 'The teacher types a name or roll: the first page of the matching rows shows',
                  actions: assign({ search: ({ event }) => event.text, shown: RESULTS_PAGE_ROWS }),
                },
                'results.more': {
                  guard: 'moreRows',
                  description: 'The teacher presses Show more: the next page of matching rows shows',
                  actions: assign({ shown: ({ context }) => context.shown + RESULTS_PAGE_ROWS }),
                },
              },
            },
          },
        },
        student: {
          description: "One student's result, as the student sees it.",
          initial: 'closed',
          states: {
            closed: {
              description: 'No result is open.',
              on: {
                'student.open': {
                  target: 'loading',
                  description: "The teacher opens a student's result from the list",
                  actions: assign({ studentId: ({ event }) => event.studentId, student: null, studentProblem: null }),
                },
              },
            },
            loading: {
              description: "The student's result is read.",
              tags: ['studentLoading'],
              invoke: {
                src: 'loadStudent',
                input: ({ context }) => ({ assignmentId: context.assignmentId, studentId: context.studentId! }),
                onDone: { target: 'open', description: 'The result shows', actions: assign({ student: ({ event }) => event.output }) },
                onError: { target: 'failed', description: 'The result could not be had: the reason shows', actions: assign({ studentProblem: ({ event }) => failureWords(event.error) }) },
              },
              on: { 'student.close': { target: 'closed', description: 'The teacher closes it before it arrives', actions: assign({ studentId: null }) } },
            },
            open: {
              description: "The student's result: verdict, marks, statistics and every question with the answer and the key.",
              on: {
                'student.close': { target: 'closed', description: 'The teacher closes the result', actions: assign({ studentId: null, student: null }) },
                'student.open': {
                  target: 'loading',
                  description: "The teacher opens another student's result",
                  actions: assign({ studentId: ({ event }) => event.studentId, student: null }),
                },
              },
            },
            failed: {
              description: 'Why the result could not be had, with Try again and Close.',
              on: {
                'student.retry': { target: 'loading', description: 'The teacher presses Try again', actions: assign({ studentProblem: null }) },
                'student.close': { target: 'closed', description: 'The teacher closes it', actions: assign({ studentId: null, studentProblem: null }) },
              },
            },
          },
        },
        sheet: {
          description: 'The list as a sheet to save.',
          initial: 'idle',
          states: sheetDownloadStates('beside them'),
        },
      },
    },
  },
});
