// The item analysis of one exam assignment for teachers (/staff/exams/:assignmentId/analysis): the
// figures load; they show as a table, or as "not enough attempts" below the minimum; a failed load
// (offline, the results not yet published, the desk's session gone) says why with Try again. While the
// table shows, the sheet downloads as CSV or XLSX, one download at a time.
import { assign, fromPromise, setup } from 'xstate';
import type { ItemAnalysis } from '../contracts/staff';
import { failureWords, type RefusalWords } from '../domain/messages';
import { sheetDownloadStates, type SheetFormat, type SheetRequest } from './sheetDownload';

export interface ItemAnalysisContext {
  assignmentId: string;
  analysis: ItemAnalysis | null;
  /** Why the figures or the sheet could not be had; cleared by the next try. */
  problem: RefusalWords | null;
  format: SheetFormat;
}

export type ItemAnalysisEvent = { type: 'analysis.retry' } | { type: 'sheet.download'; format: SheetFormat };

export const itemAnalysisMachine = setup({
  types: {} as { context: ItemAnalysisContext; events: ItemAnalysisEvent; input: { assignmentId: string } },
  actors: {
    /** GET /staff/exam-assignments/:assignmentId/item-analysis. */
    loadAnalysis: fromPromise<ItemAnalysis, { assignmentId: string }>(async () => {
      throw new Error('provide loadAnalysis');
    }),
    /** GET /staff/exam-assignments/:assignmentId/item-analysis/sheet?format=. */
    downloadSheet: fromPromise<Blob, SheetRequest>(async () => {
      throw new Error('provide downloadSheet');
    }),
  },
  actions: {
    /** Hands the sheet to the browser to save. */
    saveSheet: (_, _params: { blob: Blob; format: SheetFormat }) => {
      throw new Error('provide saveSheet');
    },
    keepProblem: assign((_, params: { error: unknown }) => ({ problem: failureWords(params.error) })),
    clearProblem: assign({ problem: null }),
    /** The sheet's states (sheetDownload.ts): a download clears the last failure, and a failed one is the screen's problem too. */
    chooseSheet: assign((_, params: { format: SheetFormat }) => ({ format: params.format, problem: null })),
    keepSheetProblem: assign((_, params: { error: unknown }) => ({ problem: failureWords(params.error) })),
  },
  guards: {
    enoughAttempts: (_, params: { analysis: ItemAnalysis }) => params.analysis.attempts >= params.analysis.minimumAttempts,
  },
}).createMachine({
  id: 'itemAnalysis',
  description: "A published exam's item analysis for teachers: per question its facility, discrimination, point-biserial, responses of the upper and lower groups and flags in plain words, with a sheet to download.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: item analysis of a published exam for teachers (issue 28)' },
  context: ({ input }) => ({ assignmentId: input.assignmentId, analysis: null, problem: null, format: 'csv' }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The figures of the submitted attempts are read.',
      tags: ['loading'],
      invoke: {
        src: 'loadAnalysis',
        input: ({ context }) => ({ assignmentId: context.assignmentId }),
        onDone: [
          {
            guard: { type: 'enoughAttempts', params: ({ event }) => ({ analysis: event.output }) },
            target: 'loaded',
            description: 'Enough attempts: the table of questions shows',
            actions: assign({ analysis: ({ event }) => event.output }),
          },
          { target: 'empty', description: 'Too few submitted attempts to say anything', actions: assign({ analysis: ({ event }) => event.output }) },
        ],
        onError: { target: 'failed', description: 'The figures could not be had: the reason shows', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    empty: {
      description: "'Not enough attempts yet': how many were submitted and how many the analysis needs.",
    },
    failed: {
      description: 'The reason in the server\'s words (offline, results not yet published, signed out) with Try again.',
      on: { 'analysis.retry': { target: 'loading', description: 'The teacher presses Try again', actions: 'clearProblem' } },
    },
    loaded: {
      description: 'The table of questions with their figures and flags, and the buttons to download the sheet.',
      initial: 'idle',
      states: sheetDownloadStates('above the table'),
    },
  },
});
