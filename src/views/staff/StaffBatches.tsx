// The desk's batches (/staff/batches): each with its course and student count, opening its students.
// The flow is the staffBatches statechart; this view renders it.
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { staffBatchesMachine } from '../../machines/staffBatches.machine';
import type { StaffBatchList } from '../../contracts/staffBatches';
import { staffBatchesApi } from '../../services/staffBatches';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { Notice } from '../ui/Notice';
import { PageLink } from '../ui/PageLink';
import { Spinner } from '../ui/Spinner';
import { TableHead } from '../ui/TableHead';
import { DeskLayout, DeskLoadFailure } from './DeskLayout';

const COLUMNS = ['Batch', 'Course', 'Students'] as const;

export function StaffBatchesScreen() {
  return (
    <DeskLayout section="batches" title="Batches" width="wide">
      <BatchesContent />
    </DeskLayout>
  );
}

function BatchesContent() {
  const actor = useActorRef(staffBatchesMachine.provide({ actors: { loadBatches: fromPromise<StaffBatchList>(() => staffBatchesApi.batches()) } }));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const empty = useSelector(actor, (s) => s.matches('empty'));
  const loaded = useSelector(actor, (s) => s.matches('loaded'));
  const list = useSelector(actor, (s) => s.context.list);
  const problem = useSelector(actor, (s) => s.context.problem);
  const canRefresh = useSelector(actor, (s) => s.can({ type: 'batches.refresh' }));
  return (
    <section aria-labelledby="batches-title">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h1 id="batches-title" className="text-xl font-semibold text-slate-900">
          Batches
        </h1>
        <div className="ml-auto flex flex-wrap gap-2">
          {list?.canManage && (
            <ButtonLink variant="secondary" to="/staff/import">
              Add many from a sheet
            </ButtonLink>
          )}
          <Button variant="secondary" disabled={!canRefresh} onClick={() => actor.send({ type: 'batches.refresh' })}>
            Refresh
          </Button>
        </div>
      </div>
      {list && !list.canManage && <p className="mb-3 text-sm text-slate-600">The batches of your courses. Only administrators add or remove students.</p>}
      {loading && <Spinner label="Loading batches…" showLabel />}
      {failed && (
        <DeskLoadFailure problem={problem} fallback="The batches could not be loaded." onRetry={() => actor.send({ type: 'batches.retry' })} />
      )}
      {empty && (
        <Notice title="No batches yet." action={list?.canManage ? <ButtonLink to="/staff/import">Import batches from a sheet</ButtonLink> : undefined}>
          {list?.canManage ? 'Batches come with an import of the academy (a bundle or a students sheet).' : 'None of your courses has a batch yet. An administrator assigns teachers to courses.'}
        </Notice>
      )}
      {loaded && list && (
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Batches with their course and number of students</caption>
            <TableHead columns={COLUMNS} />
            <tbody>
              {list.batches.map((batch) => (
                <tr key={batch._id} className="border-t border-slate-200">
                  <td className="px-3 py-2">
                    <PageLink to={`/staff/batches/${batch._id}`} className="inline-flex min-h-10 items-center font-semibold text-brand-700 underline">
                      {batch.name}
                    </PageLink>
                  </td>
                  <td className="px-3 py-2 text-slate-700">{batch.courseName ?? 'Not given'}</td>
                  <td className="px-3 py-2 tabular-nums">{batch.students}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
