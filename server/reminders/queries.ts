// The reminders area's reads and writes: push subscriptions (a student's devices), the kinds a student
// turned off, the deliveries made (one per student per event: the once-only guarantee across every
// process), the exam schedules reminders are made from, and the development's own push keys.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { writeJson } from '../db/json.js';
import { ALL_REMINDERS_ON, REMINDER_KINDS, type ReminderKind, type ReminderPreferences } from '../../src/domain/reminders.js';
import type { NotificationBody } from '../../src/contracts/notifications.js';

/** Devices one student may have subscribed at once; a new one beyond them replaces the oldest. */
export const DEVICES_PER_STUDENT = 10;

export interface StoredSubscription {
  id: string;
  student_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Keeps the device for the student (a device that changed hands moves to its new student); answers their device count. */
export async function saveSubscription(db: Kysely<Database>, row: StoredSubscription & { created_at: string }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('push_subscriptions')
      .values(row)
      .onConflict((oc) => oc.column('endpoint').doUpdateSet({ student_id: row.student_id, p256dh: row.p256dh, auth: row.auth, created_at: row.created_at }))
      .execute();
    const devices = await trx.selectFrom('push_subscriptions').select('id').where('student_id', '=', row.student_id).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    const beyond = devices.slice(DEVICES_PER_STUDENT).map((d) => d.id);
    if (beyond.length) await trx.deleteFrom('push_subscriptions').where('id', 'in', beyond).execute();
    return Math.min(devices.length, DEVICES_PER_STUDENT);
  });
}

