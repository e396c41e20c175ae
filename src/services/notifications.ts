// The notifications feed of the signed-in student: the list, seen and delete calls, and live pushes
// arriving on the realtime socket as 'notification' events.
import { api } from './api';
import { onSocketChange } from './socket';

export interface NotificationInfo {
  on?: string;
  id?: string;
  courseId?: string;
  subjectId?: string;
  title?: string;
  isPracticeExam?: boolean;
  examResultId?: string;
}

export interface StudentNotification {
  notificationId: {
    _id: string;
    type: 'notification' | 'notice';
    message: string;
    createdAt: string;
    info: NotificationInfo;
  };
  isSeen: boolean;
}

export const loadNotifications = () => api.get<StudentNotification[]>('/notification');

export const markNotificationSeen = (id: string) => api.patch<{ _id: string; isSeen: true }>(`/notification/seen/${id}`);

export const deleteNotification = (id: string) => api.delete<{ _id: string; deleted: true }>(`/notification/id/${id}`);

/** Calls the listener with every live notification, across socket replacements; returns the unsubscribe. */
export function watchLiveNotifications(listener: (notification: StudentNotification) => void): () => void {
  let detach = () => {};
  const unsubscribe = onSocketChange((socket) => {
    detach();
    detach = () => {};
    if (!socket) return;
    const received = (payload: StudentNotification) => {
      if (payload?.notificationId?._id) listener(payload);
    };
    socket.on('notification', received);
    detach = () => socket.off('notification', received);
  });
  return () => {
    unsubscribe();
    detach();
  };
}
