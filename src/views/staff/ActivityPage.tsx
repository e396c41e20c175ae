// The desk's activity log (/staff/activity): who on the staff changed what, when, on which course,
// newest first; an administrator sees every entry, a teacher their own courses' (the server decides).
// Filters by person, kind, course and days; More reads the next page; the filtered log downloads as a
// CSV or XLSX sheet. The flow is the activityLog statechart; this view renders it.
import { useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { activityLogMachine, NO_FILTERS, type ActivityFilters } from '../../machines/activityLog.machine';
import type { SheetFormat } from '../../machines/sheetDownload';
import type { ActivityPage, ActivityQuery } from '../../contracts/activity';
import { ACTIVITY_KIND_IDS, ACTIVITY_KINDS, type ActivityKind } from '../../contracts/activityKinds';
import { formatAcademyTime } from '../../domain/academyTime';
import { activityApi } from '../../services/activity';
import { Button } from '../ui/Button';
import { InlineAlert } from '../ui/InlineAlert';
import { Notice } from '../ui/Notice';
import { saveBlob } from '../ui/saveBlob';
import { Spinner } from '../ui/Spinner';
import { TableHead } from '../ui/TableHead';
import { DeskLayout, DeskLoadFailure } from './DeskLayout';

type ActivityActor = ReturnType<typeof useActivityActor>;

const COLUMNS = ['When', 'Who', 'What', 'Kind', 'Course'] as const;
const controlClass = 'min-h-10 w-full rounded-lg border border-slate-300 bg-white px-2 py-2 text-sm';

function useActivityActor() {
  return useActorRef(
    activityLogMachine.provide({
      actors: {
        loadPage: fromPromise<ActivityPage, ActivityQuery>(({ input }) => activityApi.list(input)),
        downloadSheet: fromPromise<Blob, Omit<ActivityQuery, 'page' | 'limit'> & { format: SheetFormat }>(({ input }) => activityApi.sheet(input)),
      },
      actions: { saveSheet: (_, { blob, format }) => saveBlob(blob, `activity.${format}`) },
    }),
  );
}

export function ActivityScreen() {
  return (
    <DeskLayout section="activity" title="Activity" width="wide">
      <ActivityContent />
    </DeskLayout>
  );
}

function ActivityContent() {
  const actor = useActivityActor();
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const problem = useSelector(actor, (s) => s.context.problem);
  return (
    <section aria-labelledby="activity-title">
      <h1 id="activity-title" className="mb-1 text-xl font-semibold text-slate-900">
        Activity
      </h1>
      <p className="mb-3 text-sm text-slate-600">Who on the staff changed what in the academy, newest first. A teacher sees the entries of their own courses.</p>
      <FilterForm actor={actor} />
      {loading && <Spinner label="Loading activity…" showLabel />}
      {failed && <DeskLoadFailure problem={problem} fallback="The activity could not be loaded." onRetry={() => actor.send({ type: 'activity.retry' })} />}
      {!failed && problem && (
        <div className="mb-3">
          <InlineAlert words={problem} />
        </div>
      )}
      {ready && <EntryList actor={actor} />}
    </section>
  );
}

function FilterForm({ actor }: { actor: ActivityActor }) {
  const applied = useSelector(actor, (s) => s.context.filters);
  const latest = useSelector(actor, (s) => s.context.latest);
  const [filters, setFilters] = useState<ActivityFilters>(applied);
  const set = (field: keyof ActivityFilters) => (e: { target: { value: string } }) => setFilters((f) => ({ ...f, [field]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'activity.filter', filters });
  };
  const clear = () => {
    setFilters(NO_FILTERS);
    actor.send({ type: 'activity.filter', filters: NO_FILTERS });
  };
  const people = latest?.people ?? [];
  const courses = latest?.courses ?? [];
  return (
    <form role="search" aria-label="Filter the activity" onSubmit={submit} className="mb-3 rounded-xl border border-slate-200 bg-white p-3">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <label className="block text-sm font-semibold text-slate-700">
          Person
          <select className={`mt-1 ${controlClass}`} value={filters.staffId} onChange={set('staffId')}>
            <option value="">Everyone</option>
            {people.map((person) => (
              <option key={person._id} value={person._id}>
                {person.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-semibold text-slate-700">
          Kind
          <select className={`mt-1 ${controlClass}`} value={filters.kind} onChange={(e) => setFilters((f) => ({ ...f, kind: e.target.value as ActivityKind | '' }))}>
            <option value="">Every kind</option>
            {ACTIVITY_KIND_IDS.map((kind) => (
              <option key={kind} value={kind}>
                {ACTIVITY_KINDS[kind]}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-semibold text-slate-700">
          Course
          <select className={`mt-1 ${controlClass}`} value={filters.courseId} onChange={set('courseId')}>
            <option value="">Every course</option>
            {courses.map((course) => (
              <option key={course._id} value={course._id}>
                {course.name}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-semibold text-slate-700">
          From
          <input type="date" className={`mt-1 ${controlClass}`} value={filters.from} onChange={set('from')} />
        </label>
        <label className="block text-sm font-semibold text-slate-700">
          To
          <input type="date" className={`mt-1 ${controlClass}`} value={filters.to} onChange={set('to')} />
        </label>
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button type="submit">Show</Button>
        <Button variant="quiet" onClick={clear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}

function EntryList({ actor }: { actor: ActivityActor }) {
  const entries = useSelector(actor, (s) => s.context.entries);
  const total = useSelector(actor, (s) => s.context.latest?.total ?? 0);
  const empty = useSelector(actor, (s) => s.matches({ ready: { list: 'empty' } }));
  const loadingMore = useSelector(actor, (s) => s.hasTag('loadingMore'));
  const canMore = useSelector(actor, (s) => s.can({ type: 'activity.more' }));
  return (
    <>
      <SheetButtons actor={actor} />
      {empty ? (
        <Notice title="Nothing matches these filters.">Change or clear the filters; staff actions show here as they happen.</Notice>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Activity table">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Activity entries, newest first</caption>
              <TableHead columns={COLUMNS} />
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry._id} className="border-t border-slate-200 align-top">
                    <td className="whitespace-nowrap px-3 py-2 tabular-nums">{formatAcademyTime(entry.at)}</td>
                    <td className="px-3 py-2">{entry.staffName}</td>
                    <td className="px-3 py-2">{entry.summary}</td>
                    <td className="px-3 py-2">{ACTIVITY_KINDS[entry.kind]}</td>
                    <td className="px-3 py-2">{entry.courseName ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
            <span className="text-slate-600">
              Showing {entries.length} of {total} entr{total === 1 ? 'y' : 'ies'}
            </span>
            {(canMore || loadingMore) && (
              <Button variant="secondary" className="ml-auto" busy={loadingMore} onClick={() => actor.send({ type: 'activity.more' })}>
                More
              </Button>
            )}
          </div>
        </>
      )}
    </>
  );
}

function SheetButtons({ actor }: { actor: ActivityActor }) {
  const downloading = useSelector(actor, (s) => (s.hasTag('downloading') ? s.context.format : null));
  const sheetProblem = useSelector(actor, (s) => s.context.sheetProblem);
  const download = (format: SheetFormat) => actor.send({ type: 'sheet.download', format });
  return (
    <div className="mb-3">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" busy={downloading === 'csv'} disabled={downloading === 'xlsx'} onClick={() => download('csv')}>
          Download CSV
        </Button>
        <Button variant="secondary" busy={downloading === 'xlsx'} disabled={downloading === 'csv'} onClick={() => download('xlsx')}>
          Download XLSX
        </Button>
      </div>
      <InlineAlert words={sheetProblem} />
    </div>
  );
}
