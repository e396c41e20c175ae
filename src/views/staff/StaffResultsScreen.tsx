// The results of one published exam assignment (/staff/exams/:assignmentId/results), opened from the
// marking desk and from the item analysis: the batch's merit list with the places the students' merit
// list gives, a search by name or roll, one student's result as the student sees it (the students'
// own result view), and the list as a CSV or XLSX sheet. The flow is the staffResults statechart.
import { useParams } from 'react-router-dom';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { matchingRows, staffResultsMachine, type StudentRequest } from '../../machines/staffResults.machine';
import type { SheetFormat, SheetRequest } from '../../machines/sheetDownload';
import type { StudentResult } from '../../contracts/results';
import type { StaffMeritList, StaffMeritRow } from '../../contracts/staffResults';
import { staffResultsApi } from '../../services/staffResults';
import { formatAcademyTime } from '../../domain/academyTime';
import { formatMarks, formatMerit } from '../../domain/results';
import { passWord, resultsFileName } from '../../domain/staffResults';
import { ResultBody } from '../results/ResultScreen';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { InlineAlert } from '../ui/InlineAlert';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { TableHead } from '../ui/TableHead';
import { saveBlob } from '../ui/saveBlob';
import { challengesLabel, challengesPath } from './challengesLink';
import { DeskLayout, useDeskPageTitle, DeskLoadFailure } from './DeskLayout';

export function StaffResultsScreen() {
  const { assignmentId = '' } = useParams();
  return (
    <DeskLayout section="marking" title="Results" width="wide">
      <StaffResultsView key={assignmentId} assignmentId={assignmentId} />
    </DeskLayout>
  );
}

type ResultsActor = ReturnType<typeof useResultsActor>;

function useResultsActor(assignmentId: string) {
  return useActorRef(
    staffResultsMachine.provide({
      actors: {
        loadList: fromPromise<StaffMeritList, { assignmentId: string }>(({ input }) => staffResultsApi.meritList(input.assignmentId)),
        loadStudent: fromPromise<StudentResult, StudentRequest>(({ input }) => staffResultsApi.studentResult(input.assignmentId, input.studentId)),
        downloadSheet: fromPromise<Blob, SheetRequest>(({ input }) => staffResultsApi.sheet(input.assignmentId, input.format)),
      },
      actions: {
        saveSheet: ({ context }, { blob, format }) => {
          const assignment = context.list!.assignment;
          saveBlob(blob, resultsFileName(assignment.exam.title, assignment.groupName, format));
        },
      },
    }),
    { input: { assignmentId } },
  );
}

function StaffResultsView({ assignmentId }: { assignmentId: string }) {
  const actor = useResultsActor(assignmentId);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const empty = useSelector(actor, (s) => s.matches('empty'));
  const loaded = useSelector(actor, (s) => s.matches('loaded'));
  const list = useSelector(actor, (s) => s.context.list);
  const problem = useSelector(actor, (s) => s.context.problem);
  const title = list?.assignment.exam.title ?? null;
  useDeskPageTitle(title ? `Results · ${title}` : null);

  return (
    <>
      <ButtonLink to="/staff" variant="quiet" className="-ml-2">
        ← Teacher desk
      </ButtonLink>
      <h1 className="mt-1 break-words text-xl font-semibold text-slate-900">Results{title ? `: ${title}` : ''}</h1>
      {list && (
        <p className="text-sm text-slate-600">
          {list.assignment.groupName} · {list.rows.length} submitted · pass mark {list.exam.passMark}% of {formatMarks(list.exam.totalMarks)}
          {list.exam.negativeMark > 0 && ` · negative marks ${formatMarks(list.exam.negativeMark)} a wrong answer`}
          {list.rankedInExam > list.rows.length && ` · places among ${list.rankedInExam} students of every published batch`}
        </p>
      )}
      {loading && <Spinner label="Loading the results…" showLabel />}
      {failed && (
        <DeskLoadFailure problem={problem} fallback="The results could not be loaded." onRetry={() => actor.send({ type: 'results.retry' })} back={{ to: '/staff', label: 'Teacher desk' }} />
      )}
      {empty && (
        <Notice title="No student of this batch submitted this exam." action={<Button variant="secondary" onClick={() => actor.send({ type: 'results.retry' })}>Reload</Button>}>
          The merit list fills as students submit.
        </Notice>
      )}
      {loaded && list && (
        <>
          <Toolbar actor={actor} assignmentId={assignmentId} isPractice={list.assignment.exam.isPracticeExam} challenges={list.challenges} />
          <MeritTable actor={actor} />
          <StudentDialog actor={actor} />
        </>
      )}
    </>
  );
}

function Toolbar({ actor, assignmentId, isPractice, challenges }: { actor: ResultsActor; assignmentId: string; isPractice: boolean; challenges: number }) {
  const search = useSelector(actor, (s) => s.context.search);
  const downloading = useSelector(actor, (s) => (s.hasTag('downloading') ? s.context.format : null));
  const sheetProblem = useSelector(actor, (s) => s.context.sheetProblem);
  const download = (format: SheetFormat) => actor.send({ type: 'sheet.download', format });
  return (
    <div className="my-3 space-y-2">
      <div className="flex flex-wrap items-end gap-2">
        <label className="flex min-w-64 flex-1 flex-col text-sm font-medium text-slate-700">
          Search by name or roll
          <input
            type="search"
            value={search}
            onChange={(e) => actor.send({ type: 'results.search', text: e.target.value })}
            className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900"
          />
        </label>
        <Button variant="secondary" busy={downloading === 'csv'} disabled={downloading !== null} onClick={() => download('csv')}>
          Download CSV
        </Button>
        <Button variant="secondary" busy={downloading === 'xlsx'} disabled={downloading !== null} onClick={() => download('xlsx')}>
          Download XLSX
        </Button>
        {!isPractice && (
          <ButtonLink variant="quiet" to={`/staff/exams/${assignmentId}/analysis`}>
            Item analysis
          </ButtonLink>
        )}
        {challenges > 0 && (
          <ButtonLink variant="quiet" to={challengesPath(assignmentId)}>
            {challengesLabel(challenges)}
          </ButtonLink>
        )}
      </div>
      {downloading && (
        <p role="status" className="text-sm text-slate-600">
          Preparing the {downloading.toUpperCase()} sheet…
        </p>
      )}
      <InlineAlert words={sheetProblem} />
    </div>
  );
}

