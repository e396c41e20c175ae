// Strength per subject beside the scoreboard's marks chart: the share of marks of each subject over the
// student's newest published results (the server's figures), strongest first. Each bar is drawn in
// HTML with its value written beside it, so the figure reads without colour, sight or a chart library.
import type { SubjectStrengths as Strengths } from '../../contracts/results';
import { formatMarks, formatScoreboardMarks } from '../../domain/results';

/** A bar's width: the percent held between 0 and 100 (negative marks can take a subject below zero). */
const barWidth = (percent: number) => `${Math.min(100, Math.max(0, percent))}%`;

export function SubjectStrengths({ strengths }: { strengths: Strengths }) {
  return (
    <section aria-labelledby="strengths-title" className="rounded-xl border border-slate-200 bg-white p-3" data-testid="subject-strengths">
      <h2 id="strengths-title" className="text-sm font-semibold text-slate-800">
        Strength by subject
      </h2>
      {strengths.subjects.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No subject figures yet: they show once a published result has marked questions of a subject.</p>
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-600">
            Share of marks over your last {strengths.exams === 1 ? 'exam' : `${strengths.exams} exams`}.
          </p>
          <ul className="mt-3 space-y-3" aria-label="Strength by subject">
            {strengths.subjects.map((subject) => (
              <li key={subject.subjectId}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-2 text-sm">
                  <span className="font-medium text-slate-900">{subject.subjectName ?? 'Subject'}:</span>
                  <span className="text-slate-700">
                    <strong className="text-slate-900">{formatMarks(subject.percent)}%</strong> · {formatScoreboardMarks(subject.marksObtained)} of {formatScoreboardMarks(subject.totalMarks)} marks
                  </span>
                </div>
                <div className="mt-1 h-2.5 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
                  <div className="h-full rounded-full bg-brand-700" style={{ width: barWidth(subject.percent) }} />
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
