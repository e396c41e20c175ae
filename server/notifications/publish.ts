// Publishing a notification: store it for its students, then push it live to every open tab of each.
// Other areas (exam results, forum replies, new content) call this.
import type { FastifyInstance } from 'fastify';
import { newId } from '../ids.js';
import { foldNotification, insertNotification } from './queries.js';
import type { NotificationBody, NotificationInfo, StudentNotification } from '../../src/contracts/notifications.js';

export interface NewNotification {
  type: 'notification' | 'notice';
  message: string;
  info?: NotificationInfo;
}

/** Stores the notification and emits a 'notification' event ({ notificationId, isSeen: false }) to each student. */
export async function publishNotification(app: FastifyInstance, notification: NewNotification, studentIds: string[]): Promise<StudentNotification> {
  const students = [...new Set(studentIds)];
  const body: NotificationBody = {
    _id: newId(),
    type: notification.type,
    message: notification.message,
    createdAt: app.clock.now().toISOString(),
    info: notification.info ?? {},
  };
  await insertNotification(app.db, body, students);
  const live: StudentNotification = { notificationId: body, isSeen: false };
  for (const studentId of students) app.realtime.toStudent(studentId, 'notification', live);
  return live;
}

/**
 * One student's notification about a subject that may come in bursts (replies to one question): the
 * first is stored and pushed live; those that follow within `windowMs` of the last, while it is
 * unseen, fold into it (`compose` writes its words from what it held) and push nothing more live.
 * Answers the words the list now holds.
 */
export async function publishFolded(
  app: FastifyInstance,
  studentId: string,
  subject: { on: string; id: string },
  windowMs: number,
  compose: (previous: NotificationInfo | null) => { message: string; info: NotificationInfo },
): Promise<{ message: string; info: NotificationInfo; notificationId: string | null }> {
  const now = app.clock.now();
  let composed: { message: string; info: NotificationInfo } = { message: '', info: {} };
  const stored = await foldNotification(
    app.db,
    app.dialect,
    studentId,
    `${subject.on}:${subject.id}`,
    new Date(now.getTime() - windowMs).toISOString(),
    (info) => info.on === subject.on && info.id === subject.id && typeof info.replies === 'number',
    (previous) => (composed = compose(previous)),
    { _id: newId(), type: 'notification', createdAt: now.toISOString() },
  );
  if (stored) app.realtime.toStudent(studentId, 'notification', { notificationId: stored, isSeen: false } satisfies StudentNotification);
  // What the student's list now says about the subject (new, or folded into the one before).
  return { ...composed, notificationId: stored?._id ?? null };
}
