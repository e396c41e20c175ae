// The teacher desk at /staff, loaded only when a staff member opens it: staff sign-in, the exam
// assignments, one written answer at a time to mark, and publishing an assignment's results. The flow
// is the staffDesk statechart; this screen renders it and sends the teacher's events.
import { useEffect, useState, type FormEvent } from 'react';
import { fromPromise } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { publishOffered, publishWaitsUntil, staffDeskMachine, type QueueStatus } from '../../machines/staffDesk.machine';
import type { StaffAssignment } from '../../contracts/staff';
import { staffApi } from '../../services/staff';
import { formatAcademyTime, publishAfterWords } from '../../domain/academyTime';
import { TimeSince } from '../ui/TimeSince';
import { useStudent } from '../app/RootActors';
import { staffDeskTitleOf } from '../app/pageTitles';
import { StudentOnDesk } from './StudentOnDesk';
import { AuthCard, TextField } from '../auth/AuthCard';
import { Button } from '../ui/Button';
import { ButtonLink } from '../ui/ButtonLink';
import { PageLink } from '../ui/PageLink';
import { InlineAlert } from '../ui/InlineAlert';
import { Modal } from '../ui/Modal';
import { Notice } from '../ui/Notice';
import { Spinner } from '../ui/Spinner';
import { Tabs } from '../ui/Tabs';
import { AnswerMarking } from './AnswerMarking';
import { ImportPage } from './ImportPage';
import { useLocation } from 'react-router-dom';

export type DeskActor = ReturnType<typeof useDeskActor>;

function useDeskActor() {
  return useActorRef(
    staffDeskMachine.provide({
      actors: {
        signIn: fromPromise(({ input }) => staffApi.signIn(input.username, input.password)),
        signOut: fromPromise(() => staffApi.signOut()),
        loadAssignments: fromPromise(() => staffApi.assignments()),
        loadQueue: fromPromise(({ input }) => staffApi.gradingQueue(input.assignmentId, input.status)),
        markAnswer: fromPromise(({ input }) => staffApi.mark(input.attemptId, input.questionId, { marks: input.marks, comment: input.comment })),
        publish: fromPromise(({ input }) => staffApi.publish(input.assignmentId)),
      },
    }),
    { input: { deviceNow: () => Date.now() } },
  );
}

/** The screen's own document title, kept while it is on screen. */
function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

export function StaffDesk() {
  const desk = useDeskActor();
  const student = useStudent();
  const signedIn = useSelector(desk, (s) => s.matches('signedIn') || s.matches('signingOut'));
  const examTitle = useSelector(desk, (s) => (s.matches({ signedIn: 'queue' }) ? (s.context.assignment?.exam.title ?? null) : null));
  const blocked = student !== null && !signedIn;
  const onImport = useLocation().pathname === '/staff/import';
  useDocumentTitle(staffDeskTitleOf(blocked ? null : !signedIn ? 'Sign in' : onImport ? 'Import content' : (examTitle ?? 'Grading queue')));
  if (blocked) {
    return <StudentOnDesk name={student.name} />;
  }
  return signedIn ? <SignedInDesk desk={desk} /> : <StaffSignIn desk={desk} />;
}

function StaffSignIn({ desk }: { desk: DeskActor }) {
  const busy = useSelector(desk, (s) => s.hasTag('busy'));
  const problem = useSelector(desk, (s) => s.context.problem);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    desk.send({ type: 'desk.signIn', username, password });
  };
  return (
    <AuthCard title="Teacher desk" subtitle="Sign in with your staff account to mark written answers and publish results.">
      <form onSubmit={submit} noValidate>
        <TextField id="staff-username" label="Username" autoComplete="username" value={username} onChange={(e) => setUsername(e.target.value)} />
        <TextField id="staff-password" label="Password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className="mb-4">
          <InlineAlert words={problem} />
        </div>
        <Button type="submit" size="lg" block busy={busy}>
          Sign In
        </Button>
      </form>
    </AuthCard>
  );
}

function SignedInDesk({ desk }: { desk: DeskActor }) {
  const staff = useSelector(desk, (s) => s.context.staff);
  const signingOut = useSelector(desk, (s) => s.matches('signingOut'));
  const inQueue = useSelector(desk, (s) => s.matches({ signedIn: 'queue' }));
  const onImport = useLocation().pathname === '/staff/import';
  const admin = staff?.role === 'admin';
  return (
    <div className="min-h-dvh bg-slate-50">
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex min-h-14 w-full max-w-4xl flex-wrap items-center gap-x-2 gap-y-1 px-3 py-1 sm:px-6">
          <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
          <span className="font-semibold text-brand-800">Teacher desk</span>
          <nav aria-label="Teacher desk" className="order-last flex w-full gap-1 sm:order-none sm:w-auto">
            <ButtonLink variant="quiet" to="/staff" aria-current={onImport ? undefined : 'page'}>
              Grading
            </ButtonLink>
            <ButtonLink variant="quiet" to="/staff/forum">
              Forum questions
            </ButtonLink>
            {admin && (
              <ButtonLink variant="quiet" to="/staff/import" aria-current={onImport ? 'page' : undefined}>
                Import
              </ButtonLink>
            )}
          </nav>
          <span className="ml-auto hidden truncate text-sm text-slate-600 min-[420px]:inline">{staff?.name}</span>
          <Button variant="quiet" busy={signingOut} onClick={() => desk.send({ type: 'desk.signOut' })} className="ml-auto min-[420px]:ml-0">
            Sign out
          </Button>
        </div>
      </header>
      <main className="mx-auto w-full max-w-4xl px-3 py-4 sm:px-6">
        {onImport ? (
          admin ? <ImportPage /> : <Notice title="Importing content is for administrators only.">Ask an administrator of the academy to import it.</Notice>
        ) : inQueue ? (
          <GradingQueueView desk={desk} />
        ) : (
          <AssignmentList desk={desk} />
        )}
      </main>
    </div>
  );
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
  return (
    <section aria-labelledby="assignments-title">
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h1 id="assignments-title" className="text-xl font-semibold text-slate-900">
          Grading queue
        </h1>
        <Button variant="secondary" className="ml-auto" disabled={!canRefresh} onClick={() => desk.send({ type: 'desk.refresh' })}>
          Refresh
        </Button>
      </div>
      {loading && <Spinner label="Loading exam assignments…" showLabel />}
      {failed && (
        <Notice tone="error" title={problem?.title ?? 'The exam assignments could not be loaded.'} action={<Button onClick={() => desk.send({ type: 'desk.retry' })}>Try again</Button>}>
          {problem?.description}
        </Notice>
      )}
      {empty && <Notice title="No exam assignments yet.">Exams given to batches appear here with their written answers to mark.</Notice>}
      {!loading && assignments.length > 0 && (
        <ul aria-label="Exam assignments" className="space-y-2">
          {/* Those with answers to mark first; otherwise the server's order (newest first). */}
          {[...assignments].sort((a, b) => Number(b.awaitingMarking > 0) - Number(a.awaitingMarking > 0)).map((assignment) => (
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
          {assignment?.resultPublished && assignment.publishedAt && <p className="text-sm font-semibold text-green-800">Results published <TimeSince at={assignment.publishedAt} /></p>}
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
        <Notice tone="error" title={problem?.title ?? 'The answers could not be loaded.'} action={<Button onClick={() => desk.send({ type: 'desk.retry' })}>Try again</Button>}>
          {problem?.description}
        </Notice>
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
      <Modal open onClose={close} title="Results published" size="md" actions={<Button onClick={close}>Done</Button>}>
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
