import { notificationsMachine, type NotificationsEvent } from '../../src/machines/notifications.machine';
import type { StudentNotification } from '../../src/contracts/notifications';
import type { PathModel } from '../support/machine-paths';

export const note = (id: string, isSeen: boolean, info: StudentNotification['notificationId']['info'], type: 'notification' | 'notice' = 'notification'): StudentNotification => ({
  notificationId: { _id: id, type, message: `message ${id}`, createdAt: '2026-11-22T10:00:00.000Z', info },
  isSeen,
});

export const LECTURE = note('b00000000000000000000001', false, { on: 'lecture', id: '1e0000000000000000000001' });
export const EXAM = note('b00000000000000000000002', false, { on: 'exam', id: 'e10000000000000000000003', isPracticeExam: true, examResultId: 'r0000000000000000000001' });
export const NOTICE = note('b00000000000000000000003', true, {}, 'notice');
export const UNSEEN_NOTICE = note('b00000000000000000000004', false, { title: 'Holiday' }, 'notice');
export const LIVE = note('b00000000000000000000009', false, { on: 'forum', id: 'f00000000000000000000001' });

const model: PathModel<typeof notificationsMachine> = {
  machine: notificationsMachine,
  events: [
    { type: 'notifications.retry' },
    { type: 'notifications.open' },
    { type: 'notifications.close' },
    { type: 'notifications.received', notification: LIVE },
    { type: 'notifications.received', notification: LECTURE },
    { type: 'notifications.click', id: LECTURE.notificationId._id },
    { type: 'notifications.click', id: NOTICE.notificationId._id },
    { type: 'notifications.delete', id: LECTURE.notificationId._id },
    { type: 'notifications.markAllSeen' },
    { type: `xstate.error.actor.seen-${LECTURE.notificationId._id}`, error: new Error('Network error') } as unknown as NotificationsEvent,
  ],
  outcomes: {
    loadNotifications: { done: [[LECTURE, NOTICE]], error: [new Error('Network error')] },
  },
  // What the paths must tell apart: where the machine is and which notifications it lists, seen or not.
  serializeState: (snapshot) =>
    JSON.stringify([snapshot.value, (snapshot.context as { notifications: StudentNotification[] }).notifications.map((n) => `${n.notificationId._id}:${n.isSeen}`)]),
};

export const models = [model];
