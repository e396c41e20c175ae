// The teacher desk's Marking at /staff, loaded only when a staff member opens it: the exam
// assignments, one written answer at a time to mark, and publishing an assignment's results, inside
// the desk layout (which signs the teacher in). The flow is the staffDesk statechart; this screen
// renders it and sends the teacher's events.
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { publishOffered, publishWaitsUntil, staffDeskMachine, type QueueStatus } from '../../machines/staffDesk.machine';
import type { StaffAssignment } from '../../contracts/staff';
import { staffApi } from '../../services/staff';
import { formatAcademyTime, publishAfterWords } from '../../domain/academyTime';
import { TimeSince } from '../ui/TimeSince';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { PageLink } from '../ui/PageLink';
import { InlineAlert } from '../ui/InlineAlert';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { Tabs } from '../ui/Tabs';
import { AnswerMarking } from './AnswerMarking';
import { DeskLayout, useDeskPageTitle, DeskLoadFailure } from './DeskLayout';
import { useSearchParams } from 'react-router-dom';

type DeskActor = ReturnType<typeof useDeskActor>;

function useDeskActor() {
  // /staff?assignment=<id> (the week's rows): that assignment opens once the list has loaded.
  const [search] = useSearchParams();
  return useActorRef(
    staffDeskMachine.provide({
      actors: {
        loadAssignments: fromPromise(() => staffApi.assignments()),
        loadQueue: fromPromise(({ input }) => staffApi.gradingQueue(input.assignmentId, input.status)),
        markAnswer: fromPromise(({ input }) => staffApi.mark(input.attemptId, input.questionId, { marks: input.marks, comment: input.comment })),
        publish: fromPromise(({ input }) => staffApi.publish(input.assignmentId)),
      },
    }),
    { input: { deviceNow: () => Date.now(), openAssignmentId: search.get('assignment') } },
  );
}

export function StaffDesk() {
  return (
    <DeskLayout section="marking" title="Grading queue">
      <Marking />
    </DeskLayout>
  );
}

function Marking() {
  const desk = useDeskActor();
  const inQueue = useSelector(desk, (s) => s.matches({ signedIn: 'queue' }));
  const examTitle = useSelector(desk, (s) => (s.matches({ signedIn: 'queue' }) ? (s.context.assignment?.exam.title ?? null) : null));
  useDeskPageTitle(examTitle);
  return inQueue ? <GradingQueueView desk={desk} /> : <AssignmentList desk={desk} />;
}

function AssignmentList({ desk }: { desk: DeskActor }) {
  const loading = useSelector(desk, (s) => s.hasTag('loading'));
  const failed = useSelector(desk, (s) => s.matches({ signedIn: { assignments: 'failed' } }));
  const empty = useSelector(desk, (s) => s.matches({ signedIn: { assignments: 'empty' } }));
  const problem = useSelector(desk, (s) => s.context.problem);
  const assignments = useSelector(desk, (s) => s.context.assignments);
  const canRefresh = useSelector(desk, (s) => s.can({ type: 'desk.refresh' }));
  // Signing out, the list stays on screen but no assignment opens.
  const canOpen = useSelector(desk, (s) => s.can({ type: 'desk.open', assignmentId: '' }));
  // Only what needs marking: the assignments with written answers still waiting for marks.
  const [waitingOnly, setWaitingOnly] = useState(false);
  const waiting = assignments.filter((a) => a.awaitingMarking > 0);
  const shown = waitingOnly ? waiting : assignments;
  return (
    <section aria-labelledby="assignments-title">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h1 id="assignments-title" className="text-xl font-semibold text-slate-900">
          Grading queue
        </h1>
        <Button variant="secondary" className="ml-auto" aria-pressed={waitingOnly} onClick={() => setWaitingOnly(!waitingOnly)}>
          Only what needs marking ({waiting.length})
        </Button>
        <Button variant="secondary" disabled={!canRefresh} onClick={() => desk.send({ type: 'desk.refresh' })}>
          Refresh
        </Button>
      </div>
      {!failed && problem && (
        <div className="mb-3">
          <InlineAlert words={problem} />
        </div>
      )}
      {loading && <Spinner label="Loading exam assignments…" showLabel />}
      {failed && (
        <DeskLoadFailure problem={problem} fallback="The exam assignments could not be loaded." onRetry={() => desk.send({ type: 'desk.retry' })} />
      )}
      {empty && <Notice title="No exam assignments yet.">Exams given to batches appear here with their written answers to mark.</Notice>}
      {!loading && assignments.length > 0 && shown.length === 0 && (
        <Notice title="Nothing waits for marks.">Every written answer of these assignments is marked. Show them all to publish or read results.</Notice>
      )}
      {!loading && shown.length > 0 && (
        <ul aria-label="Exam assignments" className="space-y-2">
          {/* Those with answers to mark first; otherwise the server's order (newest first). */}
          {[...shown].sort((a, b) => Number(b.awaitingMarking > 0) - Number(a.awaitingMarking > 0)).map((assignment) => (
            <AssignmentRow key={assignment._id} assignment={assignment} canOpen={canOpen} onOpen={() => desk.send({ type: 'desk.open', assignmentId: assignment._id })} />
          ))}
        </ul>
      )}
    </section>
  );
}

