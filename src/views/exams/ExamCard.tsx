// One exam card: title, badge, batch, question count, duration, subject, and the action buttons
// that fit its state (live, upcoming, finished) at the page's last 10-second refresh.
import { attemptMinutesLeft, examCardState, resumeWords } from '../../domain/examTiming';
import { formatAcademyTime } from '../../domain/academyTime';
import type { ExamAssignment } from '../../contracts/exams';
import { Button } from '../ui/Button';

const colours = {
  practice: 'border-t-sky-600',
  live: 'border-t-red-600',
  upcoming: 'border-t-pine-600',
  finished: 'border-t-pine-700',
} as const;

/** The exam's kind, as the spec's badge names it. */
const BADGES = {
  practice: { label: 'Practice', look: 'bg-sky-100 text-sky-800' },
  live: { label: 'Live', look: 'bg-red-100 text-red-800' },
} as const;

/** Where a live exam stands now, beside its kind: a live exam of tomorrow is still a Live exam. */
const STATES = {
  live: { label: 'Open now', look: 'bg-red-600 text-white' },
  upcoming: { label: 'Upcoming', look: 'bg-slate-100 text-slate-800' },
  finished: { label: 'Finished', look: 'bg-slate-100 text-slate-800' },
} as const;

export type CardAction = 'start' | 'resume' | 'wait' | 'result' | 'resultPending';

/** What an exam's card offers now: start it, resume the attempt under way, wait for its start, or its result (once published). */
export function cardAction(assignment: ExamAssignment, now: number): CardAction {
  const timing = { ...assignment, isPracticeExam: assignment.examId.isPracticeExam };
  const state = examCardState(timing, now);
  if (state === 'finished') return assignment.resultPublished ? 'result' : 'resultPending';
  if (state === 'upcoming') return 'wait';
  return state === 'live' && attemptMinutesLeft(timing, now) !== null ? 'resume' : 'start';
}

export function ExamCard({
  assignment,
  now,
  onStart,
  onResume,
  onRetake,
  onViewResult,
}: {
  assignment: ExamAssignment;
  now: number;
  onStart: (assignment: ExamAssignment) => void;
  /** An attempt under way goes straight back to its paper: its instruction was read at its start. */
  onResume: (assignment: ExamAssignment) => void;
  onRetake: (assignment: ExamAssignment) => void;
  onViewResult: () => void;
}) {
  const exam = assignment.examId;
  const timing = { ...assignment, isPracticeExam: exam.isPracticeExam };
  const state = examCardState(timing, now);
  const minutesLeft = state === 'live' ? attemptMinutesLeft(timing, now) : null;
  const action = cardAction(assignment, now);
  const colour = exam.isPracticeExam && state !== 'finished' ? colours.practice : colours[state];
  const badge = exam.isPracticeExam ? 'practice' : 'live';
  const startLabel =
    minutesLeft !== null ? resumeWords(minutesLeft) : state === 'live' || exam.isPracticeExam ? 'Start Exam' : `Start Time: ${formatAcademyTime(assignment.startsAt)}`;
  return (
    <article className={`flex flex-col rounded-xl border border-t-4 border-slate-200 bg-white p-4 shadow-sm ${colour}`} data-exam-state={state} data-exam-id={exam._id} aria-label={exam.title}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{exam.title}</h2>
        <span className="flex shrink-0 flex-wrap justify-end gap-1">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${BADGES[badge].look}`} data-testid="exam-badge">
            {BADGES[badge].label}
          </span>
          {!exam.isPracticeExam && (
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATES[state].look}`} data-testid="exam-state">
              {STATES[state].label}
            </span>
          )}
        </span>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-sm text-slate-600">
        <dt>Batch:</dt>
        <dd>{assignment.groupName}</dd>
        <dt>Questions:</dt>
        <dd>{exam.questionCount}</dd>
        <dt>Duration:</dt>
        <dd>{assignment.duration} minutes</dd>
        <dt>Subject:</dt>
        <dd>{exam.subjectName ?? (exam.isSegmentedExam ? 'Segmented' : 'Not given')}</dd>
        {state === 'live' && !exam.isPracticeExam && (
          <>
            <dt>Closes:</dt>
            <dd data-testid="exam-closes">{formatAcademyTime(assignment.endsAt)}</dd>
          </>
        )}
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-3">
        {state === 'finished' ? (
          <>
            {action === 'result' ? (
              <Button onClick={onViewResult}>View Result</Button>
            ) : (
              <p className="text-sm text-slate-700" data-testid="result-pending">
                The result is not published yet.
              </p>
            )}
            {exam.isPracticeExam && (
              <Button variant="secondary" onClick={() => onRetake(assignment)}>
                Retake Exam
              </Button>
            )}
          </>
        ) : (
          <Button disabled={action === 'wait'} onClick={() => (action === 'resume' ? onResume(assignment) : onStart(assignment))}>
            {startLabel}
          </Button>
        )}
      </div>
    </article>
  );
}
