// Reminders that reach a student outside the app (push, SMS): their kinds as the profile names them,
// the quiet hours in the academy's zone, and the words of the reminders the server makes itself. The
// server and the app's profile read the same rules from here.
import { DateTime } from 'luxon';
import { ACADEMY_TIME_ZONE } from './academyTime';

/** The kinds a student can turn off, in the profile's order. */
export const REMINDER_KINDS = ['exams', 'results', 'answers', 'challenges'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The profile's words for each kind. */
export const REMINDER_KIND_LABELS: Record<ReminderKind, string> = {
  exams: 'Live exams: 30 minutes before and when they open',
  results: 'Results published',
  answers: 'A teacher answered your question',
  challenges: 'Your answer-key challenge was decided',
};

export type ReminderPreferences = Record<ReminderKind, boolean>;

export const ALL_REMINDERS_ON: ReminderPreferences = { exams: true, results: true, answers: true, challenges: true };

/** Quiet hours: minutes of the academy's day from which (inclusive) to which (exclusive); may wrap past midnight. */
export interface QuietHours {
  from: number;
  to: number;
}

export const DEFAULT_QUIET_HOURS = '22:00-07:00';
export const QUIET_HOURS_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d-([01]\\d|2[0-3]):[0-5]\\d$';

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** "22:00-07:00" as minutes of the day; null when it does not read as two 24-hour times. */
export function parseQuietHours(text: string): QuietHours | null {
  const value = text.trim();
  if (!new RegExp(QUIET_HOURS_PATTERN).test(value)) return null;
  const [from, to] = value.split('-') as [string, string];
  return { from: minutesOf(from), to: minutesOf(to) };
}

/** "22:00–07:00", as the profile shows it. */
export const quietHoursText = (quiet: QuietHours): string => {
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${clock(quiet.from)}–${clock(quiet.to)}`;
};

const inQuiet = (minute: number, quiet: QuietHours) =>
  quiet.from === quiet.to ? false : quiet.from < quiet.to ? minute >= quiet.from && minute < quiet.to : minute >= quiet.from || minute < quiet.to;

/**
 * When a reminder that is not an exam's may go out: `at` itself outside the quiet hours, else the end of
 * the quiet hours it falls in (07:00 of the academy's morning).
 */
export function afterQuietHours(at: Date, quiet: QuietHours, zone: string = ACADEMY_TIME_ZONE): Date {
  const local = DateTime.fromJSDate(at, { zone });
  if (!inQuiet(local.hour * 60 + local.minute, quiet)) return at;
  let end = local.startOf('day').plus({ minutes: quiet.to });
  if (end <= local) end = end.plus({ days: 1 });
  return end.toJSDate();
}

/** Minutes before a live exam opens that its first reminder goes out. */
export const EXAM_SOON_MINUTES = 30;

/** The exam reminders' words: the same in the bell's list, the push and the SMS. */
export const examReminderMessage = (event: 'soon' | 'open', title: string): string =>
  event === 'soon' ? `${title} opens in ${EXAM_SOON_MINUTES} minutes. Be ready to start on time.` : `${title} is open now. Start it before the time runs out.`;

/** The words a challenger gets when their challenge was decided and their marks stayed as they were. */
export const challengeDecidedMessage = (number: number, title: string, accepted: boolean): string =>
  accepted ? `Your challenge of question ${number} of ${title} was accepted.` : `Your challenge of question ${number} of ${title} was decided: the key stays.`;