function AssignmentRow({ assignment, canOpen, onOpen }: { assignment: StaffAssignment; canOpen: boolean; onOpen: () => void }) {
  const { exam } = assignment;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <h2 className="break-words font-semibold text-slate-900">{exam.title}</h2>
          <p className="text-sm text-slate-600">
            {assignment.groupName}
            {exam.courseName ? ` · ${exam.courseName}` : ''} · {exam.isPracticeExam ? 'Practice' : 'Live'}
          </p>
          <p className="text-sm text-slate-600">Ends {formatAcademyTime(assignment.endsAt)}</p>
        </div>
        <Button variant={assignment.awaitingMarking > 0 ? 'primary' : 'secondary'} disabled={!canOpen} onClick={onOpen} aria-label={`Open ${exam.title}, ${assignment.groupName}`}>
          Open
        </Button>
      </div>
      <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-sm">
        <span>{assignment.submitted} submitted</span>
        <span className={assignment.awaitingMarking > 0 ? 'font-semibold text-amber-800' : 'text-slate-600'}>{assignment.awaitingMarking} awaiting marks</span>
        {assignment.resultPublished && <span className="font-semibold text-green-800">Results published</span>}
        {(assignment.resultPublished || exam.isPracticeExam) && <PageLink className="inline-flex min-h-10 items-center font-semibold text-brand-700 underline" to={`/staff/exams/${assignment._id}/analysis`} aria-label={`Item analysis of ${exam.title}, ${assignment.groupName}`}>Item analysis</PageLink>}
        {(assignment.resultPublished || exam.isPracticeExam) && <PageLink className="inline-flex min-h-10 items-center font-semibold text-brand-700 underline" to={`/staff/exams/${assignment._id}/results`} aria-label={`See results of ${exam.title}, ${assignment.groupName}`}>See results</PageLink>}
      </p>
    </li>
  );
}

const FILTERS: ReadonlyArray<{ id: QueueStatus; label: string }> = [
  { id: 'pending', label: 'Awaiting marks' },
  { id: 'marked', label: 'Marked' },
  { id: 'all', label: 'All' },
];

