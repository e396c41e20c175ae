// The days of the activity log's filter, as the academy's clock counts them.
import { DateTime } from 'luxon';
import { ACADEMY_TIME_ZONE } from './academyTime';

/** A day typed in a filter ('2026-12-03'), as the academy's clock counts it: its first and last instants in UTC. */
export function academyDayBounds(day: string, zone = ACADEMY_TIME_ZONE): { start: string; end: string } | null {
  const start = DateTime.fromISO(day, { zone });
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || !start.isValid) return null;
  return { start: start.startOf('day').toUTC().toISO()!, end: start.endOf('day').toUTC().toISO()! };
}
