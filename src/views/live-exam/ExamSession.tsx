// A running attempt: questions, countdown and Submit, rendered from the attempt's children (the
// outbox, the timer and the submission); the attempt machine coordinates them.
import { useMemo, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router-dom';
import { useSelector } from '@xstate/react';
import { answeredCount, offlineCount, responsesGiven } from '../../machines/answerOutbox.machine';
import type { examAttemptMachine } from '../../machines/examAttempt.machine';
import { formatClockTime, formatCountdown } from '../../domain/academyTime';
import { totalResponseCount } from '../../domain/scoring';
import type { ActorRefFrom } from 'xstate';
import { OfflineAdvice } from '../app/OfflineBanner';
import { examAdvisory } from '../../services/examAdvisory';
import { examListAddress } from '../../domain/examPlace';
import { Button } from '../ui/Button';
import { ExamQuestionCard } from './ExamQuestionCard';
import { ExamBar, showNextUnanswered, timeIsShort } from './ExamBar';
import { NavigatorDialog, useExamNavigator, type NavigatorActor } from './ExamNavigator';
import { AdvisoryModal, AnswerErrorDialog, ConfirmSubmitModal, QuitModal, RemovedModal, TimeOverModal } from './ExamModals';
import { focusHeadingAfterDialog } from '../app/RouteAnnouncer';

/** What the offline banner tells a student during an exam. */
const OFFLINE_ADVICE = {
  message: 'Your answers are saved on this device.',
  details: 'Answers given now are kept on this device and sent automatically when the connection returns. Please do not clear the browser data.',
};

type AttemptActor = ActorRefFrom<typeof examAttemptMachine>;
type TimerActor = NonNullable<ReturnType<AttemptActor['getSnapshot']>['children']['timer']>;
type OutboxActor = NonNullable<ReturnType<AttemptActor['getSnapshot']>['children']['outbox']>;

/** Rendered only while the attempt runs: its exam, timing and children exist. */
export function ExamSession({ attempt }: { attempt: AttemptActor }) {
  const navigate = useNavigate();
  const [quitting, setQuitting] = useState(false);
  const exam = useSelector(attempt, (s) => s.context.exam)!;
  const studentId = useSelector(attempt, (s) => s.context.studentId);
  // Once per attempt on this device: not at a reopen or a reload (src/services/examAdvisory.ts).
  const [advisoryOpen, setAdvisoryOpen] = useState(() => examAdvisory.due(studentId, exam._id, exam.studentStartsAt ?? ''));
  const closeAdvisory = () => {
    examAdvisory.shown(studentId, exam._id, exam.studentStartsAt ?? '');
    setAdvisoryOpen(false);
    focusHeadingAfterDialog();
  };
  const deadlineAt = useSelector(attempt, (s) => s.context.timing?.deadlineAt ?? '');
  const online = useSelector(attempt, (s) => s.context.online);
  const children = attempt.getSnapshot().children;
  const outbox = children.outbox!;
  const timer = children.timer!;
  const submission = children.submission!;

  const examRemoved = useSelector(outbox, (s) => s.context.examRemoved);
  const failure = useSelector(outbox, (s) => s.context.failure);
  const timeOver = useSelector(timer, (s) => s.matches('timeOver'));
  const closed = useSelector(submission, (s) => s.matches('timeOver') || s.matches('submitted')) || timeOver;
  const canSubmit = useSelector(submission, (s) => s.can({ type: 'exam.submit' }));
  // Back (or Forward) while the exam runs asks the quit confirmation instead of leaving.
  const leaving = useBlocker(({ historyAction, currentLocation, nextLocation }) => historyAction === 'POP' && !closed && currentLocation.pathname !== nextLocation.pathname);
  const backPressed = leaving.state === 'blocked';

  const { subjectNames, sections } = useMemo(() => examSections(exam), [exam]);
  const navigator = useExamNavigator(studentId, exam._id);
  const questionIds = useMemo(() => exam.questions.map((q) => q._id), [exam]);

  return (
    <div onContextMenu={(e) => e.preventDefault()} className="pb-36 sm:pb-24">
      <OfflineAdvice message={OFFLINE_ADVICE.message} details={OFFLINE_ADVICE.details} />
      <header className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h1 className="text-lg font-semibold text-slate-900">{exam.title}</h1>
          <div className="flex items-center gap-3">
            <HeaderCountdown timer={timer} />
            {!exam.isPracticeExam && !closed && (
              <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800" data-testid="live-badge">
                Live
              </span>
            )}
            <span className={`flex items-center gap-1 text-sm font-semibold ${online ? 'text-emerald-800' : 'text-slate-700'}`} data-testid="connection-state">
              <span className={`h-2.5 w-2.5 rounded-full ${online ? 'bg-emerald-600' : 'bg-slate-500'}`} aria-hidden="true" /> {online ? 'Online' : 'Offline'}
            </span>
          </div>
        </div>
        <p className="mt-1 text-sm text-slate-600">
          Start: {formatClockTime(exam.studentStartsAt)} · End: {formatClockTime(deadlineAt)}
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
              {blocksOf(section.questions).map((block) => (
                <div key={block[0]!.q._id} className="space-y-3 [content-visibility:auto] [overflow-clip-margin:0.5rem]" style={{ containIntrinsicSize: `auto ${blockHeightRem(block.length)}rem` }}>
                  {block.map(({ q, n }) => (
                    <ExamQuestionCard key={q._id} question={q} number={n} disabled={closed} outbox={outbox} navigator={navigator} />
                  ))}
                </div>
              ))}
            </div>
          </section>
        ))}
      </div>

      <LiveExamBar timer={timer} outbox={outbox} navigator={navigator} questions={exam.questions} closed={closed} canSubmit={canSubmit} onSubmit={() => submission.send({ type: 'exam.submit' })} />
      <NavigatorDialog navigator={navigator} outbox={outbox} questionIds={questionIds} />

      <AdvisoryModal open={advisoryOpen && !closed} onClose={closeAdvisory} />
      <ConfirmSubmitModal submission={submission} outbox={outbox} questionIds={questionIds} />
      <TimeOverModal submission={submission} />
      <QuitModal
        open={quitting || backPressed}
        onCancel={() => (backPressed ? leaving.reset?.() : setQuitting(false))}
        onQuit={() => (backPressed ? leaving.proceed?.() : navigate(examListAddress()))}
      />
      <RemovedModal open={examRemoved} onBack={() => navigate(examListAddress())} />
      <AnswerErrorDialog failure={failure} onClose={() => outbox.send({ type: 'outbox.dismissFailure' })} />
    </div>
  );
}

