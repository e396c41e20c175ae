// Beside the import on the desk's Import page: the templates to download with the column guide, and the
// import history with Undo. The flow is the importDesk statechart; this renders it, gives it the
// server's calls and the browser's save, and sends the administrator's events. The column guide's words
// are the template's own Columns sheet (src/contracts/importColumns.ts).
import { useEffect } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { importDeskMachine } from '../../machines/importDesk.machine';
import type { ImportRun } from '../../contracts/import';
import { IMPORT_COLUMN_GUIDE, TEMPLATE_KINDS, TEMPLATE_LABELS, templateFileName } from '../../contracts/importColumns';
import { formatAcademyTime } from '../../domain/academyTime';
import { staffApi } from '../../services/staff';
import { Button } from '../ui/Button';
import { InlineAlert } from '../ui/InlineAlert';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { saveBlob } from '../ui/saveBlob';
import { Spinner } from '../ui/Spinner';

export type ImportDeskActor = ActorRefFrom<typeof importDeskMachine>;

export function useImportDeskActor(): ImportDeskActor {
  return useActorRef(
    importDeskMachine.provide({
      actors: {
        downloadTemplate: fromPromise(({ input }) => staffApi.importTemplate(input.kind)),
        loadHistory: fromPromise(() => staffApi.importHistory()),
        undoImport: fromPromise(({ input }) => staffApi.undoImport(input.importId)),
      },
      actions: { saveTemplate: (_, { blob, kind }) => saveBlob(blob, templateFileName(kind)) },
    }),
  );
}

/** Tells the history to read itself again once an import on the page has written. */
export function useHistoryAfterImport(actor: ImportDeskActor, imported: boolean): void {
  useEffect(() => {
    if (imported) actor.send({ type: 'history.reload' });
  }, [actor, imported]);
}