/** Removes the student's own device; false when the student had no such device. */
export async function removeSubscription(db: Kysely<Database>, studentId: string, endpoint: string): Promise<boolean> {
  const result = await db.deleteFrom('push_subscriptions').where('student_id', '=', studentId).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A device the push service no longer knows (404, 410). */
export async function dropSubscription(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

export async function subscriptionById(db: Kysely<Database>, id: string): Promise<StoredSubscription | undefined> {
  return db.selectFrom('push_subscriptions').select(['id', 'student_id', 'endpoint', 'p256dh', 'auth']).where('id', '=', id).executeTakeFirst();
}

export async function deviceCount(db: Kysely<Database>, studentId: string): Promise<number> {
  const row = await db.selectFrom('push_subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('student_id', '=', studentId).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Rows of one `in (…)` list, within SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 1000;

const chunks = <T>(items: T[]): T[][] => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The devices of these students. */
export async function subscriptionsOf(db: Kysely<Database>, studentIds: string[]): Promise<StoredSubscription[]> {
  const out: StoredSubscription[] = [];
  for (const part of chunks(studentIds)) {
    out.push(...(await db.selectFrom('push_subscriptions').select(['id', 'student_id', 'endpoint', 'p256dh', 'auth']).where('student_id', 'in', part).execute()));
  }
  return out;
}

export async function preferencesOf(db: Kysely<Database>, studentId: string): Promise<ReminderPreferences> {
  const rows = await db.selectFrom('reminder_preferences').select(['kind', 'enabled']).where('student_id', '=', studentId).execute();
  const preferences = { ...ALL_REMINDERS_ON };
  for (const row of rows) if ((REMINDER_KINDS as readonly string[]).includes(row.kind)) preferences[row.kind as ReminderKind] = Number(row.enabled) === 1;
  return preferences;
}

export async function savePreferences(db: Kysely<Database>, studentId: string, changes: Partial<ReminderPreferences>): Promise<void> {
  const rows = Object.entries(changes).map(([kind, enabled]) => ({ student_id: studentId, kind, enabled: enabled ? (1 as const) : (0 as const) }));
  if (!rows.length) return;
  await db.insertInto('reminder_preferences').values(rows).onConflict((oc) => oc.columns(['student_id', 'kind']).doUpdateSet((eb) => ({ enabled: eb.ref('excluded.enabled') }))).execute();
}

/** Of these students, those who turned the kind off. */
export async function turnedOff(db: Kysely<Database>, kind: ReminderKind, studentIds: string[]): Promise<Set<string>> {
  const off = new Set<string>();
  for (const part of chunks(studentIds)) {
    const rows = await db.selectFrom('reminder_preferences').select('student_id').where('kind', '=', kind).where('enabled', '=', 0).where('student_id', 'in', part).execute();
    for (const row of rows) off.add(row.student_id);
  }
  return off;
}

/**
 * Claims the event for these students: each (event, student) is written once, ever; the students
 * answered are those claimed now, whom this caller alone may remind. With `notification`, the claimed
 * students get it in their list in the same transaction (the notification row itself written once), so
 * the bell and the push go together or not at all.
 */
export async function claimDeliveries(
  db: Kysely<Database>,
  event: string,
  students: { id: string; channel: 'push' | 'sms' | 'none' }[],
  at: string,
  notification: NotificationBody | null,
): Promise<string[]> {
  if (!students.length) return [];
  return db.transaction().execute(async (trx) => {
    const claimed: string[] = [];
    for (const part of chunks(students)) {
      const rows = await trx
        .insertInto('reminder_deliveries')
        .values(part.map((s) => ({ event, student_id: s.id, channel: s.channel, delivered_at: at })))
        .onConflict((oc) => oc.columns(['event', 'student_id']).doNothing())
        .returning('student_id')
        .execute();
      claimed.push(...rows.map((r) => r.student_id));
    }
    if (notification && claimed.length) {
      await trx
        .insertInto('notifications')
        .values({ id: notification._id, type: notification.type, message: notification.message, info: writeJson(notification.info), created_at: notification.createdAt })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();
      for (const part of chunks(claimed)) {
        await trx.insertInto('student_notifications').values(part.map((studentId) => ({ notification_id: notification._id, student_id: studentId, is_seen: 0 as const, deleted_at: null }))).execute();
      }
    }
    return claimed;
  });
}

/** One live exam schedule as its reminders need it; undefined when it was removed or is a practice exam's. */
export async function liveSchedule(db: Kysely<Database>, assignmentId: string) {
  return db
    .selectFrom('exam_assignments as ea')
    .innerJoin('exams as e', 'e.id', 'ea.exam_id')
    .select(['ea.id', 'ea.exam_id', 'ea.group_id', 'ea.starts_at', 'e.title', 'e.course_id'])
    .where('ea.id', '=', assignmentId)
    .where('ea.removed_at', 'is', null)
    .where('e.is_practice', '=', 0)
    .executeTakeFirst();
}

/** The live exam schedules of these exams still on the calendar, and every schedule of them ever made (removed ones too). */
export async function schedulesOfExams(db: Kysely<Database>, examIds: string[]) {
  const out: { id: string; starts_at: string; live: boolean }[] = [];
  for (const part of chunks(examIds)) {
    const rows = await db
      .selectFrom('exam_assignments as ea')
      .innerJoin('exams as e', 'e.id', 'ea.exam_id')
      .select(['ea.id', 'ea.starts_at', 'ea.removed_at', 'e.is_practice'])
      .where('ea.exam_id', 'in', part)
      .execute();
    out.push(...rows.map((r) => ({ id: r.id, starts_at: r.starts_at, live: r.removed_at === null && Number(r.is_practice) === 0 })));
  }
  return out;
}

/** Members of the batch who have not started the exam. */
export async function notStarted(db: Kysely<Database>, examId: string, groupId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('group_members as gm')
    .select('gm.student_id')
    .where('gm.group_id', '=', groupId)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('attempts as a').select('a.id').whereRef('a.student_id', '=', 'gm.student_id').where('a.exam_id', '=', examId))))
    .execute();
  return rows.map((r) => r.student_id);
}

export async function phonesOf(db: Kysely<Database>, studentIds: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const part of chunks(studentIds)) {
    for (const row of await db.selectFrom('students').select(['id', 'username']).where('id', 'in', part).execute()) out.set(row.id, row.username);
  }
  return out;
}

/** The challengers of a question with their challenge's outcome. */
export async function challengersOf(db: Kysely<Database>, questionId: string) {
  return db.selectFrom('answer_challenges').select(['student_id', 'group_id', 'status']).where('question_id', '=', questionId).where('status', '!=', 'open').execute();
}

/** A key the server keeps; written once (the first process to write it wins) and read back. */
export async function keptKey(db: Kysely<Database>, name: string, make: () => string): Promise<string> {
  const found = await db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirst();
  if (found) return found.value;
  await db.insertInto('server_keys').values({ name, value: make() }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('server_keys').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** Exam reminders sent by SMS since a time (the daily budget). */
export async function smsSentSince(db: Kysely<Database>, since: string): Promise<number> {
  const row = await db.selectFrom('reminder_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('channel', '=', 'sms').where('delivered_at', '>=', since).executeTakeFirst();
  return Number(row?.n ?? 0);
}

