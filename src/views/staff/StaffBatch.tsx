// One batch on the desk (/staff/batches/:batchId): its students, searched and paged; an administrator
// adds a student by phone and removes one after confirming. The flow is the staffBatch statechart;
// this view renders it and sends the staff member's events.
import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { BATCH_PAGE_SIZE, staffBatchMachine, type AddField, type StudentsRequest } from '../../machines/staffBatch.machine';
import type { AddBatchStudentBody, AddBatchStudentReply, BatchStudentsPage, RemoveBatchStudentReply } from '../../contracts/staffBatches';
import { staffBatchesApi } from '../../services/staffBatches';
import { TextField } from '../auth/AuthCard';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { InlineAlert } from '../ui/InlineAlert';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { PageLink } from '../ui/PageLink';
import { Spinner } from '../ui/Spinner';
import { TableHead } from '../ui/TableHead';
import { DeskLayout, useDeskPageTitle, DeskLoadFailure } from './DeskLayout';

type BatchActor = ReturnType<typeof useBatchActor>;

function useBatchActor(batchId: string) {
  return useActorRef(
    staffBatchMachine.provide({
      actors: {
        loadStudents: fromPromise<BatchStudentsPage, StudentsRequest>(({ input }) =>
          staffBatchesApi.students(input.batchId, { page: input.page, limit: input.limit, ...(input.search && { search: input.search }) })),
        addStudent: fromPromise<AddBatchStudentReply, { batchId: string; body: AddBatchStudentBody }>(({ input }) => staffBatchesApi.add(input.batchId, input.body)),
        removeStudent: fromPromise<RemoveBatchStudentReply, { batchId: string; studentId: string }>(({ input }) => staffBatchesApi.remove(input.batchId, input.studentId)),
      },
    }),
    { input: { batchId } },
  );
}

export function StaffBatchScreen() {
  const { batchId = '' } = useParams();
  return (
    <DeskLayout section="batches" title="Batch" width="wide">
      <BatchContent key={batchId} batchId={batchId} />
    </DeskLayout>
  );
}

function BatchContent({ batchId }: { batchId: string }) {
  const actor = useBatchActor(batchId);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const page = useSelector(actor, (s) => s.context.students);
  const problem = useSelector(actor, (s) => s.context.problem);
  const notice = useSelector(actor, (s) => s.context.notice);
  const canAdd = useSelector(actor, (s) => s.can({ type: 'add.open' }));
  const editing = useSelector(actor, (s) => s.matches({ ready: { panel: 'editing' } }) || s.hasTag('adding'));
  const batch = page?.batch ?? null;
  useDeskPageTitle(batch ? batch.name : null);
  return (
    <section aria-labelledby="batch-title">
      <ButtonLink to="/staff/batches" variant="quiet" className="-ml-2">
        ← Batches
      </ButtonLink>
      <div className="mb-3 mt-1 flex flex-wrap items-center gap-2">
        <div className="min-w-0">
          <h1 id="batch-title" className="break-words text-xl font-semibold text-slate-900">
            {batch ? batch.name : 'Batch'}
          </h1>
          {batch && <p className="text-sm text-slate-600">{batch.courseName ?? 'Not given'} · {batch.students} student{batch.students === 1 ? '' : 's'}</p>}
        </div>
        {page?.canManage && (
          <div className="ml-auto flex flex-wrap gap-2">
            <Button disabled={!canAdd} onClick={() => actor.send({ type: 'add.open' })}>
              Add a student
            </Button>
            <ButtonLink variant="secondary" to="/staff/import">
              Add many from a sheet
            </ButtonLink>
          </div>
        )}
      </div>
      {notice && <Notice className="mb-3" title={notice} />}
      {failed && (
        <DeskLoadFailure problem={problem} fallback="The students could not be loaded." onRetry={() => actor.send({ type: 'students.retry' })} back={{ to: '/staff/batches', label: 'Batches' }} />
      )}
      {!failed && problem && !editing && <div className="mb-3"><InlineAlert words={problem} /></div>}
      {editing && <AddStudentForm actor={actor} />}
      {(ready || loading) && page && <SearchForm actor={actor} />}
      {loading && <Spinner label="Loading students…" showLabel />}
      {ready && <StudentList actor={actor} />}
      <RemoveDialog actor={actor} />
    </section>
  );
}

