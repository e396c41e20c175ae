import { describe, expect, it } from 'vitest';
import { attemptEndMs, canStartExam, crossedTimeWarning, examCardState, graceEndMs, isAttemptOver, isLate, remainingMs, serverClockOffsetMs } from '../../src/domain/examTiming.js';

const at = (iso: string) => Date.parse(iso);
const live = { startsAt: '2026-11-22T10:00:00.000Z', endsAt: '2026-11-22T11:00:00.000Z', duration: 45, isPracticeExam: false };
const practice = { ...live, isPracticeExam: true };

describe('end of an attempt', () => {
  it('live: the earlier of start + duration and the exam end', () => {
    expect(attemptEndMs(live, '2026-11-22T10:05:00.000Z')).toBe(at('2026-11-22T10:50:00.000Z'));
    expect(attemptEndMs(live, '2026-11-22T10:30:00.000Z')).toBe(at('2026-11-22T11:00:00.000Z'));
  });

  it('practice: start + duration, even past the end time', () => {
    expect(attemptEndMs(practice, '2026-11-22T10:30:00.000Z')).toBe(at('2026-11-22T11:15:00.000Z'));
    expect(isAttemptOver(practice, '2026-11-22T10:30:00.000Z', at('2026-11-22T11:10:00.000Z'))).toBe(false);
    expect(isAttemptOver(live, '2026-11-22T10:30:00.000Z', at('2026-11-22T11:00:00.000Z'))).toBe(true);
  });

  it('remaining time uses the server clock offset and never goes below zero', () => {
    const end = at('2026-11-22T10:50:00.000Z');
    const offset = serverClockOffsetMs('2026-11-22T10:40:00.000Z', at('2026-11-22T10:39:00.000Z'));
    expect(offset).toBe(60_000);
    expect(remainingMs(end, at('2026-11-22T10:39:00.000Z'), offset)).toBe(600_000);
    expect(remainingMs(end, at('2026-11-22T11:00:00.000Z'), offset)).toBe(0);
    expect(serverClockOffsetMs('2026-11-22T10:40:00.000Z', at('2026-11-22T10:39:02.000Z'), at('2026-11-22T10:38:58.000Z'))).toBe(60_000);
  });
});

describe('exam card state', () => {
  const card = { ...live, studentStartsAt: null, submittedAt: null };
  it('upcoming before the start, live inside the window, finished after the end', () => {
    expect(examCardState(card, at('2026-11-22T09:59:59.000Z'))).toBe('upcoming');
    expect(canStartExam(card, at('2026-11-22T09:59:59.000Z'))).toBe(false);
    expect(examCardState(card, at('2026-11-22T10:00:00.000Z'))).toBe('live');
    expect(canStartExam(card, at('2026-11-22T10:00:00.000Z'))).toBe(true);
    expect(examCardState(card, at('2026-11-22T11:00:00.000Z'))).toBe('finished');
  });

  it('finished for the student once submitted or once their start + duration passed', () => {
    expect(examCardState({ ...card, submittedAt: '2026-11-22T10:20:00.000Z' }, at('2026-11-22T10:21:00.000Z'))).toBe('finished');
    expect(examCardState({ ...card, studentStartsAt: '2026-11-22T10:00:00.000Z' }, at('2026-11-22T10:44:59.000Z'))).toBe('live');
    expect(examCardState({ ...card, studentStartsAt: '2026-11-22T10:00:00.000Z' }, at('2026-11-22T10:45:00.000Z'))).toBe('finished');
  });

  it('practice exams never expire by end time', () => {
    const p = { ...practice, studentStartsAt: null, submittedAt: null };
    expect(examCardState(p, at('2026-12-30T00:00:00.000Z'))).toBe('live');
    expect(examCardState({ ...p, studentStartsAt: '2026-12-30T00:00:00.000Z' }, at('2026-12-30T00:46:00.000Z'))).toBe('finished');
    expect(examCardState(p, at('2026-11-22T09:00:00.000Z'))).toBe('upcoming');
  });
});

describe('time warnings for screen readers', () => {
  it('names the warning a countdown reading crossed, once, and none for a start below it', () => {
    expect(crossedTimeWarning(300_500, 299_500)).toBe(5);
    expect(crossedTimeWarning(299_500, 298_500)).toBe(null);
    expect(crossedTimeWarning(60_400, 59_400)).toBe(1);
    expect(crossedTimeWarning(400_000, 30_000)).toBe(1);
    expect(crossedTimeWarning(120_000, 119_000)).toBe(null);
    expect(crossedTimeWarning(60_000, 60_000)).toBe(null);
  });
});

describe('late: now past the deadline and its grace', () => {
  const deadline = '2026-01-01T10:00:00.000Z';
  it('is not late until the grace has passed, to the millisecond', () => {
    expect(graceEndMs(deadline, 60)).toBe(Date.parse('2026-01-01T10:01:00.000Z'));
    expect(isLate('2026-01-01T10:00:30.000Z', deadline, 60)).toBe(false);
    expect(isLate(new Date('2026-01-01T10:01:00.000Z'), deadline, 60)).toBe(false);
    expect(isLate(Date.parse('2026-01-01T10:01:00.001Z'), deadline, 60)).toBe(true);
    expect(isLate('2026-01-01T10:00:00.001Z', deadline, 0)).toBe(true);
  });
});
