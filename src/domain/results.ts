// How the result screen and the scoreboard write figures: marks and merit position (times are
// src/domain/academyTime.ts's), and
// how the result counts its questions.
import { roundMarks, type QuestionScore } from './scoring';

/** What became of one question: full marks, some marks, none, not answered, or a written answer still unmarked. */
export type QuestionOutcome = 'correct' | 'partlyCorrect' | 'incorrect' | 'skipped' | 'awaitingMarks';

export function questionOutcome(score: Pick<QuestionScore, 'answered' | 'marks' | 'total' | 'pendingReview'>): QuestionOutcome {
  if (score.pendingReview) return 'awaitingMarks';
  if (!score.answered) return 'skipped';
  if (score.marks >= score.total) return 'correct';
  return score.marks > 0 ? 'partlyCorrect' : 'incorrect';
}

/**
 * The result's Correct, Incorrect and Skipped. An MCA question answered in part counts its options'
 * shares, as the spec says (3 of 5 options right, 1 wrong, 1 blank: 0.6 correct, 0.2 incorrect, 0.2
 * skipped); every other question counts whole: a paragraph marked 4 of 5 is one partly correct
 * question whose credit shows as marks (`partialMarks`), never as 0.8 of a correct one.
 */
export interface QuestionTally {
  correct: number;
  partlyCorrect: number;
  /** The marks the partly correct (teacher-marked) questions earned. */
  partialMarks: number;
  incorrect: number;
  skipped: number;
  awaitingMarks: number;
}

type TalliedScore = Pick<QuestionScore, 'answered' | 'marks' | 'total' | 'pendingReview' | 'correct' | 'incorrect' | 'skipped'>;

/** A score split into shares: an MCA answered in part (the only question whose shares are not whole). */
const splitInShares = (score: TalliedScore): boolean =>
  !score.pendingReview && [score.correct, score.incorrect, score.skipped].some((share) => share % 1 !== 0);

export function tallyQuestions(scores: Iterable<TalliedScore>): QuestionTally {
  const tally: QuestionTally = { correct: 0, partlyCorrect: 0, partialMarks: 0, incorrect: 0, skipped: 0, awaitingMarks: 0 };
  for (const score of scores) {
    if (splitInShares(score)) {
      tally.correct = roundMarks(tally.correct + score.correct);
      tally.incorrect = roundMarks(tally.incorrect + score.incorrect);
      tally.skipped = roundMarks(tally.skipped + score.skipped);
      continue;
    }
    const outcome = questionOutcome(score);
    tally[outcome] = roundMarks(tally[outcome] + 1);
    if (outcome === 'partlyCorrect') tally.partialMarks = roundMarks(tally.partialMarks + score.marks);
  }
  return tally;
}

/** Marks with at most two decimals ('12.5', '7', '-0.25'). */
export function formatMarks(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return String(Math.round(roundMarks(value) * 100) / 100);
}

/** A figure of the scoreboard (its table, cards, summary and Progress Report): always 2 decimals ('9.00', '12.50'), as the spec says. */
export function formatScoreboardMarks(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return (Math.round(roundMarks(value) * 100) / 100 + 0).toFixed(2);
}

/** 'Not given' until an exam is ranked. */
export const formatMerit = (rank: number | null | undefined): string => (rank === null || rank === undefined ? 'Not given' : String(rank));

/** The marks that pass an exam: passMark is a percent of the total. */
export const passMarks = (totalMarks: number, passMark: number): number => roundMarks((totalMarks * passMark) / 100);
