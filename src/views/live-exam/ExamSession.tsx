// A running attempt: the outbox (answers), the countdown and the submission, wired to the page.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, waitFor } from 'xstate';
import { answerOutboxMachine, answeredCount, offlineCount, responsesGiven } from '../../machines/answerOutbox.machine';
import { examTimerMachine, type ServerTiming } from '../../machines/examTimer.machine';
import { examSubmissionMachine } from '../../machines/examSubmission.machine';
import { formatRemaining } from '../../domain/examTiming';
import { formatExamClock } from '../../domain/academyTime';
import { MESSAGES, RESTORED_TOAST_MS, uploadFailedMessage } from '../../domain/messages';
import { responseCount, totalResponseCount } from '../../domain/scoring';
import { answerStore, mergeSavedAnswers } from '../../services/answerStore';
import { examsApi } from '../../services/exams';
import { contentApi } from '../../services/content';
import type { AnswerValue, CurrentExam } from '../../contracts/exams';
import { ApiRequestError } from '../../services/api';
import { removeKey, STORAGE_KEYS } from '../../services/storage';
import { useIsOnline } from '../app/RootActors';
import { OfflineAdvice } from '../app/OfflineBanner';
import { Button } from '../ui/Button';
import { toast } from '../ui/toast';
import { QuestionCard } from './QuestionCard';
import { AdvisoryModal, AnswerErrorDialog, ConfirmSubmitModal, QuitModal, RemovedModal, TimeOverModal } from './ExamModals';

/** What the offline banner tells a student during an exam. */
const OFFLINE_ADVICE = {
  message: 'Your answers are saved on this device.',
  details: 'Answers given now are kept on this device and sent automatically when the connection returns. Please do not clear the browser data.',
};

