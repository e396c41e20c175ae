// The teacher desk's week: Monday to Sunday on the academy's clock (src/domain/academyTime.ts), named
// by any of its dates ('2026-11-26' names the week of Monday 23 Nov). The server picks the exams of a
// week with the same bounds the desk shows, so a Sunday-night exam is on Sunday's page for everyone.
import { DateTime } from 'luxon';
import { ACADEMY_TIME_ZONE } from './academyTime';
import { toMs, type TimeInput } from './examTiming';


export interface AcademyWeek {
  /** The Monday of the week, 'YYYY-MM-DD'. */
  weekOf: string;
  /** Monday 00:00 on the academy's clock (ISO, UTC). */
  startsAt: string;
  /** The next Monday 00:00 (ISO, UTC): the week ends just before it. */
  endsAt: string;
}

function mondayOf(at: DateTime): AcademyWeek {
  const monday = at.startOf('day').minus({ days: at.weekday - 1 });
  return { weekOf: monday.toISODate()!, startsAt: monday.toUTC().toISO()!, endsAt: monday.plus({ weeks: 1 }).toUTC().toISO()! };
}

/** The week of a date ('YYYY-MM-DD'), or null when it is no real date. */
export function weekOfDate(date: string, zone = ACADEMY_TIME_ZONE): AcademyWeek | null {
  const day = DateTime.fromISO(date, { zone });
  return day.isValid && /^\d{4}-\d{2}-\d{2}$/.test(date) ? mondayOf(day) : null;
}

/** The week a moment falls in, on the academy's clock. */
export function weekOfTime(time: TimeInput, zone = ACADEMY_TIME_ZONE): AcademyWeek {
  return mondayOf(DateTime.fromMillis(toMs(time), { zone }));
}

/** The week so many weeks after (or before, when negative) the week named. */
export function weekAfter(weekOf: string, weeks: number, zone = ACADEMY_TIME_ZONE): string {
  const week = weekOfDate(weekOf, zone);
  if (!week) throw new Error(`${weekOf} is not a date`);
  return DateTime.fromISO(week.weekOf, { zone }).plus({ weeks }).toISODate()!;
}

/** The week's days as its heading reads: '23 – 29 Nov 2026', '30 Nov – 6 Dec 2026', '29 Dec 2025 – 4 Jan 2026'. */
export function formatWeekSpan(weekOf: string, zone = ACADEMY_TIME_ZONE): string {
  const monday = DateTime.fromISO(weekOf, { zone, locale: 'en-US' });
  const sunday = monday.plus({ days: 6 });
  if (monday.year !== sunday.year) return `${monday.toFormat('d LLL yyyy')} – ${sunday.toFormat('d LLL yyyy')}`;
  if (monday.month !== sunday.month) return `${monday.toFormat('d LLL')} – ${sunday.toFormat('d LLL yyyy')}`;
  return `${monday.toFormat('d')} – ${sunday.toFormat('d LLL yyyy')}`;
}

/** The day of an exam on the week's page: 'Thu 26 Nov'. */
export function formatWeekDay(time: TimeInput, zone = ACADEMY_TIME_ZONE): string {
  return DateTime.fromMillis(toMs(time), { zone, locale: 'en-US' }).toFormat('ccc d LLL');
}
