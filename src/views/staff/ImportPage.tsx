// The desk's Import page (/staff/import, administrators): choose a sheet or bundle, check it (dry
// run), follow its import job (waiting its turn, rows checked), review the changes or every problem by
// row (a change beyond the threshold ticked as checked), import, see the result; beside it the
// templates with the column guide and the import history with Undo (ImportDesk.tsx). The flow is the academyImport statechart; this screen renders it, gives
// it the server's calls and the job's live events, and sends the administrator's events.
import { useCallback, useRef, type ChangeEvent } from 'react';
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { academyImportMachine, type AcademyImportEvent } from '../../machines/academyImport.machine';
import type { ImportJob, ImportKind, ImportResult } from '../../contracts/import';
import { IMPORT_JOB_EVENT, problemPlace } from '../../domain/importFiles';
import { staffApi } from '../../services/staff';
import { Button } from '../ui/Button';
import { InlineAlert } from '../ui/InlineAlert';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { TableHead } from '../ui/TableHead';
import { DeskLayout } from './DeskLayout';
import { ImportHistory, Templates, useHistoryAfterImport, useImportDeskActor } from './ImportDesk';
import { useDeskEvent } from './useDeskEvent';

type ImportActor = ActorRefFrom<typeof academyImportMachine>;

/** How often a followed job is asked for, should its live events not arrive (a lost socket). */
const ASK_EVERY_MS = 3000;

function useImportActor(): ImportActor {
  // The upload reports its bytes to the machine that started it.
  const self = useRef<ImportActor | null>(null);
  const actor = useActorRef(
    academyImportMachine.provide({
      actors: {
        findJob: fromPromise(async () => (await staffApi.importJobs()).find((job) => job.state === 'queued' || job.state === 'running') ?? null),
        sendFile: fromPromise(({ input }) =>
          staffApi.importFile(input.file.name, input.file.data, input.apply, input.confirmLarge, (sent, total) => self.current?.send({ type: 'import.progress', sent, total })),
        ),
        followJob: fromCallback<AcademyImportEvent, { jobId: string }>(({ sendBack, input }) => {
          const timer = setInterval(() => {
            staffApi.importJob(input.jobId).then((job) => sendBack({ type: 'import.job', job }), () => undefined);
          }, ASK_EVERY_MS);
          return () => clearInterval(timer);
        }),
        cancelJob: fromPromise(({ input }) => staffApi.cancelImport(input.jobId)),
      },
    }),
  );
  self.current = actor;
  // The job's changes as the server's runner announces them to the administrators' desks.
  const hear = useCallback(
    (job: ImportJob) => {
      if (actor.getSnapshot().context.job?.id === job.id) actor.send({ type: 'import.job', job });
    },
    [actor],
  );
  useDeskEvent(IMPORT_JOB_EVENT, hear);
  return actor;
}

const plural = (n: number, one: string) => `${n.toLocaleString('en')} ${one}${n === 1 ? '' : 's'}`;

/** What a followed job is doing, in the administrator's words. */
function jobWords(job: ImportJob): string {
  if (job.state === 'queued') return job.ahead > 0 ? `Waiting for ${plural(job.ahead, 'import')} before it…` : 'Waiting to start…';
  if (job.phase === 'writing') return `Writing ${plural(job.rows, 'row')}. It has started writing, so it can no longer be cancelled: it finishes whole.`;
  if (job.phase === 'checking') return `${plural(job.rows, 'row')} read; checking them against the academy…`;
  return 'Reading the file…';
}

/** The Import page in the desk layout (administrators only; the layout refuses teachers). */
export function ImportScreen() {
  return (
    <DeskLayout section="import" title="Import content">
      <ImportPage />
    </DeskLayout>
  );
}

