import { describe, expect, it } from 'vitest';
import {
  ACADEMY_TIME_ZONE,
  DEFAULT_ACADEMY_TIME_ZONE,
  formatAcademyTime,
  formatClockTime,
  formatCountdown,
  formatElapsed,
  formatMediaTime,
  formatSince,
  formatYear,
  publishAfterWords,
  resolveTimeZone,
} from '../../src/domain/academyTime.js';

// 10:05 UTC is 16:05 in Dhaka (UTC+6, no daylight saving) and 05:05 in New York (EST in November).
const AFTERNOON = '2026-11-22T10:05:00.000Z';
// 20:30 UTC on 31 December is already 02:30 on 1 January in Dhaka.
const NEW_YEAR_NIGHT = '2026-12-31T20:30:00.000Z';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('the academy time zone', () => {
  it('is Asia/Dhaka unless configured', () => {
    expect(DEFAULT_ACADEMY_TIME_ZONE).toBe('Asia/Dhaka');
    expect(ACADEMY_TIME_ZONE).toBe(resolveTimeZone(process.env.VITE_ACADEMY_TIME_ZONE));
    expect(resolveTimeZone(undefined)).toBe('Asia/Dhaka');
    expect(resolveTimeZone('  ')).toBe('Asia/Dhaka');
  });

  it('takes a configured IANA zone and refuses a made-up one', () => {
    expect(resolveTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(resolveTimeZone(' Europe/London ')).toBe('Europe/London');
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBe('Asia/Dhaka');
  });
});

describe('one time format on the academy clock', () => {
  it("a moment: 'DD MMM YYYY | hh:mm a' on a 12-hour clock, am and pm in lower case", () => {
    expect(formatAcademyTime(AFTERNOON, 'Asia/Dhaka')).toBe('22 Nov 2026 | 04:05 pm');
    expect(formatAcademyTime('2026-11-22T02:07:00.000Z', 'Asia/Dhaka')).toBe('22 Nov 2026 | 08:07 am');
    expect(formatAcademyTime(NEW_YEAR_NIGHT, 'Asia/Dhaka')).toBe('01 Jan 2027 | 02:30 am');
    expect(formatAcademyTime(AFTERNOON, 'America/New_York')).toBe('22 Nov 2026 | 05:05 am');
    // Midnight and noon on a 12-hour clock (never '00:03 am' nor '21:47 pm').
    expect(formatAcademyTime('2026-11-22T18:03:00.000Z', 'Asia/Dhaka')).toBe('23 Nov 2026 | 12:03 am');
    expect(formatAcademyTime('2026-11-22T06:00:00.000Z', 'Asia/Dhaka')).toBe('22 Nov 2026 | 12:00 pm');
    expect(formatAcademyTime('2026-11-22T15:47:00.000Z', 'Asia/Dhaka')).toBe('22 Nov 2026 | 09:47 pm');
  });

  it('the time of day alone, for the exam screen: hh:mm a', () => {
    expect(formatClockTime(AFTERNOON, 'Asia/Dhaka')).toBe('04:05 pm');
    expect(formatClockTime('2026-11-22T03:00:00.000Z', 'Asia/Dhaka')).toBe('09:00 am');
    expect(formatClockTime('2026-11-22T18:00:00.000Z', 'Asia/Dhaka')).toBe('12:00 am');
  });

  it('what happened in the last day reads as how long ago; older, as the moment', () => {
    const now = Date.parse(AFTERNOON);
    const at = (msAgo: number) => new Date(now - msAgo).toISOString();
    expect(formatSince(at(0), now, 'Asia/Dhaka')).toBe('just now');
    expect(formatSince(at(59_000), now, 'Asia/Dhaka')).toBe('just now');
    // A little ahead of the device's clock (the server's clock leads): just now, not a date.
    expect(formatSince(at(-2 * MINUTE), now, 'Asia/Dhaka')).toBe('just now');
    expect(formatSince(at(MINUTE), now, 'Asia/Dhaka')).toBe('1 min ago');
    expect(formatSince(at(59 * MINUTE + 59_000), now, 'Asia/Dhaka')).toBe('59 min ago');
    expect(formatSince(at(HOUR), now, 'Asia/Dhaka')).toBe('1 h ago');
    expect(formatSince(at(2 * HOUR + 30 * MINUTE), now, 'Asia/Dhaka')).toBe('2 h ago');
    expect(formatSince(at(23 * HOUR + 59 * MINUTE), now, 'Asia/Dhaka')).toBe('23 h ago');
    expect(formatSince(at(24 * HOUR), now, 'Asia/Dhaka')).toBe('21 Nov 2026 | 04:05 pm');
    expect(formatSince(at(-HOUR), now, 'Asia/Dhaka')).toBe('22 Nov 2026 | 05:05 pm');
  });

  it('when results can be published: the one academy format, lower-case am and pm', () => {
    expect(publishAfterWords('2026-11-26T14:30:00.000Z', 'Asia/Dhaka')).toBe('Can be published after 26 Nov 2026 | 08:30 pm');
    // Past midnight in the academy's zone, still the 26th in UTC.
    expect(publishAfterWords('2026-11-26T18:02:00.000Z', 'Asia/Dhaka')).toBe('Can be published after 27 Nov 2026 | 12:02 am');
  });

  it('year of a note, which can differ from the UTC year', () => {
    expect(formatYear(NEW_YEAR_NIGHT, 'Asia/Dhaka')).toBe('2027');
    expect(formatYear(NEW_YEAR_NIGHT, 'UTC')).toBe('2026');
  });

  it('reads epoch milliseconds and Dates as well as ISO text', () => {
    const ms = Date.parse(AFTERNOON);
    expect(formatClockTime(ms, 'Asia/Dhaka')).toBe('04:05 pm');
    expect(formatAcademyTime(new Date(ms), 'Asia/Dhaka')).toBe('22 Nov 2026 | 04:05 pm');
  });

  it('gives an empty text for a missing or unreadable time instead of "Invalid DateTime"', () => {
    for (const format of [formatAcademyTime, formatClockTime, formatYear, (t: string | null | undefined) => formatSince(t, Date.parse(AFTERNOON))]) {
      expect(format(null)).toBe('');
      expect(format(undefined)).toBe('');
      expect(format('not a time')).toBe('');
    }
  });

  it('uses the academy zone by default, not the machine zone', () => {
    expect(formatAcademyTime(AFTERNOON)).toBe(formatAcademyTime(AFTERNOON, ACADEMY_TIME_ZONE));
  });
});

describe('lengths of time (luxon Durations)', () => {
  it('a countdown: mm:ss under an hour, hh:mm:ss from an hour, rounded up, never below zero', () => {
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(3_661_000)).toBe('01:01:01');
    expect(formatCountdown(3_600_000)).toBe('01:00:00');
    expect(formatCountdown(3_599_001)).toBe('01:00:00');
    expect(formatCountdown(200)).toBe('00:01');
    expect(formatCountdown(0)).toBe('00:00');
    expect(formatCountdown(-5_000)).toBe('00:00');
    expect(formatCountdown(300_000)).toBe('05:00');
  });

  it("the result's completion: always hh:mm:ss", () => {
    expect(formatElapsed(425)).toBe('00:07:05');
    expect(formatElapsed(3 * 3600 + 61)).toBe('03:01:01');
    expect(formatElapsed(-5)).toBe('00:00:00');
    expect(formatElapsed(Number.NaN)).toBe('00:00:00');
  });

  it('a position in a video: m:ss, or h:mm:ss from an hour', () => {
    expect(formatMediaTime(0)).toBe('0:00');
    expect(formatMediaTime(245.9)).toBe('4:05');
    expect(formatMediaTime(3723)).toBe('1:02:03');
    expect(formatMediaTime(Number.NaN)).toBe('0:00');
    expect(formatMediaTime(-1)).toBe('0:00');
  });
});
