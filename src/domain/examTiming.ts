// When an attempt ends, how much time remains, and what state an exam card is in. Pure: the
// server computes an attempt's deadline with it and the app runs its countdown and card refresh
// with it, so both sides agree on the end of an exam.

export type TimeInput = string | number | Date;

export interface ExamWindow {
  startsAt: TimeInput;
  endsAt: TimeInput;
  /** Minutes. */
  duration: number;
  isPracticeExam: boolean;
}

export type ExamCardState = 'live' | 'upcoming' | 'finished';

/** Refresh period of exam card states (spec: every 10 seconds). */
export const EXAM_CARD_REFRESH_MS = 10_000;

export function toMs(time: TimeInput): number {
  if (typeof time === 'number') return time;
  if (time instanceof Date) return time.getTime();
  return Date.parse(time);
}

export function durationMs(durationMinutes: number): number {
  return durationMinutes * 60_000;
}

/** The end of the grace after a deadline (ms since epoch): until then an answer or a submit still counts. */
export function graceEndMs(deadline: TimeInput, graceSeconds: number): number {
  return toMs(deadline) + graceSeconds * 1000;
}

/**
 * Late: now is past the deadline and its grace. One rule for every deadline the server keeps (an
 * attempt's, a mistake set's, an assignment's end before its results may be published).
 */
export function isLate(now: TimeInput, deadline: TimeInput, graceSeconds: number): boolean {
  return toMs(now) > graceEndMs(deadline, graceSeconds);
}

/**
 * The end of a student's attempt in ms since epoch. Live: the earlier of their start plus the
 * duration and the exam's end. Practice: their start plus the duration (never cut by the end time).
 */
export function attemptEndMs(window: ExamWindow, studentStartsAt: TimeInput): number {
  const byDuration = toMs(studentStartsAt) + durationMs(window.duration);
  return window.isPracticeExam ? byDuration : Math.min(byDuration, toMs(window.endsAt));
}

/**
 * Offset to add to the device clock to get the server's clock, measured from a response's
 * `serverNow`. The request's round trip is split evenly when `sentAtMs` is given.
 */
export function serverClockOffsetMs(serverNow: TimeInput, receivedAtMs: number, sentAtMs?: number): number {
  const deviceMidpoint = sentAtMs === undefined ? receivedAtMs : sentAtMs + (receivedAtMs - sentAtMs) / 2;
  return toMs(serverNow) - deviceMidpoint;
}

/** Remaining ms (never below 0) of an attempt ending at `endMs`, on the device clock plus offset. */
export function remainingMs(endMs: number, deviceNowMs: number, offsetMs = 0): number {
  return Math.max(0, endMs - (deviceNowMs + offsetMs));
}

/**
 * Whole minutes (rounded up) left of the student's attempt under way at `nowMs`: started, not submitted,
 * its time not run out. Null when no attempt is under way (the card then offers a start, not a resume).
 */
export function attemptMinutesLeft(exam: ExamCardInput, nowMs: number): number | null {
  if (exam.studentStartsAt === null || exam.studentStartsAt === undefined) return null;
  if (exam.submittedAt !== null && exam.submittedAt !== undefined) return null;
  const left = remainingMs(attemptEndMs(exam, exam.studentStartsAt), nowMs);
  return left > 0 ? Math.ceil(left / 60_000) : null;
}

/** The offer to go back to an attempt under way, on the exam card and the Today strip: 'Resume · 42 min left'. */
export const resumeWords = (minutesLeft: number): string => `Resume · ${minutesLeft} min left`;

export interface ExamCardInput extends ExamWindow {
  studentStartsAt: TimeInput | null;
  submittedAt: TimeInput | null;
}

/**
 * Card state of an exam for one student at `nowMs` (spec section 4): upcoming before startsAt;
 * finished once the student submitted, or their start plus the duration passed, or (non-practice)
 * endsAt passed; otherwise live. Practice exams never expire by end time.
 */
export function examCardState(exam: ExamCardInput, nowMs: number): ExamCardState {
  if (exam.submittedAt !== null && exam.submittedAt !== undefined) return 'finished';
  if (exam.studentStartsAt !== null && exam.studentStartsAt !== undefined) {
    if (nowMs >= toMs(exam.studentStartsAt) + durationMs(exam.duration)) return 'finished';
  }
  if (!exam.isPracticeExam && nowMs >= toMs(exam.endsAt)) return 'finished';
  if (nowMs < toMs(exam.startsAt)) return 'upcoming';
  return 'live';
}

/** Whether the student may open the exam now (the Start button is enabled). */
export function canStartExam(exam: ExamCardInput, nowMs: number): boolean {
  return examCardState(exam, nowMs) === 'live';
}

/** Whether an attempt that started at `studentStartsAt` has run out at `nowMs`. */
export function isAttemptOver(window: ExamWindow, studentStartsAt: TimeInput, nowMs: number): boolean {
  return nowMs >= attemptEndMs(window, studentStartsAt);
}

/** Minutes left at which the exam bar tells a screen reader the time (spoken once each). */
const TIME_WARNING_MINUTES = [1, 5] as const;

/**
 * The warning (minutes left) the countdown crossed between two readings, or null. A jump over both
 * (a phone that slept) gives the nearer one; a reading that starts below a warning crosses nothing.
 */
export function crossedTimeWarning(beforeMs: number, nowMs: number): number | null {
  for (const minutes of TIME_WARNING_MINUTES) {
    const at = minutes * 60_000;
    if (beforeMs > at && nowMs <= at) return minutes;
  }
  return null;
}