/** Download template for each kind, and the column guide. */
export function Templates({ actor }: { actor: ImportDeskActor }) {
  const downloading = useSelector(actor, (s) => (s.hasTag('downloading') ? s.context.template : null));
  const problem = useSelector(actor, (s) => s.context.templateProblem);
  return (
    <div className="mb-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="mb-1 font-medium text-slate-800">Templates</h2>
      <p className="mb-3 text-sm text-slate-600">
        Sheets built from your academy&apos;s courses, subjects, chapters and batches, with one filled example row and drop-down lists. Name things as you see them; ids are not needed.
      </p>
      <div className="mb-2 flex flex-wrap gap-2">
        {TEMPLATE_KINDS.map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            busy={downloading === kind}
            disabled={downloading !== null}
            onClick={() => actor.send({ type: 'template.download', kind })}
          >
            Download the {TEMPLATE_LABELS[kind].toLowerCase()} template
          </Button>
        ))}
      </div>
      <InlineAlert words={problem} />
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer text-brand-800">Column guide: what every column takes</summary>
        {TEMPLATE_KINDS.map((kind) => (
          <div key={kind} className="mt-3 overflow-x-auto">
            <h3 className="mb-1 font-medium text-slate-800">{TEMPLATE_LABELS[kind]} template</h3>
            <table className="w-full text-left text-sm" aria-label={`Columns of the ${TEMPLATE_LABELS[kind].toLowerCase()} template`}>
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="px-2 py-1 font-medium">Sheet</th>
                  <th scope="col" className="px-2 py-1 font-medium">Column</th>
                  <th scope="col" className="px-2 py-1 font-medium">What it takes</th>
                </tr>
              </thead>
              <tbody>
                {IMPORT_COLUMN_GUIDE[kind].map((c) => (
                  <tr key={`${c.sheet}:${c.column}`} className="border-t border-slate-100 align-top">
                    <td className="px-2 py-1">{c.sheet}</td>
                    <th scope="row" className="whitespace-nowrap px-2 py-1 font-medium">{c.column}</th>
                    <td className="px-2 py-1">{c.holds}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </details>
    </div>
  );
}

/** What an import changed, counted: "question: 20 added; exam: 1 added". */
const countWords = (counts: ImportRun['counts']) =>
  counts
    .map((c) => ({ kind: c.kind, words: [c.added && `${c.added} added`, c.updated && `${c.updated} updated`, c.removed && `${c.removed} removed`].filter(Boolean).join(', ') }))
    .filter((c) => c.words)
    .map((c) => `${c.kind}: ${c.words}`)
    .join('; ');

/** The imports that wrote, each with Undo, its confirm step, and a refusal in the server's words. */
export function ImportHistory({ actor }: { actor: ImportDeskActor }) {
  const state = useSelector(actor, (s) => s);
  const { runs, problem, undoProblem, undone } = state.context;
  return (
    <section aria-labelledby="import-history-title" className="mt-6">
      <h2 id="import-history-title" className="mb-2 text-lg font-semibold text-slate-900">
        Import history
      </h2>
      {state.matches({ history: 'loading' }) && <Spinner label="Reading the import history…" showLabel />}
      {state.matches({ history: 'failed' }) && (
        <Notice tone="error" title={problem?.title ?? 'The import history could not be read.'} action={<Button onClick={() => actor.send({ type: 'history.retry' })}>Try again</Button>}>
          {problem?.description}
        </Notice>
      )}
      {state.matches({ history: 'listed' }) && runs.length === 0 && <p className="text-sm text-slate-600">No import has written anything yet.</p>}
      {state.matches({ history: 'listed' }) && runs.length > 0 && (
        <ul className="space-y-3" aria-label="Imports">
          {runs.map((run) => (
            <li key={run.id} aria-label={run.fileName} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
              <p className="break-words font-medium text-slate-900">{run.fileName}</p>
              <p className="text-slate-600">
                {formatAcademyTime(run.createdAt)} · by {run.by}
                {countWords(run.counts) && ` · ${countWords(run.counts)}`}
              </p>
              {run.summary.length > 0 && (
                <ul className="mt-1 list-disc pl-5 text-slate-700">
                  {run.summary.map((line, i) => (
                    <li key={i} className="break-words">{line}</li>
                  ))}
                </ul>
              )}
              {run.undoneAt ? (
                <p role={undone === run.id ? 'status' : undefined} className="mt-2 font-medium text-slate-800">
                  Undone {formatAcademyTime(run.undoneAt)}
                  {run.undoneBy ? ` by ${run.undoneBy}` : ''}: what it added was removed and what it changed has its earlier values again.
                </p>
              ) : (
                <div className="mt-2">
                  <Button variant="secondary" busy={state.matches({ history: { listed: 'undoing' } }) && state.context.chosen === run.id} disabled={!state.matches({ history: { listed: 'idle' } })} aria-label={`Undo ${run.fileName}`} onClick={() => actor.send({ type: 'history.undo', importId: run.id })}>
                    Undo
                  </Button>
                </div>
              )}
              {undoProblem?.importId === run.id && (
                <div className="mt-2">
                  <InlineAlert words={undoProblem} />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <UndoDialog actor={actor} />
    </section>
  );
}

function UndoDialog({ actor }: { actor: ImportDeskActor }) {
  const open = useSelector(actor, (s) => s.matches({ history: { listed: 'confirming' } }) || s.matches({ history: { listed: 'undoing' } }));
  const undoing = useSelector(actor, (s) => s.matches({ history: { listed: 'undoing' } }));
  const run = useSelector(actor, (s) => s.context.runs.find((r) => r.id === s.context.chosen));
  return (
    <Modal
      open={open}
      onClose={() => undoing || actor.send({ type: 'history.keep' })}
      title={`Undo ${run?.fileName ?? 'the import'}?`}
      actions={
        <>
          <Button variant="secondary" disabled={undoing} onClick={() => actor.send({ type: 'history.keep' })}>
            Keep it
          </Button>
          <Button variant="danger" busy={undoing} onClick={() => actor.send({ type: 'history.confirm' })}>
            Undo the import
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        What this import added is removed and what it changed gets its earlier values back, all at once. It is refused if students have acted on it since (started an exam, signed in).
      </p>
    </Modal>
  );
}
