// The rules of "Practise my mistakes", shared by the server and the app: which questions of a result
// are mistakes, the time a set gets, and when a question leaves the set.
import type { QuestionType } from '../contracts/exams';
import type { QuestionScore } from './scoring';

/** Right answers in a row in mistakes practice after which a question leaves the student's mistakes. */
export const RIGHT_IN_A_ROW_TO_LEAVE = 2;

/** Days an untimed review stays open; then it is finished as it stands. */
export const UNTIMED_OPEN_DAYS = 7;

/** Question types scored on submit; written answers wait for a teacher and are not practised here. */
const SELF_SCORED: readonly QuestionType[] = ['MCQ', 'checkbox', 'MCA'];

/** A question of a result is a mistake when it was skipped or did not earn its full marks (a dropped one never is). */
export function isMistake(type: QuestionType, dropped: boolean, score: Pick<QuestionScore, 'answered' | 'marks' | 'negativeMarks' | 'total'> | undefined): boolean {
  if (!SELF_SCORED.includes(type) || dropped) return false;
  if (!score) return true;
  if (score.total <= 0) return false;
  return !score.answered || score.marks < score.total || score.negativeMarks > 0;
}

/** Whether a practised question earned its full marks: it extends the streak (anything else ends it). */
export const answeredRight = (score: Pick<QuestionScore, 'answered' | 'marks' | 'negativeMarks' | 'total'>): boolean =>
  score.answered && score.total > 0 && score.marks >= score.total && score.negativeMarks === 0;

/**
 * Minutes for a set: each exam's duration in proportion to the questions taken from it (duration × N /
 * the exam's question count), summed and rounded up to whole minutes, at least 1; 0 for nothing.
 */
export function mistakesDuration(parts: ReadonlyArray<{ duration: number; questions: number; taken: number }>): number {
  const taken = parts.reduce((sum, part) => sum + part.taken, 0);
  if (taken === 0) return 0;
  const exact = parts.reduce((sum, part) => sum + (part.questions > 0 ? (part.duration * part.taken) / part.questions : 0), 0);
  // A whisker below a whole minute (floating point) stays that minute.
  return Math.max(1, Math.ceil(exact - 1e-9));
}

/** The app's words for the empty state and the buttons. */
export const MISTAKES_WORDS = {
  noneInExam: 'No mistakes to practise in this exam',
  noneInSubject: 'No mistakes to practise in this subject',
  noneAtAll: 'No mistakes to practise yet',
  practise: (count: number) => `Practise my ${count} ${count === 1 ? 'mistake' : 'mistakes'}`,
  practiseIn: (subject: string) => `Practise my mistakes in ${subject}`,
  /** The review's progress: questions answered right in it, of all. */
  mastered: (mastered: number, total: number) => `${mastered} of ${total} mastered`,
} as const;
