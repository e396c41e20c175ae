// The Scoreboard (spec section 2): who, the total obtained out of total, six summary cards, the Select
// Course filter, a chart of marks over time against the pass mark, the table of published results
// (more rows arrive as the student scrolls), an exam's Merit List in a modal, and Print as a Progress
// Report (Roll, Branch, Name and the exam table) with nothing else on the page. Below 640 px the results
// and the merit list are a card a row (the main figures, details on tap; the student's own rank pinned on
// top), since ten columns do not fit a phone; the scoreboard's figures have 2 decimals.
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { ScoreboardMistakes } from '../mistakes/PractiseMistakes';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { scoreboardMachine, type MeritExam } from '../../machines/scoreboard.machine';
import type { MeritRow, ScoreboardRow } from '../../contracts/results';
import { resultsApi } from '../../services/results';
import { formatAcademyTime, formatChartDate, formatResultDate } from '../../domain/academyTime';
import { formatMarks, formatMerit, formatScoreboardMarks } from '../../domain/results';
import { SectionTabs } from '../app/SectionTabs';
import { Button } from '../ui/Button';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { FigureCards } from '../ui/FigureCards';
import { TableHead } from '../ui/TableHead';
import { Spinner } from '../ui/Spinner';
import { useNarrowScreen } from '../ui/useNarrowScreen';
import { goBackFrom, resultPath, showResultsFailure, tellResultInfoMissing } from './resultNavigation';
import { RegradeNote } from './AnswerChallenge';

import { SubjectStrengths } from './SubjectStrengths';

const MarksOverTimeChart = lazy(() => import('./charts').then((m) => ({ default: m.MarksOverTimeChart })));

type ScoreboardActor = ActorRefFrom<typeof scoreboardMachine>;

export function ScoreboardScreen() {
  const navigate = useNavigate();
  const actor = useActorRef(
    scoreboardMachine.provide({
      actors: {
        loadPage: fromPromise(({ input }) => resultsApi.scoreboardPage({ lastId: input.lastId, courseId: input.courseId })),
        loadAll: fromPromise(({ input }) => resultsApi.scoreboard(input.courseId)),
        loadMerit: fromPromise(({ input }) => resultsApi.meritList(input.examId, input.isPracticeExam, { after: input.after })),
      },
      actions: {
        notifyFailure: (_, { error }) => showResultsFailure(error),
        // The whole table is drawn before the print dialog opens.
        print: () => void window.setTimeout(() => window.print(), 0),
      },
    }),
  );
  const head = useSelector(actor, (s) => s.context.head);
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const back = () => goBackFrom(navigate);

  if (failed && !head) {
    return (
      <Notice
        tone="error"
        title="The scoreboard could not be loaded."
        action={
          <>
            <Button variant="secondary" onClick={back}>
              Back
            </Button>
            <Button onClick={() => actor.send({ type: 'scoreboard.retry' })}>Try again</Button>
          </>
        }
      />
    );
  }
  if (!head) return <Spinner label="Loading scoreboard…" showLabel />;

  return (
    <>
      <section aria-labelledby="scoreboard-title" className="print:hidden">
        <SectionTabs />
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={back}>
            Back
          </Button>
          <h1 id="scoreboard-title" className="text-xl font-semibold text-slate-900">
            Scoreboard
          </h1>
          <PrintButton actor={actor} />
        </div>
        <Heading actor={actor} />
        <SummaryCards actor={actor} />
        <CourseFilter actor={actor} />
        <SubjectMistakes actor={actor} />
        {loading ? <Spinner label="Loading results…" showLabel /> : failed ? <LoadFailed actor={actor} /> : <Results actor={actor} />}
        <MeritListModal actor={actor} />
      </section>
      <ProgressReport actor={actor} />
    </>
  );
}

/** "Practise my mistakes in <Subject>" for the chosen course (src/views/mistakes). */
function SubjectMistakes({ actor }: { actor: ScoreboardActor }) {
  const courseId = useSelector(actor, (s) => s.context.courseId);
  return <ScoreboardMistakes key={courseId} courseId={courseId} />;
}

