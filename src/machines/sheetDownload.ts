// The sheet download that the teacher's results and item analysis share: Download CSV or Download XLSX,
// one download at a time, a failure kept as the screen's problem. Not a machine file itself, so the
// diagram script draws the two screens, each with these states where its buttons are, not this.

export type SheetFormat = 'csv' | 'xlsx';

/** What the machine's `downloadSheet` actor is asked for. */
export interface SheetRequest {
  assignmentId: string;
  format: SheetFormat;
}

/** What the states read of the machine's context. */
interface SheetContext {
  assignmentId: string;
  /** The format asked for last: the busy button while downloading, the saved file's once it arrives. */
  format: SheetFormat;
}

/**
 * The states `idle` and `downloading`, for a machine whose setup names the actor `downloadSheet`
 * (`fromPromise<Blob, SheetRequest>`) and the actions `saveSheet` (`{ blob, format }`), `chooseSheet`
 * (`{ format }`: keeps the format and clears the last failure) and `keepSheetProblem` (`{ error }`).
 * The two assigns are the machine's because it decides where a failure is kept; `failureShows`
 * says where the screen shows it.
 */
export function sheetDownloadStates(failureShows: string) {
  return {
    idle: {
      description: `Download CSV and Download XLSX are ready; a failed download says why ${failureShows}.`,
      on: {
        'sheet.download': {
          target: 'downloading',
          description: 'The teacher presses Download CSV or Download XLSX',
          actions: { type: 'chooseSheet', params: ({ event }: { event: { format: SheetFormat } }) => ({ format: event.format }) },
        },
      },
    },
    downloading: {
      description: 'The sheet is being made; its button shows it is busy and the other waits.',
      tags: ['downloading'],
      invoke: {
        src: 'downloadSheet',
        input: ({ context }: { context: SheetContext }): SheetRequest => ({ assignmentId: context.assignmentId, format: context.format }),
        onDone: {
          target: 'idle',
          description: 'The sheet arrived: the browser saves it',
          actions: { type: 'saveSheet', params: ({ context, event }: { context: SheetContext; event: { output: Blob } }) => ({ blob: event.output, format: context.format }) },
        },
        onError: {
          target: 'idle',
          description: `The sheet could not be had: the reason shows ${failureShows}`,
          actions: { type: 'keepSheetProblem', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
        },
      },
    },
  } as const;
}
