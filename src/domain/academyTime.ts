// Times as the academy reads them: every screen shows exam, notification and result times on the
// academy's clock (Asia/Dhaka unless the build sets VITE_ACADEMY_TIME_ZONE), whatever time zone the
// student's phone is set to, so a travelling student and a phone set wrong see the times of the notice
// board. A missing or unreadable time formats as ''. The formats are the spec's; later screens (results, scoreboard, forum) use these too.
import { DateTime, IANAZone } from 'luxon';
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
  // English month names and AM/PM whatever the device's language, like the spec's formats.
  return DateTime.fromMillis(ms, { zone, locale: 'en-US' });
}

/** The spec's notification timestamp 'DD MMM YYYY | HH:mm a': '22 Nov 2026 | 16:05 pm'. */
export function formatNotificationTime(time: TimeInput | null | undefined, zone = ACADEMY_TIME_ZONE): string {
  const at = inZone(time, zone);
  if (!at) return '';
  return `${at.toFormat('dd LLL yyyy | HH:mm')} ${at.hour < 12 ? 'am' : 'pm'}`;
}

/** An exam's start or end on the exam screen, 'hh:mm A': '04:05 PM'. */
export function formatExamClock(time: TimeInput | null | undefined, zone = ACADEMY_TIME_ZONE): string {
  return inZone(time, zone)?.toFormat('hh:mm a') ?? '';
}

/** When an upcoming exam opens, for its card's 'Start Time: …' button: '22 Nov 2026, 4:05 PM'. */
export function formatExamStart(time: TimeInput | null | undefined, zone = ACADEMY_TIME_ZONE): string {
  return inZone(time, zone)?.toFormat('d LLL yyyy, h:mm a') ?? '';
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

/** When a result may be published, on the teacher desk and in the server's refusal: '8:30 PM, 26 Nov'. */
export function formatPublishTime(time: TimeInput | null | undefined, zone = ACADEMY_TIME_ZONE): string {
  return inZone(time, zone)?.toFormat('h:mm a, d LLL') ?? '';
}

/** 'Can be published after 8:30 PM, 26 Nov': the desk's words, and the server's, before an exam is over. */
export function publishAfterWords(time: TimeInput | null | undefined, zone = ACADEMY_TIME_ZONE): string {
  return `Can be published after ${formatPublishTime(time, zone)}`;
}
