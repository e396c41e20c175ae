import { describe, expect, it } from 'vitest';
import {
  ACADEMY_TIME_ZONE,
  DEFAULT_ACADEMY_TIME_ZONE,
  formatExamClock,
  formatExamStart,
  formatNotificationTime,
  formatPublishTime,
  formatYear,
  publishAfterWords,
  resolveTimeZone,
} from '../../src/domain/academyTime.js';

// 10:05 UTC is 16:05 in Dhaka (UTC+6, no daylight saving) and 05:05 in New York (EST in November).
const AFTERNOON = '2026-11-22T10:05:00.000Z';
// 20:30 UTC on 31 December is already 02:30 on 1 January in Dhaka.
const NEW_YEAR_NIGHT = '2026-12-31T20:30:00.000Z';

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

describe('the spec formats on the academy clock', () => {
  it('notification time: DD MMM YYYY | HH:mm a', () => {
    expect(formatNotificationTime(AFTERNOON, 'Asia/Dhaka')).toBe('22 Nov 2026 | 16:05 pm');
    expect(formatNotificationTime('2026-11-22T02:07:00.000Z', 'Asia/Dhaka')).toBe('22 Nov 2026 | 08:07 am');
    expect(formatNotificationTime(NEW_YEAR_NIGHT, 'Asia/Dhaka')).toBe('01 Jan 2027 | 02:30 am');
    expect(formatNotificationTime(AFTERNOON, 'America/New_York')).toBe('22 Nov 2026 | 05:05 am');
  });

  it('exam start and end: hh:mm A', () => {
    expect(formatExamClock(AFTERNOON, 'Asia/Dhaka')).toBe('04:05 PM');
    expect(formatExamClock('2026-11-22T03:00:00.000Z', 'Asia/Dhaka')).toBe('09:00 AM');
    expect(formatExamClock('2026-11-22T18:00:00.000Z', 'Asia/Dhaka')).toBe('12:00 AM');
  });

  it("an upcoming exam's card: day month year, time", () => {
    expect(formatExamStart(AFTERNOON, 'Asia/Dhaka')).toBe('22 Nov 2026, 4:05 PM');
    expect(formatExamStart(NEW_YEAR_NIGHT, 'Asia/Dhaka')).toBe('1 Jan 2027, 2:30 AM');
  });

  it('when results can be published: 12-hour time, day and month', () => {
    expect(publishAfterWords('2026-11-26T14:30:00.000Z', 'Asia/Dhaka')).toBe('Can be published after 8:30 PM, 26 Nov');
    // Past midnight in the academy's zone, still the 26th in UTC.
    expect(formatPublishTime('2026-11-26T18:02:00.000Z', 'Asia/Dhaka')).toBe('12:02 AM, 27 Nov');
    expect(formatPublishTime('nonsense', 'Asia/Dhaka')).toBe('');
  });

  it('year of a note, which can differ from the UTC year', () => {
    expect(formatYear(NEW_YEAR_NIGHT, 'Asia/Dhaka')).toBe('2027');
    expect(formatYear(NEW_YEAR_NIGHT, 'UTC')).toBe('2026');
  });

  it('reads epoch milliseconds and Dates as well as ISO text', () => {
    const ms = Date.parse(AFTERNOON);
    expect(formatExamClock(ms, 'Asia/Dhaka')).toBe('04:05 PM');
    expect(formatExamClock(new Date(ms), 'Asia/Dhaka')).toBe('04:05 PM');
  });

  it('gives an empty text for a missing or unreadable time instead of "Invalid DateTime"', () => {
    for (const format of [formatNotificationTime, formatExamClock, formatExamStart, formatYear]) {
      expect(format(null)).toBe('');
      expect(format(undefined)).toBe('');
      expect(format('not a time')).toBe('');
    }
  });

  it('uses the academy zone by default, not the machine zone', () => {
    expect(formatExamClock(AFTERNOON)).toBe(formatExamClock(AFTERNOON, ACADEMY_TIME_ZONE));
  });
});
