// One exam card: title, badge, batch, question count, duration, subject, and the action buttons
// that fit its state (live, upcoming, finished) at the page's last 10-second refresh.
import dayjs from 'dayjs';
import { examCardState } from '../../domain/examTiming';
import type { ExamAssignment } from '../../contracts/exams';

const colours = {
  practice: 'border-t-sky-600',
  live: 'border-t-red-600',
  upcoming: 'border-t-pine-600',
  finished: 'border-t-pine-700',
} as const;

export function ExamCard({
  assignment,
  now,
  onStart,
  onRetake,
  onViewResult,
}: {
  assignment: ExamAssignment;
  now: number;
  onStart: (assignment: ExamAssignment) => void;
  onRetake: (assignment: ExamAssignment) => void;
  onViewResult: () => void;
}) {
  const exam = assignment.examId;
  const state = examCardState({ ...assignment, isPracticeExam: exam.isPracticeExam }, now);
  const colour = exam.isPracticeExam && state !== 'finished' ? colours.practice : colours[state];
  const startLabel = state === 'live' || exam.isPracticeExam ? 'Start Exam' : `Start Time: ${dayjs(assignment.startsAt).format('D MMM YYYY, h:mm A')}`;
  return (
    <article className={`flex flex-col rounded-xl border border-t-4 border-slate-200 bg-white p-4 shadow-sm ${colour}`} data-exam-state={state} aria-label={exam.title}>
      <div className="flex items-start justify-between gap-2">
        <h2 className="font-semibold text-slate-900">{exam.title}</h2>
        <span className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${exam.isPracticeExam ? 'bg-sky-100 text-sky-800' : 'bg-red-100 text-red-800'}`}>
          {exam.isPracticeExam ? 'Practice' : 'Live'}
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
      </dl>
      <div className="mt-auto flex flex-wrap gap-2 pt-3">
        {state === 'finished' ? (
          <>
            <button type="button" onClick={onViewResult} className="rounded-md bg-pine-700 px-3 py-2.5 text-sm font-semibold text-white hover:bg-pine-600">
              View Result
            </button>
            {exam.isPracticeExam && (
              <button type="button" onClick={() => onRetake(assignment)} className="rounded-md px-3 py-2.5 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-100">
                Retake Exam
              </button>
            )}
          </>
        ) : (
          <button
            type="button"
            disabled={state === 'upcoming'}
            onClick={() => onStart(assignment)}
            className="rounded-md bg-brand-700 px-3 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
          >
            {startLabel}
          </button>
        )}
      </div>
    </article>
  );
}