function AddStudentForm({ actor }: { actor: BatchActor }) {
  const form = useSelector(actor, (s) => s.context.form);
  const problems = useSelector(actor, (s) => s.context.fieldProblems);
  const problem = useSelector(actor, (s) => s.context.problem);
  const adding = useSelector(actor, (s) => s.hasTag('adding'));
  const change = (field: AddField) => (e: { target: { value: string } }) => actor.send({ type: 'add.change', field, value: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'add.submit' });
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="add-title" className="mb-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="add-title" className="mb-1 font-semibold text-slate-900">Add a student by phone</h2>
      <p className="mb-3 text-sm text-slate-600">
        A phone that already has an account adds that student. For a new phone, give the name (and roll, if the academy has one): the account is made without a password, and the student sets one with a one-time code on first sign-in (Create an account).
      </p>
      <div className="grid gap-x-3 sm:grid-cols-3">
        <TextField id="add-phone" label="Phone" inputMode="numeric" autoComplete="off" placeholder="01XXXXXXXXX" value={form.phone} onChange={change('phone')} error={problems.phone} />
        <TextField id="add-name" label="Name (new students)" autoComplete="off" value={form.name} onChange={change('name')} error={problems.name} />
        <TextField id="add-roll" label="Roll (optional)" autoComplete="off" value={form.roll} onChange={change('roll')} error={problems.roll} />
      </div>
      {problem && <div className="mb-3"><InlineAlert words={problem} /></div>}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={adding}>
          Add to batch
        </Button>
        <Button variant="secondary" disabled={adding} onClick={() => actor.send({ type: 'add.cancel' })}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function SearchForm({ actor }: { actor: BatchActor }) {
  const current = useSelector(actor, (s) => s.context.search);
  const canSearch = useSelector(actor, (s) => s.can({ type: 'students.search', search: '' }));
  const [text, setText] = useState(current);
  const [shown, setShown] = useState(current);
  // A search set by the machine (after an add: the new student's phone) shows in the box.
  if (current !== shown) {
    setShown(current);
    setText(current);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'students.search', search: text });
  };
  return (
    <form role="search" onSubmit={submit} className="mb-3 flex flex-wrap items-end gap-2">
      <div className="min-w-0 flex-1">
        <label htmlFor="student-search" className="mb-1 block text-sm font-semibold text-slate-700">
          Search by name, phone or roll
        </label>
        <input id="student-search" type="search" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} className="w-full rounded-lg border border-slate-300 px-3 py-2" />
      </div>
      <Button type="submit" variant="secondary" disabled={!canSearch}>
        Search
      </Button>
      {current && (
        <Button variant="quiet" disabled={!canSearch} onClick={() => actor.send({ type: 'students.search', search: '' })}>
          Show all
        </Button>
      )}
    </form>
  );
}

function StudentList({ actor }: { actor: BatchActor }) {
  const page = useSelector(actor, (s) => s.context.students)!;
  const search = useSelector(actor, (s) => s.context.search);
  const pageNumber = useSelector(actor, (s) => s.context.page);
  const empty = useSelector(actor, (s) => s.matches({ ready: { list: 'empty' } }));
  const noMatch = useSelector(actor, (s) => s.matches({ ready: { list: 'noMatch' } }));
  const canRemove = useSelector(actor, (s) => page.canManage && s.can({ type: 'remove.ask', student: page.students[0]! }));
  const canPrevious = useSelector(actor, (s) => s.can({ type: 'students.page', page: pageNumber - 1 }));
  const canNext = useSelector(actor, (s) => s.can({ type: 'students.page', page: pageNumber + 1 }));
  if (empty) {
    return <Notice title="No students in this batch yet.">{page.canManage ? 'Add one by phone, or many from a sheet on the Import page.' : 'An administrator adds students to batches.'}</Notice>;
  }
  if (noMatch) return <Notice title={`No student matches "${search}".`}>Try part of the name, the phone number or the roll.</Notice>;
  const columns = page.canManage ? (['Name', 'Phone', 'Roll', 'Password', 'Action'] as const) : (['Name', 'Phone', 'Roll', 'Password'] as const);
  const pages = Math.max(1, Math.ceil(page.total / BATCH_PAGE_SIZE));
  return (
    <>
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Students of the batch</caption>
          <TableHead columns={columns} />
          <tbody>
            {page.students.map((student) => (
              <tr key={student._id} className="border-t border-slate-200">
                <td className="px-3 py-2">
                  <PageLink to={`/staff/students/${student._id}`} className="inline-flex min-h-10 items-center font-semibold text-brand-700 underline">
                    {student.name}
                  </PageLink>
                </td>
                <td className="px-3 py-2 tabular-nums">{student.phone}</td>
                <td className="px-3 py-2">{student.sid}</td>
                <td className="px-3 py-2">{student.hasPassword ? 'Set' : 'Not set yet'}</td>
                {page.canManage && (
                  <td className="px-3 py-2">
                    <Button variant="secondary" disabled={!canRemove} onClick={() => actor.send({ type: 'remove.ask', student })} aria-label={`Remove ${student.name} from the batch`}>
                      Remove
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages of students" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="text-slate-600">
          {page.total} student{page.total === 1 ? '' : 's'}{search ? ` matching "${search}"` : ''} · page {pageNumber} of {pages}
        </span>
        <Button variant="secondary" className="ml-auto" disabled={!canPrevious} onClick={() => actor.send({ type: 'students.page', page: pageNumber - 1 })}>
          Previous page
        </Button>
        <Button variant="secondary" disabled={!canNext} onClick={() => actor.send({ type: 'students.page', page: pageNumber + 1 })}>
          Next page
        </Button>
      </nav>
    </>
  );
}

function RemoveDialog({ actor }: { actor: BatchActor }) {
  const open = useSelector(actor, (s) => s.matches({ ready: { panel: 'confirmingRemoval' } }) || s.hasTag('removing'));
  const removing = useSelector(actor, (s) => s.hasTag('removing'));
  const student = useSelector(actor, (s) => s.context.chosen);
  const batch = useSelector(actor, (s) => s.context.students?.batch.name ?? 'the batch');
  return (
    <Modal
      open={open}
      onClose={() => actor.send({ type: 'remove.cancel' })}
      title={`Remove ${student?.name ?? 'the student'} from ${batch}?`}
      actions={
        <>
          <Button variant="secondary" disabled={removing} onClick={() => actor.send({ type: 'remove.cancel' })}>
            Cancel
          </Button>
          <Button busy={removing} onClick={() => actor.send({ type: 'remove.confirm' })}>
            Remove
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">They no longer see the batch's content and exams. Their past exams and results stay.</p>
    </Modal>
  );
}