const place = (value: number | null) => formatMerit(value).replace('Not given', '–');

function MeritTable({ actor }: { actor: ResultsActor }) {
  const rows = useSelector(actor, (s) => matchingRows(s.context));
  const shown = useSelector(actor, (s) => s.context.shown);
  const total = useSelector(actor, (s) => s.context.list?.rows.length ?? 0);
  const search = useSelector(actor, (s) => s.context.search.trim());
  const canMore = useSelector(actor, (s) => s.can({ type: 'results.more' }));
  const withFaculty = useSelector(actor, (s) => s.context.list?.rows.some((row) => row.facultyName !== null) ?? false);
  const columns = ['Position', 'Rank', 'Name', 'Roll', ...(withFaculty ? ['Faculty', 'Faculty pos.'] : []), 'Marks', 'Negative', 'Written', 'Overall', 'Result', 'Submitted'];
  const visible = rows.slice(0, shown);
  return (
    <>
      <p className="mb-2 text-sm text-slate-600" role="status">
        {search ? `${rows.length} of ${total} students match “${search}”.` : `${total} student${total === 1 ? '' : 's'}, by place.`}
        {visible.length < rows.length && ` Showing the first ${visible.length}.`}
      </p>
      {rows.length === 0 ? (
        <Notice>No student’s name or roll holds “{search}”.</Notice>
      ) : (
        // Wider than a small window: focusable, so the keyboard scrolls it sideways.
        <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Merit list table">
          <table className="w-full min-w-[860px] text-left text-sm" aria-label="Merit list">
            <TableHead columns={columns} cellClass="px-2 py-2" />
            <tbody>
              {visible.map((row) => (
                <MeritRowView key={row.studentId} row={row} withFaculty={withFaculty} onOpen={() => actor.send({ type: 'student.open', studentId: row.studentId })} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {canMore && (
        <div className="mt-3 flex justify-center">
          <Button variant="secondary" onClick={() => actor.send({ type: 'results.more' })}>
            Show more
          </Button>
        </div>
      )}
    </>
  );
}

function MeritRowView({ row, withFaculty, onOpen }: { row: StaffMeritRow; withFaculty: boolean; onOpen: () => void }) {
  return (
    <tr className="border-t border-slate-200">
      <td className="px-2 py-1.5 tabular-nums">{row.position}</td>
      <td className="px-2 py-1.5 tabular-nums">{row.rank}</td>
      <th scope="row" className="px-2 py-1.5 text-left font-medium">
        <button type="button" className="min-h-10 text-left text-brand-700 underline" onClick={onOpen} aria-label={`Result of ${row.name}`}>
          {row.name}
        </button>
      </th>
      <td className="px-2 py-1.5">{row.sid}</td>
      {withFaculty && <td className="px-2 py-1.5">{row.facultyName ?? '–'}</td>}
      {withFaculty && <td className="px-2 py-1.5 tabular-nums">{place(row.facultyPosition)}</td>}
      <td className="px-2 py-1.5 tabular-nums">
        {formatMarks(row.marksObtained)} / {formatMarks(row.totalMarks)}
      </td>
      <td className="px-2 py-1.5 tabular-nums">{formatMarks(row.negativeMarks)}</td>
      <td className="px-2 py-1.5 tabular-nums">{formatMarks(row.writtenMarks)}</td>
      <td className="px-2 py-1.5 tabular-nums">{formatMarks(row.overall)}</td>
      <td className={`px-2 py-1.5 font-semibold ${row.passed ? 'text-green-800' : 'text-red-800'}`}>{passWord(row.passed)}</td>
      <td className="px-2 py-1.5 whitespace-nowrap">{formatAcademyTime(row.submittedAt)}</td>
    </tr>
  );
}

function StudentDialog({ actor }: { actor: ResultsActor }) {
  const open = useSelector(actor, (s) => !s.matches({ loaded: { student: 'closed' } }));
  const loading = useSelector(actor, (s) => s.hasTag('studentLoading'));
  const result = useSelector(actor, (s) => s.context.student);
  const problem = useSelector(actor, (s) => s.context.studentProblem);
  const name = useSelector(actor, (s) => s.context.list?.rows.find((row) => row.studentId === s.context.studentId)?.name ?? '');
  const close = () => actor.send({ type: 'student.close' });
  return (
    <Modal open={open} onClose={close} title={`Result of ${name}`} size="lg" closeLabel="Close the result">
      {loading && <Spinner label="Loading the result…" showLabel />}
      {problem && (
        <Notice tone="error" title={problem.title} action={<Button onClick={() => actor.send({ type: 'student.retry' })}>Try again</Button>}>
          {problem.description}
        </Notice>
      )}
      {result && (
        <div className="max-h-[70vh] overflow-y-auto" data-testid="staff-student-result" tabIndex={0} role="region" aria-label={`Result of ${name}`}>
          <p className="mb-2 text-sm text-slate-600">As {name} sees it.</p>
          <ResultBody result={result} />
        </div>
      )}
    </Modal>
  );
}