function PrintButton({ actor }: { actor: ScoreboardActor }) {
  const printing = useSelector(actor, (s) => s.hasTag('printing'));
  const ready = useSelector(actor, (s) => s.matches('ready'));
  return (
    <Button variant="secondary" className="ml-auto" busy={printing} disabled={!ready} onClick={() => actor.send({ type: 'report.print' })}>
      Print
    </Button>
  );
}

function LoadFailed({ actor }: { actor: ScoreboardActor }) {
  return <Notice tone="error" title="The results could not be loaded." action={<Button onClick={() => actor.send({ type: 'scoreboard.retry' })}>Try again</Button>} />;
}

function Heading({ actor }: { actor: ScoreboardActor }) {
  const head = useSelector(actor, (s) => s.context.head)!;
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-lg font-semibold text-slate-900">{head.student.name}</p>
      {head.student.groups.length > 0 && (
        <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Your batches">
          {head.student.groups.map((g) => (
            <li key={g._id} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
              {g.name}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-2 text-sm text-slate-700" data-testid="scoreboard-total">
        Total marks: <strong className="text-slate-900">{formatScoreboardMarks(head.summary.obtainedMarks)}</strong> out of {formatScoreboardMarks(head.summary.totalMarks)}
      </p>
    </div>
  );
}

function SummaryCards({ actor }: { actor: ScoreboardActor }) {
  const summary = useSelector(actor, (s) => s.context.head!.summary);
  const cards: [string, string][] = [
    ['Exams', String(summary.exams)],
    ['Exam Passed', String(summary.examPassed)],
    ['Exam Failed', String(summary.examFailed)],
    ['Highest Marks', formatScoreboardMarks(summary.highestMarks)],
    ['Lowest Marks', formatScoreboardMarks(summary.lowestMarks)],
    ['Average Marks', formatScoreboardMarks(summary.averageMarks)],
  ];
  return (
    <div className="mt-3">
      <FigureCards label="Summary" items={cards} />
    </div>
  );
}

function CourseFilter({ actor }: { actor: ScoreboardActor }) {
  const courses = useSelector(actor, (s) => s.context.head!.courses);
  const courseId = useSelector(actor, (s) => s.context.courseId);
  // While the Progress Report is read for printing, the course waits: a pick then would be lost.
  const canChoose = useSelector(actor, (s) => s.can({ type: 'course.select', courseId: '' }));
  return (
    <div className="mt-4 flex flex-wrap items-center gap-2">
      <label htmlFor="scoreboard-course" className="text-sm font-medium text-slate-700">
        Select Course
      </label>
      <select
        id="scoreboard-course"
        value={courseId}
        disabled={!canChoose}
        onChange={(e) => actor.send({ type: 'course.select', courseId: e.target.value })}
        className="min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-auto"
      >
        <option value="">All courses</option>
        {courses.map((c) => (
          <option key={c._id} value={c._id}>
            {c.name ?? c._id}
          </option>
        ))}
      </select>
    </div>
  );
}

function Results({ actor }: { actor: ScoreboardActor }) {
  const rows = useSelector(actor, (s) => s.context.rows);
  const strengths = useSelector(actor, (s) => s.context.head!.strengths);
  const hasMore = useSelector(actor, (s) => s.context.hasMore);
  const loadingMore = useSelector(actor, (s) => s.hasTag('loadingMore'));
  // While the Progress Report is read for printing, the Merit List buttons wait: a press then would be lost.
  const printing = useSelector(actor, (s) => s.hasTag('printing'));
  // Scrolling the table's end into view asks for the next page; the button does the same by keyboard.
  const sentinel = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element) return;
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) actor.send({ type: 'rows.more' });
      });
      observer.observe(element);
      return () => observer.disconnect();
    },
    [actor],
  );
  const points = useMemo(
    () =>
      [...rows].reverse().map((row) => ({
        date: formatChartDate(row.startsAt),
        title: row.examId.title,
        percent: row.totalMarks > 0 ? Math.round((row.marksObtained / row.totalMarks) * 1000) / 10 : 0,
        passPercent: row.examId.passMark,
      })),
    [rows],
  );
  const narrow = useNarrowScreen();
  if (rows.length === 0) return <Notice>No published results yet.</Notice>;
  const onMerit = (exam: MeritExam) => actor.send({ type: 'merit.open', exam });
  return (
    <>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="chart-title" className="rounded-xl border border-slate-200 bg-white p-3">
          <h2 id="chart-title" className="text-sm font-semibold text-slate-800">
            Your marks over time
          </h2>
          <Suspense fallback={<div className="h-56" />}>
            <MarksOverTimeChart points={points} />
          </Suspense>
        </section>
        <SubjectStrengths strengths={strengths} />
      </div>
      {narrow ? (
        <ul className="mt-4 space-y-3" aria-label="Exam results">
          {rows.map((row) => (
            <ResultCard key={row._id} row={row} meritWaits={printing} onMerit={onMerit} />
          ))}
        </ul>
      ) : (
        // A table wider than the screen scrolls sideways; focusable, so the keyboard scrolls it too.
        <div className="mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white" tabIndex={0} role="region" aria-label="Exam results table">
          <table className="w-full min-w-[900px] text-left text-sm" aria-label="Exam results">
            <TableHead columns={[...EXAM_COLUMNS, 'Merit List']} />
            <tbody>
              {rows.map((row) => (
                <ResultRow key={row._id} row={row} meritWaits={printing} onMerit={onMerit} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div ref={hasMore ? sentinel : undefined} className="mt-3 flex justify-center" data-testid="scoreboard-more">
        {hasMore && (
          <Button variant="secondary" busy={loadingMore} onClick={() => actor.send({ type: 'rows.more' })}>
            Load more
          </Button>
        )}
      </div>
    </>
  );
}

type ResultRowProps = { row: ScoreboardRow; meritWaits: boolean; onMerit: (exam: MeritExam) => void };

/** The exam's name, which opens its result. */
function ResultLink({ row, className = '' }: { row: ScoreboardRow; className?: string }) {
  const path = resultPath(row.examId._id, row.groupId);
  return path ? (
    <Link to={path} state={{ hasResult: true }} className={`text-brand-700 underline ${className}`}>
      {row.examId.title}
    </Link>
  ) : (
    <button type="button" className={`text-left text-brand-700 underline ${className}`} onClick={tellResultInfoMissing}>
      {row.examId.title}
    </button>
  );
}

function MeritButton({ row, meritWaits, onMerit }: ResultRowProps) {
  return (
    <Button variant="quiet" aria-label={`Merit list of ${row.examId.title}`} disabled={meritWaits} onClick={() => onMerit({ examId: row.examId._id, isPracticeExam: row.isPracticeExam, title: row.examId.title })}>
      Merit List
    </Button>
  );
}

const passFail = (row: ScoreboardRow) => ({ text: row.passed ? 'Pass' : 'Fail', tone: row.passed ? 'text-green-800' : 'text-red-800' });

function ResultRow(props: ResultRowProps) {
  const { row } = props;
  const verdict = passFail(row);
  return (
    <tr className="border-b border-slate-200">
      <th scope="row" className="px-3 py-2 font-medium">
        <ResultLink row={row} />
        {row.regraded && <RegradeNote regraded={row.regraded} className="mt-1 font-normal" />}
      </th>
      <td className="px-3 py-2 whitespace-nowrap">{formatResultDate(row.startsAt)}</td>
      <td className="px-3 py-2">{row.isPracticeExam ? 'Practice' : 'Live'}</td>
      <td className={`px-3 py-2 font-semibold ${verdict.tone}`}>{verdict.text}</td>
      <td className="px-3 py-2">{formatMerit(row.rank)}</td>
      <td className="px-3 py-2">{formatScoreboardMarks(row.marksObtained)}</td>
      <td className="px-3 py-2">{formatScoreboardMarks(row.totalMarks)}</td>
      <td className="px-3 py-2">{formatScoreboardMarks(row.negativeMarks)}</td>
      <td className="px-3 py-2">{row.examId.courseName ?? '–'}</td>
      <td className="px-3 py-2">
        <MeritButton {...props} />
      </td>
    </tr>
  );
}

/** A phone's row: the exam, its date and type, Pass/Fail and the marks; the rest on tap (Details). */
function ResultCard(props: ResultRowProps) {
  const { row } = props;
  const verdict = passFail(row);
  return (
    <li>
      <article className="rounded-xl border border-slate-200 bg-white p-3" aria-label={row.examId.title}>
        <div className="flex items-start justify-between gap-2">
          <h3 className="min-w-0 break-words font-medium">
            {/* A finger-sized target on a phone. */}
            <ResultLink row={row} className="inline-flex min-h-10 items-center" />
          </h3>
          <span className={`shrink-0 text-sm font-semibold ${verdict.tone}`}>{verdict.text}</span>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          {formatResultDate(row.startsAt)} · {row.isPracticeExam ? 'Practice' : 'Live'}
        </p>
        {row.regraded && <RegradeNote regraded={row.regraded} className="mt-2" />}
        <p className="mt-1 text-sm text-slate-700" data-testid="card-marks">
          Marks: <strong className="text-base text-slate-900">{formatScoreboardMarks(row.marksObtained)}</strong> / {formatScoreboardMarks(row.totalMarks)}
        </p>
        <div className="mt-2 flex flex-wrap items-start justify-between gap-2">
          <details className="min-w-0 flex-1 text-sm">
            <summary className="flex min-h-10 cursor-pointer items-center text-brand-700">Details</summary>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 pb-1">
              <dt className="text-slate-600">Merit Position</dt>
              <dd>{formatMerit(row.rank)}</dd>
              <dt className="text-slate-600">Negative Marks</dt>
              <dd>{formatScoreboardMarks(row.negativeMarks)}</dd>
              <dt className="text-slate-600">Course</dt>
              <dd className="break-words">{row.examId.courseName ?? '–'}</dd>
            </dl>
          </details>
          <MeritButton {...props} />
        </div>
      </article>
    </li>
  );
}

const EXAM_COLUMNS = ['Exam Name', 'Exam Date', 'Exam Type', 'Pass/Fail', 'Merit Position', 'Obtained Marks', 'Total Marks', 'Negative Marks', 'Course'];
const PAPER_CELL = 'border border-slate-400 px-1.5 py-1 text-left';
const MERIT_COLUMNS = ['Rank', 'Name', 'Subject', 'Marks', 'Negative Marks', 'Wrong Answers', 'Overall', 'Faculty Pos.', 'Subject Pos.', 'Category Pos.'];

function MeritListModal({ actor }: { actor: ScoreboardActor }) {
  const open = useSelector(actor, (s) => s.matches({ ready: { merit: 'loading' } }) || s.matches({ ready: { merit: 'open' } }) || s.matches({ ready: { merit: 'loadingMore' } }) || s.matches({ ready: { merit: 'failed' } }));
  const loading = useSelector(actor, (s) => s.hasTag('meritLoading'));
  const loadingMore = useSelector(actor, (s) => s.hasTag('meritLoadingMore'));
  const failed = useSelector(actor, (s) => s.matches({ ready: { merit: 'failed' } }));
  const exam = useSelector(actor, (s) => s.context.meritExam);
  const merit = useSelector(actor, (s) => s.context.merit);
  const close = () => actor.send({ type: 'merit.close' });
  const meShown = merit?.me ? merit.rows.some((row) => row.position === merit.me!.position) : true;
  const narrow = useNarrowScreen();
  return (
    <Modal open={open} onClose={close} title={`Merit List${exam ? `: ${exam.title}` : ''}`} size="lg" closeLabel="Close merit list">
      {loading && <Spinner label="Loading merit list…" showLabel />}
      {failed && <Notice tone="error" title="The merit list could not be loaded." action={<Button onClick={() => actor.send({ type: 'merit.retry' })}>Try again</Button>} className="my-2" />}
      {merit && merit.rows.length === 0 && <Notice className="my-2">No one is ranked in this exam yet.</Notice>}
      {merit && merit.rows.length > 0 && (
        <>
          <p className="mb-2 text-slate-600">{merit.total} students ranked.</p>
          {merit.regradedAt && (
            <p className="mb-2 rounded-lg bg-sky-50 p-2 text-sm text-sky-950" role="note" data-testid="merit-regraded">
              Regraded {formatAcademyTime(merit.regradedAt)}: this list was recomputed after an answer-key decision.
            </p>
          )}
          {narrow ? (
            <ol className="space-y-2" aria-label="Merit list">
              {/* The student's own place first, wherever it is in the list. */}
              {merit.me && <MeritCard row={merit.me} pinned />}
              {merit.rows.map((row) => (
                <MeritCard key={row.position} row={row} />
              ))}
            </ol>
          ) : (
            // Wider than the dialog on a small screen: focusable, so the keyboard scrolls it sideways.
            <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Merit list table">
              <table className="w-full min-w-[760px] text-left text-sm" aria-label="Merit list">
                <TableHead columns={MERIT_COLUMNS} cellClass="px-2 py-2" />
                <tbody>
                  {!meShown && merit.me && <MeritTableRow row={merit.me} />}
                  {merit.rows.map((row) => (
                    <MeritTableRow key={row.position} row={row} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {merit.next !== null && (
            <div className="mt-3 flex justify-center">
              <Button variant="secondary" busy={loadingMore} onClick={() => actor.send({ type: 'merit.more' })}>
                Show more
              </Button>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}

const position = (value: number | null) => formatMerit(value).replace('Not given', '–');

/** A phone's rank: the rank, the name and the marks; the other columns on tap. */
function MeritCard({ row, pinned = false }: { row: MeritRow; pinned?: boolean }) {
  return (
    <li
      className={`rounded-lg border ${row.isMe ? 'border-brand-300 bg-brand-50' : 'border-slate-200 bg-white'}`}
      aria-current={row.isMe ? 'true' : undefined}
      aria-label={pinned ? 'Your place' : undefined}
      data-testid={pinned ? 'merit-you' : 'merit-card'}
    >
      <details>
        <summary className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2">
          <span className="w-10 shrink-0 text-lg font-semibold tabular-nums" data-testid="merit-rank">
            {row.rank}
          </span>
          <span className="min-w-0 flex-1 break-words font-medium">
            {row.studentId.name}
            {row.isMe && <span className="ml-1 text-xs text-brand-800">(you)</span>}
          </span>
          <span className="shrink-0 font-semibold tabular-nums">{formatMarks(row.marksObtained)}</span>
        </summary>
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1 border-t border-slate-200 px-3 py-2 text-sm">
          <dt className="text-slate-600">Subject</dt>
          <dd>{row.subjectName ?? '–'}</dd>
          <dt className="text-slate-600">Negative Marks</dt>
          <dd>{formatMarks(row.negativeMarks)}</dd>
          <dt className="text-slate-600">Wrong Answers</dt>
          <dd>{formatMarks(row.totalWrongAnswer)}</dd>
          <dt className="text-slate-600">Overall</dt>
          <dd>{formatMarks(row.overall)}</dd>
          <dt className="text-slate-600">Faculty Pos.</dt>
          <dd>{position(row.facultyPosition)}</dd>
          <dt className="text-slate-600">Subject Pos.</dt>
          <dd>{position(row.subjectPosition)}</dd>
          <dt className="text-slate-600">Category Pos.</dt>
          <dd>{position(row.categoryPosition)}</dd>
        </dl>
      </details>
    </li>
  );
}

function MeritTableRow({ row }: { row: MeritRow }) {
  return (
    <tr className={`border-b border-slate-200 ${row.isMe ? 'bg-brand-50 font-semibold' : ''}`} aria-current={row.isMe ? 'true' : undefined}>
      <td className="px-2 py-1.5">{row.rank}</td>
      <th scope="row" className="px-2 py-1.5 font-medium">
        {row.studentId.name}
        {row.isMe && <span className="ml-1 text-xs text-brand-800">(you)</span>}
      </th>
      <td className="px-2 py-1.5">{row.subjectName ?? '–'}</td>
      <td className="px-2 py-1.5">{formatMarks(row.marksObtained)}</td>
      <td className="px-2 py-1.5">{formatMarks(row.negativeMarks)}</td>
      <td className="px-2 py-1.5">{formatMarks(row.totalWrongAnswer)}</td>
      <td className="px-2 py-1.5">{formatMarks(row.overall)}</td>
      <td className="px-2 py-1.5">{position(row.facultyPosition)}</td>
      <td className="px-2 py-1.5">{position(row.subjectPosition)}</td>
      <td className="px-2 py-1.5">{position(row.categoryPosition)}</td>
    </tr>
  );
}

/** Only on paper: the Progress Report. */
function ProgressReport({ actor }: { actor: ScoreboardActor }) {
  const head = useSelector(actor, (s) => s.context.head)!;
  const rows = useSelector(actor, (s) => s.context.rows);
  const courseId = useSelector(actor, (s) => s.context.courseId);
  const course = head.courses.find((c) => c._id === courseId);
  return (
    <section className="hidden text-black print:block" aria-hidden="true" data-testid="progress-report">
      <h1 className="text-center text-2xl font-bold">Progress Report</h1>
      <table className="mt-4 text-sm">
        <tbody>
          <tr>
            <th className="pr-3 text-left">Roll</th>
            <td>{head.student.sid}</td>
          </tr>
          <tr>
            <th className="pr-3 text-left">Branch</th>
            <td>{head.student.branch?.name ?? '–'}</td>
          </tr>
          <tr>
            <th className="pr-3 text-left">Name</th>
            <td>{head.student.name}</td>
          </tr>
          {course && (
            <tr>
              <th className="pr-3 text-left">Course</th>
              <td>{course.name}</td>
            </tr>
          )}
        </tbody>
      </table>
      <p className="mt-2 text-sm">
        Exams: {head.summary.exams} · Passed: {head.summary.examPassed} · Failed: {head.summary.examFailed} · Total: {formatScoreboardMarks(head.summary.obtainedMarks)} / {formatScoreboardMarks(head.summary.totalMarks)}
      </p>
      <table className="mt-3 w-full border-collapse text-left text-xs">
        <TableHead columns={EXAM_COLUMNS} cellClass={PAPER_CELL} band={false} />
        <tbody>
          {rows.map((row) => (
            <tr key={row._id} className="break-inside-avoid">
              <td className={PAPER_CELL}>{row.examId.title}</td>
              <td className={PAPER_CELL}>{formatResultDate(row.startsAt)}</td>
              <td className={PAPER_CELL}>{row.isPracticeExam ? 'Practice' : 'Live'}</td>
              <td className={PAPER_CELL}>{row.passed ? 'Pass' : 'Fail'}</td>
              <td className={PAPER_CELL}>{formatMerit(row.rank)}</td>
              <td className={PAPER_CELL}>{formatScoreboardMarks(row.marksObtained)}</td>
              <td className={PAPER_CELL}>{formatScoreboardMarks(row.totalMarks)}</td>
              <td className={PAPER_CELL}>{formatScoreboardMarks(row.negativeMarks)}</td>
              <td className={PAPER_CELL}>{row.examId.courseName ?? '–'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
