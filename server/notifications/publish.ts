// Publishing a notification: store it for its students, then push it live to every open tab of each.
// Other areas (exam results, forum replies, new content) call this.
import type { FastifyInstance } from 'fastify';
import { newId } from '../ids.js';
import { insertNotification } from './queries.js';
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