function GradingQueueView({ desk }: { desk: DeskActor }) {
  const assignment = useSelector(desk, (s) => s.context.assignment);
  const status = useSelector(desk, (s) => s.context.status);
  const loading = useSelector(desk, (s) => s.matches({ signedIn: { queue: 'loading' } }));
  const failed = useSelector(desk, (s) => s.matches({ signedIn: { queue: 'failed' } }));
  const empty = useSelector(desk, (s) => s.matches({ signedIn: { queue: 'empty' } }));
  const marking = useSelector(desk, (s) => s.matches({ signedIn: { queue: 'marking' } }) || s.matches({ signedIn: { queue: 'confirmingPublish' } }) || s.matches({ signedIn: { queue: 'publishing' } }));
  const hasAnswers = useSelector(desk, (s) => s.context.answers.length > 0);
  const problem = useSelector(desk, (s) => s.context.problem);
  const canLeave = useSelector(desk, (s) => s.can({ type: 'desk.back' }));
  const allMarked = useSelector(desk, (s) => s.matches({ signedIn: { queue: { marking: { editing: 'allMarked' } } } }));
  // Publish is offered once the exam is over; until then the desk says when (the machine's guard reads the same).
  const offered = useSelector(desk, (s) => publishOffered(s.context));
  const waitsUntil = useSelector(desk, (s) => publishWaitsUntil(s.context));
  const publishButton = <PublishButton desk={desk} />;
  return (
    <section aria-labelledby="queue-title">
      <Button variant="quiet" className="-ml-2" disabled={!canLeave} onClick={() => desk.send({ type: 'desk.back' })}>
        ← All assignments
      </Button>
      <div className="mt-1 flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <h1 id="queue-title" className="break-words text-xl font-semibold text-slate-900">
            {assignment?.exam.title}
          </h1>
          <p className="text-sm text-slate-600">
            {assignment?.groupName} · {assignment?.submitted ?? 0} submitted
          </p>
          {assignment?.resultPublished && assignment.publishedAt && (
            <p className="text-sm font-semibold text-green-800">
              Results published <TimeSince at={assignment.publishedAt} /> ·{' '}
              <PageLink className="text-brand-700 underline" to={`/staff/exams/${assignment._id}/results`}>
                See results
              </PageLink>
            </p>
          )}
          {assignment?.exam.isPracticeExam && <p className="text-sm text-slate-600">Practice results are shown to students at once; marks count as soon as they are saved.</p>}
        </div>
        {/* After the last mark, the notice below offers it. */}
        {offered && !allMarked && publishButton}
        {waitsUntil && <p className="text-sm font-semibold text-slate-700">{publishAfterWords(waitsUntil)}</p>}
      </div>
      <div className="mt-3">
        <Tabs label="Answers to show" tabs={FILTERS} selected={status} onChange={(next) => canLeave && desk.send({ type: 'desk.filter', status: next })} />
      </div>
      {loading && <Spinner label="Loading answers…" showLabel />}
      {failed && (
        <DeskLoadFailure problem={problem} fallback="The answers could not be loaded." onRetry={() => desk.send({ type: 'desk.retry' })} />
      )}
      {empty && (
        <Notice title={status === 'pending' ? 'No written answers wait for marks.' : status === 'marked' ? 'No answer is marked yet.' : 'No written answers in this exam.'}>
          {status === 'pending' && offered ? 'Every written answer is marked: the results can be published.' : undefined}
        </Notice>
      )}
      {allMarked && (
        <Notice className="mt-4" title="Every written answer is marked." action={offered ? publishButton : undefined}>
          {offered ? 'The results can be published.' : waitsUntil ? `${publishAfterWords(waitsUntil)}.` : undefined}
        </Notice>
      )}
      {marking && hasAnswers && <AnswerMarking desk={desk} />}
      <PublishDialog desk={desk} />
    </section>
  );
}

/** Publish results: shown while the machine offers it, pressable when the desk is idle. */
function PublishButton({ desk }: { desk: DeskActor }) {
  const canPublish = useSelector(desk, (s) => s.can({ type: 'desk.publish' }));
  return (
    <Button variant="danger" disabled={!canPublish} onClick={() => desk.send({ type: 'desk.publish' })}>
      Publish results
    </Button>
  );
}

function PublishDialog({ desk }: { desk: DeskActor }) {
  const confirming = useSelector(desk, (s) => s.matches({ signedIn: { queue: 'confirmingPublish' } }) || s.matches({ signedIn: { queue: 'publishing' } }));
  const publishing = useSelector(desk, (s) => s.matches({ signedIn: { queue: 'publishing' } }));
  const published = useSelector(desk, (s) => (s.matches({ signedIn: { queue: 'published' } }) ? s.context.published : null));
  const assignment = useSelector(desk, (s) => s.context.assignment);
  const problem = useSelector(desk, (s) => s.context.problem);
  const close = () => desk.send({ type: 'desk.cancel' });
  if (published) {
    return (
      <Modal
        open
        onClose={close}
        title="Results published"
        size="md"
        actions={
          <>
            <ButtonLink variant="secondary" to={`/staff/exams/${published.assignmentId}/results`}>
              See results
            </ButtonLink>
            <Button onClick={close}>Done</Button>
          </>
        }
      >
        <p>
          {published.results} result{published.results === 1 ? ' is' : 's are'} now visible to the students of {assignment?.groupName}, and {published.notified} student
          {published.notified === 1 ? ' was' : 's were'} notified.
        </p>
      </Modal>
    );
  }
  return (
    <Modal
      open={confirming}
      onClose={() => !publishing && close()}
      title="Publish results?"
      size="md"
      actions={
        <>
          <Button variant="secondary" disabled={publishing} onClick={close}>
            Cancel
          </Button>
          <Button variant="danger" busy={publishing} onClick={() => desk.send({ type: 'desk.confirm' })}>
            Publish
          </Button>
        </>
      }
    >
      <p>
        The results of <strong>{assignment?.exam.title}</strong> become visible to the students of {assignment?.groupName}, the merit list is fixed and every student of the batch
        is notified. Marks cannot change afterwards.
      </p>
      <div className="mt-3">
        <InlineAlert words={problem} />
      </div>
    </Modal>
  );
}
