// Notifications: the signed-in student's list, marking one (or all) seen, deleting one. The same
// StudentNotification arrives live on the realtime socket as a 'notification' event. Paths are
// relative to the API base (/api).
import { Type, type Static } from '@sinclair/typebox';
import { Data, failures, IdParams, type RouteContract } from './common';
import { notificationsPaths } from './paths';

/**
 * Where a click leads: `on` names the kind of target, `id` the item (see the spec's route table).
 * Further fields an academy's bundle gave a notification pass through unchanged.
 */
export const NotificationInfo = Type.Object(
  {
    on: Type.Optional(Type.String()),
    id: Type.Optional(Type.String()),
    /** With on 'result': the batch of the result (/result/{id}/{groupId}). */
    groupId: Type.Optional(Type.String()),
    courseId: Type.Optional(Type.String()),
    subjectId: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
    isPracticeExam: Type.Optional(Type.Boolean()),
    examResultId: Type.Optional(Type.String()),
    /** With on 'forum': the replies this notification counts (a burst folds into one notification). */
    replies: Type.Optional(Type.Number()),
    /** With on 'forum': a teacher's answer is among those replies. */
    teacher: Type.Optional(Type.Boolean()),
    /** With on 'exam': a reminder of a live exam, leading to its instruction (with `id` the exam, `courseId` its course). */
    reminder: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: true },
);
export type NotificationInfo = Static<typeof NotificationInfo>;

export const NotificationType = Type.Union([Type.Literal('notification'), Type.Literal('notice')]);

export const NotificationBody = Type.Object({
  _id: Type.String(),
  type: NotificationType,
  message: Type.String(),
  createdAt: Type.String(),
  info: NotificationInfo,
});
export type NotificationBody = Static<typeof NotificationBody>;

/** One student's notification. */
export const StudentNotification = Type.Object({ notificationId: NotificationBody, isSeen: Type.Boolean() });
export type StudentNotification = Static<typeof StudentNotification>;

const IdParam = IdParams('id');

export const notificationsContract = {
  list: {
    method: 'GET',
    url: notificationsPaths.list,
    config: { access: 'student' },
    // Not deleted, newest first.
    schema: { response: { 200: Data(Type.Array(StudentNotification)), ...failures(401, 403) } },
  },
  markSeen: {
    method: 'PATCH',
    url: notificationsPaths.markSeen,
    config: { access: 'student' },
    schema: { params: IdParam, response: { 200: Data(Type.Object({ _id: Type.String(), isSeen: Type.Literal(true) })), ...failures(400, 401, 403, { 404: ['notificationNotFound'] }) } },
  },
  markAllSeen: {
    method: 'PATCH',
    url: notificationsPaths.markAllSeen,
    config: { access: 'student' },
    // How many were unseen until now.
    schema: { response: { 200: Data(Type.Object({ seen: Type.Integer({ minimum: 0 }) })), ...failures(400, 401, 403) } },
  },
  delete: {
    method: 'DELETE',
    url: notificationsPaths.delete,
    config: { access: 'student' },
    schema: { params: IdParam, response: { 200: Data(Type.Object({ _id: Type.String(), deleted: Type.Literal(true) })), ...failures(400, 401, 403, { 404: ['notificationNotFound'] }) } },
  },
} satisfies Record<string, RouteContract>;
