// The notifications feed of the signed-in student: the list, seen and delete calls, and live pushes
// arriving on the realtime socket as 'notification' events.
import { api } from './api';
import { onSocketChange } from './socket';
import type { StudentNotification } from '../domain/notification';

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