export function ImportPage() {
  const actor = useImportActor();
  const desk = useImportDeskActor();
  const state = useSelector(actor, (s) => s);
  const { file, progress, job, result, problem, step, largeChecked } = state.context;
  useHistoryAfterImport(desk, state.matches('done'));
  const name = file?.name ?? job?.name;
  const choose = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0];
    if (chosen) actor.send({ type: 'import.choose', file: { name: chosen.name, size: chosen.size, data: chosen } });
  };
  const percent = progress && progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;
  return (
    <section aria-labelledby="import-title">
      <h1 id="import-title" className="mb-1 text-xl font-semibold text-slate-900">
        Import content
      </h1>
      <p className="mb-4 text-sm text-slate-600">
        An exam, a batch&apos;s students or lectures and chapters, from an XLSX or CSV sheet or a JSON bundle. It is checked first; nothing is written until you press Import.
      </p>
      <Templates actor={desk} />
      {state.matches('finding') && <Spinner label="Looking for an import in progress…" showLabel />}
      {state.matches('choosing') && (
        <div className="rounded-xl border border-slate-200 bg-white p-4">
          <label htmlFor="import-file" className="mb-2 block font-medium text-slate-800">
            Sheet or bundle
          </label>
          <input id="import-file" type="file" accept=".xlsx,.csv,.json" onChange={choose} className="mb-3 block w-full text-sm" />
          <div className="mb-3">
            <InlineAlert words={problem} />
          </div>
          <Button onClick={() => actor.send({ type: 'import.check' })}>Check</Button>
        </div>
      )}
      {(state.matches('uploading') || state.matches('following')) && (
        <div className="rounded-xl border border-slate-200 bg-white p-4" aria-live="polite">
          <p className="mb-2 font-medium text-slate-800">{step === 'check' ? `Checking ${name}` : `Importing ${name}`}</p>
          {state.matches('uploading') ? (
            <progress className="h-2 w-full accent-brand-700" max={100} value={percent} aria-label={`Sending ${name}`} aria-valuetext={`${percent}%`} />
          ) : (
            <>
              <p role="status" className="mb-3 text-sm text-slate-700">
                {state.matches({ following: 'cancelling' }) ? 'Cancelling…' : job && jobWords(job)}
              </p>
              <div className="mb-3">
                <InlineAlert words={problem} />
              </div>
              {job && !job.writing && (
                <Button variant="secondary" disabled={state.matches({ following: 'cancelling' })} onClick={() => actor.send({ type: 'import.cancel' })}>
                  Cancel the {step === 'check' ? 'check' : 'import'}
                </Button>
              )}
            </>
          )}
        </div>
      )}
      {state.matches('failed') && (
        <Notice
          tone="error"
          className="my-2"
          title={problem?.title ?? 'The file could not be sent.'}
          action={
            <>
              <Button onClick={() => actor.send({ type: 'import.retry' })}>Try again</Button>
              <Button variant="secondary" onClick={() => actor.send({ type: 'import.again' })}>
                Choose another file
              </Button>
            </>
          }
        >
          {problem?.description}
        </Notice>
      )}
      {state.matches({ reviewing: 'problems' }) && result && <Problems result={result} onAgain={() => actor.send({ type: 'import.again' })} />}
      {state.matches({ reviewing: 'nothing' }) && result && (
        <Review title="Nothing to import: the academy already holds all of it." result={result}>
          <Button variant="secondary" onClick={() => actor.send({ type: 'import.again' })}>
            Choose another file
          </Button>
        </Review>
      )}
      {state.matches({ reviewing: 'diff' }) && result && (
        <Review title={`Checked ${name}: these are the changes. Nothing is written yet.`} result={result}>
          {result.large && result.large.length > 0 && (
            <LargeChanges result={result} checked={largeChecked} onCheck={(checked) => actor.send({ type: 'import.largeChecked', checked })} />
          )}
          {file ? (
            <Button disabled={!state.can({ type: 'import.confirm' })} onClick={() => actor.send({ type: 'import.confirm' })}>
              Import
            </Button>
          ) : (
            <p className="text-sm text-slate-700">Choose the file again to import it.</p>
          )}
          <Button variant="secondary" onClick={() => actor.send({ type: 'import.again' })}>
            Choose another file
          </Button>
        </Review>
      )}
      {state.matches('done') && result && (
        <Review title={`Imported ${name}.`} result={result}>
          <Button variant="secondary" onClick={() => actor.send({ type: 'import.again' })}>
            Import another file
          </Button>
        </Review>
      )}
      <ImportHistory actor={desk} />
    </section>
  );
}

