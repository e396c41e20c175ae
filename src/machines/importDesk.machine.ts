// What stands beside the import on the desk's Import page (administrators): the templates, each built by
// the server from the academy's own courses, subjects, chapters and batches and saved by the browser,
// one download at a time; and the import history (who, when, which file, what it changed), where an
// import is undone after a confirm step. A refused undo shows the server's reason beside its entry; an
// undone entry says so. The history is read again when an import on the page has written.
import { assign, fromPromise, setup } from 'xstate';
import type { ImportRun } from '../contracts/import';
import type { TemplateKind } from '../contracts/importColumns';
import { failureWords, type RefusalWords } from '../domain/messages';

export interface ImportDeskContext {
  /** The template asked for last: its button is busy while it downloads. */
  template: TemplateKind;
  /** Why the last template could not be had; cleared by the next. */
  templateProblem: RefusalWords | null;
  /** The imports that wrote, newest first. */
  runs: ImportRun[];
  /** Why the history could not be read. */
  problem: RefusalWords | null;
  /** The import the administrator chose to undo (being confirmed or undone). */
  chosen: string | null;
  /** The last undo's refusal or failure, in the server's words, beside its entry. */
  undoProblem: (RefusalWords & { importId: string }) | null;
  /** The import undone last, for the notice. */
  undone: string | null;
}

export type ImportDeskEvent =
  | { type: 'template.download'; kind: TemplateKind }
  | { type: 'history.retry' }
  | { type: 'history.reload' }
  | { type: 'history.undo'; importId: string }
  | { type: 'history.confirm' }
  | { type: 'history.keep' };

export const importDeskMachine = setup({
  types: {} as { context: ImportDeskContext; events: ImportDeskEvent },
  actors: {
    /** GET /staff/import/template?kind=. */
    downloadTemplate: fromPromise<Blob, { kind: TemplateKind }>(async () => {
      throw new Error('provide downloadTemplate');
    }),
    /** GET /staff/import/history. */
    loadHistory: fromPromise<ImportRun[]>(async () => {
      throw new Error('provide loadHistory');
    }),
    /** POST /staff/import/history/:importId/undo: the entry, undone. */
    undoImport: fromPromise<ImportRun, { importId: string }>(async () => {
      throw new Error('provide undoImport');
    }),
  },
  actions: {
    /** Hands the template to the browser to save. */
    saveTemplate: (_, _params: { blob: Blob; kind: TemplateKind }) => {
      throw new Error('provide saveTemplate');
    },
    keepProblem: assign((_, params: { error: unknown }) => ({ problem: failureWords(params.error) })),
  },
}).createMachine({
  id: 'importDesk',
  type: 'parallel',
  description: "Beside the import on the desk's Import page: the templates to download, and the import history with Undo.",
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: templates, import history and undo on the desk (issue 37)' },
  context: { template: 'exam', templateProblem: null, runs: [], problem: null, chosen: null, undoProblem: null, undone: null },
  states: {
    templates: {
      description: 'Download template for an exam, students or content.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The three Download template buttons; a failed download says why beneath them.',
          on: {
            'template.download': {
              target: 'downloading',
              description: 'The administrator presses Download template (exam, students or content)',
              actions: assign({ template: ({ event }) => event.kind, templateProblem: null }),
            },
          },
        },
        downloading: {
          description: 'The server builds the template from the academy; its button shows it is busy and the others wait.',
          tags: ['downloading'],
          invoke: {
            src: 'downloadTemplate',
            input: ({ context }) => ({ kind: context.template }),
            onDone: { target: 'idle', description: 'The template arrived: the browser saves it (exam-template.xlsx)', actions: { type: 'saveTemplate', params: ({ context, event }) => ({ blob: event.output, kind: context.template }) } },
            onError: { target: 'idle', description: 'The template could not be had: the reason shows beneath the buttons', actions: assign({ templateProblem: ({ event }) => failureWords(event.error) }) },
          },
        },
      },
    },
    history: {
      description: 'The imports that wrote, newest first, each with what it changed and Undo.',
      initial: 'loading',
      states: {
        loading: {
          description: 'The history is read.',
          tags: ['loading'],
          invoke: {
            src: 'loadHistory',
            onDone: { target: 'listed', description: 'The imports show (or that there are none yet)', actions: assign({ runs: ({ event }) => event.output, problem: null }) },
            onError: { target: 'failed', description: 'The history could not be had: the reason shows', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          description: "The reason in the server's words (offline, signed out) with Try again.",
          on: { 'history.retry': { target: 'loading', description: 'The administrator presses Try again' } },
        },
        listed: {
          description: 'Every import with who, when, the file, its counts and what it changed; Undo on those not undone.',
          initial: 'idle',
          on: { 'history.reload': { target: 'loading', description: 'An import on the page wrote: the history is read again', actions: assign({ chosen: null, undoProblem: null, undone: null }) } },
          states: {
            idle: {
              description: 'The list; a refused undo shows its reason beside its entry, an undone one says so.',
              on: {
                'history.undo': {
                  guard: ({ context, event }) => context.runs.some((run) => run.id === event.importId && run.undoneAt === null),
                  target: 'confirming',
                  description: 'The administrator presses Undo on an import not undone',
                  actions: assign({ chosen: ({ event }) => event.importId, undoProblem: null, undone: null }),
                },
              },
            },
            confirming: {
              description: 'The confirm step: what undoing the import removes and puts back, with Undo the import and Keep it.',
              on: {
                'history.confirm': { target: 'undoing', description: 'The administrator confirms the undo' },
                'history.keep': { target: 'idle', description: 'The administrator keeps the import', actions: assign({ chosen: null }) },
              },
            },
            undoing: {
              description: 'The import is undone on the server, whole or not at all.',
              tags: ['busy'],
              invoke: {
                src: 'undoImport',
                input: ({ context }) => ({ importId: context.chosen! }),
                onDone: {
                  target: 'idle',
                  description: 'Undone: the entry says when and by whom',
                  actions: assign({
                    runs: ({ context, event }) => context.runs.map((run) => (run.id === event.output.id ? event.output : run)),
                    undone: ({ event }) => event.output.id,
                    chosen: null,
                  }),
                },
                onError: {
                  target: 'idle',
                  description: "Refused (students acted on it since) or failed: the reason shows in the server's words beside the entry",
                  actions: assign({ undoProblem: ({ context, event }) => ({ ...failureWords(event.error), importId: context.chosen! }), chosen: null }),
                },
              },
            },
          },
        },
      },
    },
  },
});