export function ExamSession({ exam, timing, studentId, examId, groupId }: { exam: CurrentExam; timing: ServerTiming; studentId: string; examId: string; groupId: string }) {
  const navigate = useNavigate();
  const online = useIsOnline();
  const [advisoryOpen, setAdvisoryOpen] = useState(true);
  const [quitting, setQuitting] = useState(false);

  const saved = useMemo(() => {
    const byId = Object.fromEntries(
      exam.questions.map((q) => [q._id, { type: q.type, count: (answer: AnswerValue, attachments: number) => responseCount(q.type, q.options.length, answer, attachments) }]),
    );
    return mergeSavedAnswers(answerStore.read(studentId, examId), exam.savedAnswers, byId);
  }, [exam, studentId, examId]);

  const outbox = useActorRef(
    answerOutboxMachine.provide({
      actors: { sendAnswer: fromPromise(({ input }) => examsApi.sendAnswer(input)) },
      actions: {
        persistAnswers: (_, { studentId: sid, examId: eid, entries, removed }) => answerStore.writeExam(sid, eid, entries, removed),
        notifySavedLocally: () => toast.warning(MESSAGES.savingLocally),
        notifyLocked: () => toast.error(MESSAGES.answerLocked),
        notifyRestored: () => toast.success(MESSAGES.restored, MESSAGES.restoredDescription, RESTORED_TOAST_MS),
        notifyUploadSkipped: (_, { names }) => names.forEach((name) => toast.error(uploadFailedMessage(name))),
        reloadGroup: (_, { groupId: gid }) => void contentApi.group(gid).catch(() => undefined),
      },
    }),
    {
      input: {
        studentId,
        examId,
        groupId,
        isLive: !exam.isPracticeExam,
        multipleTimesSubmission: exam.multipleTimesSubmission,
        online,
        saved,
        questionNumbers: Object.fromEntries(exam.questions.map((q, i) => [q._id, i + 1])),
      },
    },
  );

  const submission = useActorRef(
    examSubmissionMachine.provide({
      actors: {
        flushOutbox: fromPromise(async () => {
          // Answers another tab of this exam left undelivered go out with this submission too.
          outbox.send({ type: 'outbox.adopt', stored: answerStore.read(studentId, examId) });
          outbox.send({ type: 'outbox.flush' });
          const settled = await waitFor(outbox, (s) => s.matches('idle') && s.context.queue.length === 0, { timeout: 120_000 });
          if (Object.values(settled.context.entries).some((entry) => !entry.delivered)) {
            throw new ApiRequestError(0, 'Network error', 'network', true);
          }
        }),
        submitExam: fromPromise(({ input }) => examsApi.submit(input.examId, input.groupId)),
      },
      actions: {
        alert: (_, { message }) => toast.warning(message),
        notify: (_, { kind, message }) => (kind === 'success' ? toast.success(message) : toast.error(message)),
        clearLocalData: () => {
          answerStore.clearExam(studentId, examId);
          removeKey(STORAGE_KEYS.selectedSegmentedExamSubjects);
          removeKey(STORAGE_KEYS.subjectOfSelectedExam);
        },
        leaveExam: (_, params) =>
          params.isPracticeExam ? navigate(`/result/${params.examId}/${params.groupId}`, { state: { hasResult: true } }) : navigate('/exams', { state: { isPracticeExam: false } }),
        closeAnswers: () => outbox.send({ type: 'outbox.close' }),
      },
    }),
    { input: { examId, groupId, isPracticeExam: exam.isPracticeExam, online } },
  );

  const timer = useActorRef(
    examTimerMachine.provide({ actions: { announceTimeOver: () => submission.send({ type: 'exam.timeOver' }) } }),
    { input: { ...timing, deviceNow: () => Date.now() } },
  );

  // Another tab of the same exam saved answers: take over the newer ones it has not delivered.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.localSavedAnswers) outbox.send({ type: 'outbox.adopt', stored: answerStore.read(studentId, examId) });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [outbox, studentId, examId]);

  // The connection actor tells every part of the session; the first value is already in the inputs.
  const lastOnline = useRef(online);
  useEffect(() => {
    if (lastOnline.current === online) return;
    lastOnline.current = online;
    const event = { type: online ? ('connection.online' as const) : ('connection.offline' as const) };
    outbox.send(event);
    submission.send(event);
  }, [online, outbox, submission]);

  // A phone that slept or a hidden tab measures the remaining time again at once.
  useEffect(() => {
    const check = () => timer.send({ type: 'timer.check' });
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [timer]);

  const entries = useSelector(outbox, (s) => s.context.entries);
  const examRemoved = useSelector(outbox, (s) => s.context.examRemoved);
  const failure = useSelector(outbox, (s) => s.context.failure);
  const multipleTimesSubmission = exam.multipleTimesSubmission;
  const remaining = useSelector(timer, (s) => s.context.remainingMs);
  const timeOver = useSelector(timer, (s) => s.matches('timeOver'));
  const closed = useSelector(submission, (s) => s.matches('timeOver') || s.matches('submitted')) || timeOver;
  const canSubmit = useSelector(submission, (s) => s.can({ type: 'exam.submit', savedCount: 1 }));

  const answered = answeredCount(entries);
  const responses = responsesGiven(entries);
  const totalResponses = totalResponseCount(exam.questions);
  const offlineSaved = offlineCount(entries);
  const subjectNames = [...new Set(exam.questions.map((q) => q.subjectName).filter((n): n is string => !!n))];
  const sections = exam.isSegmentedExam
    ? subjectNames.map((name) => ({ name, questions: exam.questions.map((q, i) => ({ q, n: i + 1 })).filter(({ q }) => q.subjectName === name) }))
    : [{ name: '', questions: exam.questions.map((q, i) => ({ q, n: i + 1 })) }];

  return (
    <div onContextMenu={(e) => e.preventDefault()} className="pb-28">
      <OfflineAdvice message={OFFLINE_ADVICE.message} details={OFFLINE_ADVICE.details} />
      <header className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-lg font-semibold text-slate-900">{exam.title}</h1>
          <div className="flex items-center gap-3">
            {online && (
              <span className="flex items-center gap-1 text-sm font-semibold text-red-600" aria-label="Live">
                <span className="h-2.5 w-2.5 animate-pulse rounded-full bg-red-600" aria-hidden="true" /> Live
              </span>
            )}
            <span className="rounded-md bg-slate-900 px-2 py-1 font-mono text-lg tabular-nums text-white" role="timer" aria-label="Time remaining">
              {formatRemaining(remaining)}
            </span>
          </div>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Start: {formatExamClock(exam.studentStartsAt)} · End: {formatExamClock(timing.deadlineAt)}
        </p>
        <dl className="mt-2 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
          <Stat label="Questions" value={exam.questions.length} />
          <Stat label="Total marks" value={exam.totalMarks} />
          <Stat label="Duration" value={`${exam.duration} minutes`} />
          <Stat label="Subject" value={subjectNames.join(', ') || 'Not given'} />
        </dl>
        <Button variant="secondary" onClick={() => setQuitting(true)} className="mt-2">
          Quit
        </Button>
      </header>

      <div className={`mt-4 space-y-4 ${closed ? 'pointer-events-none opacity-50' : ''}`} aria-disabled={closed}>
        {sections.map((section) => (
          <section key={section.name || 'all'} aria-label={section.name || undefined}>
            {section.name && <h2 className="mb-2 mt-4 text-base font-semibold text-brand-800">{section.name}</h2>}
            <div className="space-y-3">
              {section.questions.map(({ q, n }) => (
                <QuestionCard key={q._id} question={q} number={n} entry={entries[q._id]} disabled={closed} multipleTimesSubmission={multipleTimesSubmission} outbox={outbox} />
              ))}
            </div>
          </section>
        ))}
      </div>

      <footer className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-3 py-2 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 text-sm">
          <div className="flex flex-wrap gap-x-4 gap-y-1">
            <span data-testid="answered-count">
              Answered: {answered}/{exam.questions.length}
            </span>
            <span data-testid="response-count">
              Responses: {responses}/{totalResponses}
            </span>
            <span data-testid="offline-count" className={offlineSaved > 0 ? 'font-semibold text-amber-700' : ''}>
              Offline saved: {offlineSaved}
            </span>
          </div>
          <Button size="lg" disabled={!canSubmit} onClick={() => submission.send({ type: 'exam.submit', savedCount: answered })}>
            Submit
          </Button>
        </div>
      </footer>

      <AdvisoryModal open={advisoryOpen && !closed} onClose={() => setAdvisoryOpen(false)} />
      <ConfirmSubmitModal submission={submission} />
      <TimeOverModal submission={submission} />
      <QuitModal open={quitting} onCancel={() => setQuitting(false)} onQuit={() => navigate('/exams')} />
      <RemovedModal open={examRemoved} onBack={() => navigate('/exams')} />
      <AnswerErrorDialog failure={failure} onClose={() => outbox.send({ type: 'outbox.dismissFailure' })} />
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-md bg-slate-50 px-2 py-1">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-800">{value}</dd>
    </div>
  );
}
