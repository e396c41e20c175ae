// The one time formatter of the app (student screens and the staff desk alike). Every time a person reads
// is on the academy's clock (Asia/Dhaka unless the build sets VITE_ACADEMY_TIME_ZONE), whatever zone the
// phone is set to, so a travelling student and a phone set wrong see the times of the notice board; on a
// 12-hour clock in one format, 'DD MMM YYYY | hh:mm a' ('22 Nov 2026 | 04:05 pm'); what happened in the
// last day reads as how long ago ('2 h ago'). Countdowns and lengths of time (mm:ss, hh:mm:ss) are luxon
// Durations. A missing or unreadable time formats as ''.
import { DateTime, Duration, IANAZone } from 'luxon';
import { toMs, type TimeInput } from './examTiming';

export const DEFAULT_ACADEMY_TIME_ZONE = 'Asia/Dhaka';

/** The configured zone when it is a real IANA zone (e.g. 'Asia/Dhaka'), otherwise the default. */
export function resolveTimeZone(configured: string | undefined | null): string {
  const zone = configured?.trim();
  return zone && IANAZone.isValidZone(zone) ? zone : DEFAULT_ACADEMY_TIME_ZONE;
}

/**
 * The academy's zone, fixed at build time (VITE_ACADEMY_TIME_ZONE); the server, which words some of its
 * messages with times, reads the same variable from its environment.
 */
export const ACADEMY_TIME_ZONE = resolveTimeZone(
  (import.meta.env?.VITE_ACADEMY_TIME_ZONE as string | undefined) ?? (typeof process === 'undefined' ? undefined : process.env.VITE_ACADEMY_TIME_ZONE),
);

function inZone(time: TimeInput | null | undefined, zone: string): DateTime | null {
  if (time === null || time === undefined) return null;
  const ms = toMs(time);
  if (!Number.isFinite(ms)) return null;
  // English month names whatever the device's language, like the spec's formats.
  return DateTime.fromMillis(ms, { zone, locale: 'en-US' });
}

/** hh:mm a with the spec's lower-case am/pm ('04:05 pm'); luxon writes the meridiem in capitals. */
const clockOf = (at: DateTime): string => `${at.toFormat('hh:mm')} ${at.hour < 12 ? 'am' : 'pm'}`;

/** A moment, the one way the app writes it: 'DD MMM YYYY | hh:mm a', '22 Nov 2026 | 04:05 pm'. */
export function formatAcademyTime(time: TimeInput | null | undefined, zone = ACADEMY_TIME_ZONE): string {
  const at = inZone(time, zone);
  return at ? `${at.toFormat('dd LLL yyyy')} | ${clockOf(at)}` : '';
}

/** The time of day alone, where the day goes without saying (the exam screen's start and end): '04:05 pm'. */
export function formatClockTime(time: TimeInput | null | undefined, zone = ACADEMY_TIME_ZONE): string {
  const at = inZone(time, zone);
  return at ? clockOf(at) : '';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * When something happened (a notification, a forum post, a submission on the desk): how long ago within
 * the last day ('just now', '5 min ago', '2 h ago'), otherwise the moment itself. A time a little ahead
 * of the device (its clock is behind the server's) is 'just now'.
 */
export function formatSince(time: TimeInput | null | undefined, nowMs: number = Date.now(), zone = ACADEMY_TIME_ZONE): string {
  if (time === null || time === undefined) return '';
  const ago = nowMs - toMs(time);
  if (!Number.isFinite(ago)) return '';
  if (ago < MINUTE && ago > -5 * MINUTE) return 'just now';
  if (ago >= MINUTE && ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago >= HOUR && ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  return formatAcademyTime(time, zone);
}

/** The year of a date, as the notes table shows it: '2026'. */
export function formatYear(time: TimeInput | null | undefined, zone = ACADEMY_TIME_ZONE): string {
  return inZone(time, zone)?.toFormat('yyyy') ?? '';
}

/** The date of an exam on the scoreboard and the Progress Report: '22 Nov 2026'. */
export function formatResultDate(time: TimeInput | null | undefined, zone = ACADEMY_TIME_ZONE): string {
  return inZone(time, zone)?.toFormat('dd LLL yyyy') ?? '';
}

/** The short date of a point on the marks chart: '22 Nov'. */
export function formatChartDate(time: TimeInput | null | undefined, zone = ACADEMY_TIME_ZONE): string {
  return inZone(time, zone)?.toFormat('dd LLL') ?? '';
}

/** Whole seconds of a length of time, never below 0. */
const durationOf = (seconds: number): Duration => Duration.fromObject({ seconds: Number.isFinite(seconds) ? Math.max(0, Math.floor(seconds)) : 0 });

/** A countdown of ms left (the exam clock, the code's resend wait, a recording): 'hh:mm:ss', or 'mm:ss' under an hour. Rounds up: 0.2 s left is '00:01'. */
export function formatCountdown(ms: number): string {
  const seconds = Math.ceil(Math.max(0, ms) / 1000);
  return durationOf(seconds).toFormat(seconds >= 3600 ? 'hh:mm:ss' : 'mm:ss');
}

/** A length of time as the result's Completion shows it, always 'hh:mm:ss': '00:07:05'. */
export function formatElapsed(seconds: number): string {
  return durationOf(Math.round(seconds)).toFormat('hh:mm:ss');
}

/** A position in a video: 'm:ss', or 'h:mm:ss' from an hour on ('4:05', '1:02:03'). */
export function formatMediaTime(seconds: number): string {
  const duration = durationOf(seconds);
  return duration.toFormat(duration.as('hours') >= 1 ? 'h:mm:ss' : 'm:ss');
}

/** 'Can be published after 26 Nov 2026 | 08:30 pm': the desk's words, and the server's, before an exam is over. */
export function publishAfterWords(time: TimeInput | null | undefined, zone = ACADEMY_TIME_ZONE): string {
  return `Can be published after ${formatAcademyTime(time, zone)}`;
}

/**
 * When something comes within the week, from the academy's calendar: 'today 11:00 pm', 'tomorrow
 * 09:30 am', or the weekday ('Sat 11:00 pm') up to six days ahead, then the date ('03 Dec | 11:00 pm').
 */
export function formatComingDay(time: TimeInput | null | undefined, nowMs: number = Date.now(), zone = ACADEMY_TIME_ZONE): string {
  const at = inZone(time, zone);
  const now = inZone(nowMs, zone);
  if (!at || !now) return '';
  const days = Math.round(at.startOf('day').diff(now.startOf('day'), 'days').days);
  const day = days === 0 ? 'today' : days === 1 ? 'tomorrow' : days > 1 && days < 7 ? at.toFormat('ccc') : at.toFormat('dd LLL |');
  return `${day} ${clockOf(at)}`;
}
