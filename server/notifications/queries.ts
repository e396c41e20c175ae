// Kysely queries of the notifications area: a notification is stored once and linked to each of its
// students, who see, and delete, only their own link to it.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Dialect } from '../db/connect.js';
import { readJson, writeJson } from '../db/json.js';
import type { NotificationBody, NotificationInfo, StudentNotification } from '../../src/contracts/notifications.js';

/** The student's notifications that were not deleted, newest first. */
export async function notificationsOf(db: Kysely<Database>, studentId: string): Promise<StudentNotification[]> {
  const rows = await db
    .selectFrom('student_notifications as sn')
    .innerJoin('notifications as n', 'n.id', 'sn.notification_id')
    .select(['n.id', 'n.type', 'n.message', 'n.info', 'n.created_at', 'sn.is_seen'])
    .where('sn.student_id', '=', studentId)
    .where('sn.deleted_at', 'is', null)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .execute();
  return rows.map((row) => ({
    notificationId: { _id: row.id, type: row.type, message: row.message, createdAt: row.created_at, info: readJson<NotificationInfo>(row.info, {}) },
    isSeen: Number(row.is_seen) === 1,
  }));
}

/** Marks the student's own notification seen; false when the student has no such (undeleted) notification. */
export async function markSeen(db: Kysely<Database>, studentId: string, notificationId: string): Promise<boolean> {
  const result = await db
    .updateTable('student_notifications')
    .set({ is_seen: 1 })
    .where('student_id', '=', studentId)
    .where('notification_id', '=', notificationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks every unseen (undeleted) notification of the student seen; how many were unseen. */
export async function markAllSeen(db: Kysely<Database>, studentId: string): Promise<number> {
  const result = await db
    .updateTable('student_notifications')
    .set({ is_seen: 1 })
    .where('student_id', '=', studentId)
    .where('is_seen', '=', 0)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Hides the notification from this student only; false when there was nothing to delete. */
export async function deleteForStudent(db: Kysely<Database>, studentId: string, notificationId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('student_notifications')
    .set({ deleted_at: at })
    .where('student_id', '=', studentId)
    .where('notification_id', '=', notificationId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Stores one notification for the given students (unseen) in one transaction. */
/** Rows of one insert (4 parameters each). */
const NOTIFY_CHUNK = 1000;

export async function insertNotification(db: Kysely<Database>, body: NotificationBody, studentIds: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('notifications').values({ id: body._id, type: body.type, message: body.message, info: writeJson(body.info), created_at: body.createdAt }).execute();
    // A batch can hold thousands: rows go in chunks, within SQLite's 32,766 and PostgreSQL's 65,535 parameters.
    for (let at = 0; at < studentIds.length; at += NOTIFY_CHUNK) {
      await trx
        .insertInto('student_notifications')
        .values(studentIds.slice(at, at + NOTIFY_CHUNK).map((studentId) => ({ notification_id: body._id, student_id: studentId, is_seen: 0 as const, deleted_at: null })))
        .execute();
    }
  });
}

/**
 * Stores a notification for one student, or folds it into the student's unseen notification about
 * the same thing (`matches` on its info) written since `since`: that one takes the new message and
 * info and moves up to now. Decided under a lock of the student and subject (PostgreSQL; SQLite runs
 * one writing transaction at a time), so a burst folds into one notification however it arrives.
 * Answers whether a new notification was stored (only then is it pushed live).
 */
export async function foldNotification(
  db: Kysely<Database>,
  dialect: Dialect,
  studentId: string,
  subject: string,
  since: string,
  matches: (info: NotificationInfo) => boolean,
  compose: (previous: NotificationInfo | null) => { message: string; info: NotificationInfo },
  fresh: Omit<NotificationBody, 'message' | 'info'>,
): Promise<NotificationBody | null> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(hashtext(${`notify:${studentId}:${subject}`}))`.execute(trx);
    const recent = await trx
      .selectFrom('student_notifications as sn')
      .innerJoin('notifications as n', 'n.id', 'sn.notification_id')
      .select(['n.id', 'n.info'])
      .where('sn.student_id', '=', studentId)
      .where('sn.is_seen', '=', 0)
      .where('sn.deleted_at', 'is', null)
      .where('n.created_at', '>=', since)
      .orderBy('n.created_at', 'desc')
      .execute();
    const previous = recent.map((row) => ({ id: row.id, info: readJson<NotificationInfo>(row.info, {}) })).find((row) => matches(row.info));
    const { message, info } = compose(previous?.info ?? null);
    if (previous) {
      await trx.updateTable('notifications').set({ message, info: writeJson(info), created_at: fresh.createdAt }).where('id', '=', previous.id).execute();
      return null;
    }
    await trx.insertInto('notifications').values({ id: fresh._id, type: fresh.type, message, info: writeJson(info), created_at: fresh.createdAt }).execute();
    await trx.insertInto('student_notifications').values({ notification_id: fresh._id, student_id: studentId, is_seen: 0, deleted_at: null }).execute();
    return { ...fresh, message, info };
  });
}
