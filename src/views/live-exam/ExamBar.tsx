// The exam bar, fixed to the bottom of the screen on phone and desktop for as long as the exam runs:
// time left, answered and offline-saved counts, the question grid, "Next unanswered" and Submit. Screen readers hear the
// time once at 5 and once at 1 minute left (the countdown itself is not read out every second).
import { useEffect, useRef, useState } from 'react';
import { crossedTimeWarning } from '../../domain/examTiming';
import { formatCountdown } from '../../domain/academyTime';
import { Button } from '../ui/Button';

export interface ExamBarProps {
  remainingMs: number;
  answered: number;
  questions: number;
  responses: number;
  totalResponses: number;
  offlineSaved: number;
  canSubmit: boolean;
  onSubmit: () => void;
  /** Opens the question grid (the exam navigator). */
  onOpenQuestions: () => void;
  /** Absent when every question has an answer. */
  onNextUnanswered?: () => void;
}

/** Five minutes or less left: the countdowns turn red. */
export const timeIsShort = (remainingMs: number): boolean => remainingMs <= 5 * 60_000;

export function ExamBar({ remainingMs, answered, questions, responses, totalResponses, offlineSaved, canSubmit, onSubmit, onOpenQuestions, onNextUnanswered }: ExamBarProps) {
  const spoken = useTimeWarning(remainingMs);
  const urgent = timeIsShort(remainingMs);
  return (
    <section className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 px-3 py-2 shadow-[0_-2px_8px_rgba(0,0,0,0.06)] backdrop-blur" aria-label="Exam bar">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-3 gap-y-2 text-sm">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span
            className={`rounded-md px-2 py-1 font-mono text-lg tabular-nums text-white ${urgent ? 'bg-red-700' : 'bg-slate-900'}`}
            role="timer"
            aria-label="Time remaining"
          >
            {formatCountdown(remainingMs)}
          </span>
          <span data-testid="answered-count">
            Answered: {answered}/{questions}
          </span>
          <span data-testid="response-count">
            Responses: {responses}/{totalResponses}
          </span>
          <span data-testid="offline-count" className={offlineSaved > 0 ? 'font-semibold text-amber-800' : ''}>
            Offline saved: {offlineSaved}
          </span>
        </div>
        <div className="flex flex-1 justify-end gap-2">
          <Button variant="secondary" onClick={onOpenQuestions} aria-haspopup="dialog">
            Questions
          </Button>
          <Button variant="secondary" disabled={!onNextUnanswered} onClick={onNextUnanswered}>
            Next unanswered
          </Button>
          <Button size="lg" disabled={!canSubmit} onClick={onSubmit}>
            Submit
          </Button>
        </div>
      </div>
      <p className="sr-only" aria-live="assertive" data-testid="time-announcement">
        {spoken}
      </p>
    </section>
  );
}

/** The words for screen readers once the countdown crosses 5 and 1 minutes left; empty before. */
function useTimeWarning(remainingMs: number): string {
  const previous = useRef(remainingMs);
  const [spoken, setSpoken] = useState('');
  useEffect(() => {
    const crossed = crossedTimeWarning(previous.current, remainingMs);
    previous.current = remainingMs;
    if (crossed !== null) setSpoken(`${crossed === 1 ? '1 minute' : `${crossed} minutes`} left in the exam.`);
  }, [remainingMs]);
  return spoken;
}

/**
 * Scrolls to and focuses the first unanswered question after the one at the top of the screen, going
 * round to the first when none follows.
 */
export function showNextUnanswered(isAnswered: (questionId: string) => boolean): void {
  const cards = [...document.querySelectorAll<HTMLElement>('article[data-question-id]')];
  const topBar = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
  const current = cards.findIndex((card) => card.getBoundingClientRect().bottom > topBar + 1);
  const open = cards.filter((card) => !isAnswered(card.dataset.questionId ?? ''));
  const target = open.find((card) => cards.indexOf(card) > current) ?? open[0];
  if (!target) return;
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
}