type Exam = NonNullable<ReturnType<AttemptActor['getSnapshot']>['context']['exam']>;

/** The paper's subjects, and its questions with their numbers by section (one per subject of a segmented exam). */
function examSections(exam: Exam) {
  const subjectNames = [...new Set(exam.questions.map((q) => q.subjectName).filter((n): n is string => !!n))];
  const numbered = exam.questions.map((q, i) => ({ q, n: i + 1 }));
  const sections = exam.isSegmentedExam ? subjectNames.map((name) => ({ name, questions: numbered.filter(({ q }) => q.subjectName === name) })) : [{ name: '', questions: numbered }];
  return { subjectNames, sections };
}

/**
 * Off-screen questions skip layout and paint (content-visibility), by blocks of five cards: an answer that
 * changes one card's height neither lays out nor repaints the whole paper, and each frame the browser
 * checks 40 blocks of a 200-question paper for coming on screen rather than 200 cards (a check per
 * element and frame that cost as much as the layout). The browser remembers a block's size once it has
 * been on screen and guesses it before from an MCQ card's height.
 */
const CARDS_PER_BLOCK = 5;
/** An MCQ card's height on a phone and the gap between cards (space-y-3), in rem: the guess for a block not shown yet. */
const CARD_REM = 19;
const GAP_REM = 0.75;

function blocksOf<T>(questions: T[]): T[][] {
  return Array.from({ length: Math.ceil(questions.length / CARDS_PER_BLOCK) }, (_, i) => questions.slice(i * CARDS_PER_BLOCK, (i + 1) * CARDS_PER_BLOCK));
}

const blockHeightRem = (cards: number) => cards * CARD_REM + (cards - 1) * GAP_REM;

/**
 * The countdown in the exam's header, as the spec places it; the bar's own stays in reach of the thumb
 * at the bottom. Only the bar's is the page's timer for a screen reader, which hears the time from it at
 * 5 and 1 minutes left: the same seconds read twice would be noise. It alone renders at each tick.
 */
function HeaderCountdown({ timer }: { timer: TimerActor }) {
  const remaining = useSelector(timer, (s) => s.context.remainingMs);
  return (
    <span className={`font-mono text-base font-semibold tabular-nums ${timeIsShort(remaining) ? 'text-red-700' : 'text-slate-900'}`} aria-hidden="true" data-testid="header-countdown">
      {formatCountdown(remaining)}
    </span>
  );
}

/**
 * The exam bar with the countdown and the counts: it alone renders again at each tick of the timer and
 * at each answer, not the session and its questions (each question card reads its own answer).
 */
function LiveExamBar({
  timer,
  outbox,
  navigator,
  questions,
  closed,
  canSubmit,
  onSubmit,
}: {
  timer: TimerActor;
  outbox: OutboxActor;
  navigator: NavigatorActor;
  questions: Exam['questions'];
  closed: boolean;
  canSubmit: boolean;
  onSubmit: () => void;
}) {
  const remaining = useSelector(timer, (s) => s.context.remainingMs);
  const answered = useSelector(outbox, (s) => answeredCount(s.context.entries));
  const responses = useSelector(outbox, (s) => responsesGiven(s.context.entries));
  const offlineSaved = useSelector(outbox, (s) => offlineCount(s.context.entries));
  const totalResponses = useMemo(() => totalResponseCount(questions), [questions]);
  const nextUnanswered = () => {
    const { entries } = outbox.getSnapshot().context;
    showNextUnanswered((id) => (entries[id]?.count ?? 0) > 0);
  };
  return (
    <ExamBar
      remainingMs={remaining}
      answered={answered}
      questions={questions.length}
      responses={responses}
      totalResponses={totalResponses}
      offlineSaved={offlineSaved}
      canSubmit={canSubmit}
      onSubmit={onSubmit}
      onOpenQuestions={() => navigator.send({ type: 'navigator.open' })}
      onNextUnanswered={closed || answered === questions.length ? undefined : nextUnanswered}
    />
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