/** The kinds the file changes beyond the change threshold, in words, and the tick that lets Import go. */
function LargeChanges({ result, checked, onCheck }: { result: ImportResult; checked: boolean; onCheck: (checked: boolean) => void }) {
  return (
    <div className="w-full rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="mb-1 font-medium">This import changes a large part of the academy:</p>
      <ul className="mb-2 list-disc pl-5">
        {result.large!.map((l) => (
          <li key={l.kind}>
            it updates or removes {l.changed.toLocaleString('en')} of the academy&apos;s {l.existing.toLocaleString('en')} {l.kind} ({l.percent} %).
          </li>
        ))}
      </ul>
      <label className="flex min-h-10 items-center gap-2 font-medium">
        <input type="checkbox" className="h-5 w-5" checked={checked} onChange={(e) => onCheck(e.target.checked)} />
        I have checked these changes
      </label>
    </div>
  );
}

function Review({ title, result, children }: { title: string; result: ImportResult; children: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <p role="status" className="mb-3 font-medium text-slate-900">
        {title}
      </p>
      {result.summary && result.summary.length > 0 && (
        <ul className="mb-3 list-disc pl-5 text-sm text-slate-800" aria-label="What changes">
          {result.summary.map((line, i) => (
            <li key={i} className="break-words">
              {line}
            </li>
          ))}
        </ul>
      )}
      <table className="mb-3 w-full text-left text-sm" aria-label="Changes by kind">
        <TableHead columns={['Kind', 'Added', 'Updated', 'Unchanged', 'Removed']} />
        <tbody>
          {result.kinds.map((k) => (
            <tr key={k.kind} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-2 font-medium">
                {k.kind}
              </th>
              <td className="px-3 py-2">{k.added}</td>
              <td className="px-3 py-2">{k.updated}</td>
              <td className="px-3 py-2">{k.unchanged}</td>
              <td className="px-3 py-2">{k.removed}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {result.kinds.some((k) => k.changes.length > 0) && <ChangeList kinds={result.kinds} />}
      <div className="flex flex-wrap gap-2">{children}</div>
    </div>
  );
}

function ChangeList({ kinds }: { kinds: ImportKind[] }) {
  return (
    <details className="mb-3 text-sm">
      <summary className="cursor-pointer text-brand-800">Every change</summary>
      <ul className="mt-2 space-y-1">
        {kinds.flatMap((k) =>
          k.changes.map((c) => (
            <li key={`${k.kind}:${c.id}:${c.action}`}>
              {k.kind} {c.action}: {c.label}
              {c.fields ? ` (${c.fields.join(', ')})` : ''}
            </li>
          )),
        )}
      </ul>
    </details>
  );
}


function Problems({ result, onAgain }: { result: ImportResult; onAgain: () => void }) {
  return (
    <div className="rounded-xl border border-red-200 bg-white p-4">
      <p role="alert" className="mb-3 font-medium text-red-800">
        {result.problems.length === 1 ? 'The file has a problem' : `The file has ${result.problems.length} problems`}; nothing was written. Fix them and choose the file again.
      </p>
      <table className="mb-3 w-full text-left text-sm" aria-label="Problems">
        <TableHead columns={['Where', 'Problem']} />
        <tbody>
          {result.problems.map((p, i) => (
            <tr key={i} className="border-t border-slate-100 align-top">
              <td className="px-3 py-2 whitespace-nowrap">{problemPlace(p)}</td>
              <td className="px-3 py-2">{p.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button variant="secondary" onClick={onAgain}>
        Choose another file
      </Button>
    </div>
  );
}
