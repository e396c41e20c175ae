// How the result screen and the scoreboard write figures: marks, completion time, merit position.
import { roundMarks } from './scoring';

/** Marks with at most two decimals ('12.5', '7', '-0.25'). */
export function formatMarks(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  return String(Math.round(roundMarks(value) * 100) / 100);
}

/** The completion time as the spec writes it, hh:mm:ss ('00:07:05'). */
export function formatCompletion(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(Math.floor(total / 3600))}:${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
}

/** 'Not given' until an exam is ranked. */
export const formatMerit = (rank: number | null | undefined): string => (rank === null || rank === undefined ? 'Not given' : String(rank));

/** The marks that pass an exam: passMark is a percent of the total. */
export const passMarks = (totalMarks: number, passMark: number): number => roundMarks((totalMarks * passMark) / 100);
