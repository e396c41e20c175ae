// The notifications feed of the signed-in student (contracts: src/contracts/notifications.ts): the
// list, seen and delete calls, and live pushes arriving on the realtime socket as 'notification' events.
import { api } from './api';
import { onSocketChange } from './socket';
import type { notificationsContract, StudentNotification } from '../contracts/notifications';
import { notificationsPaths } from '../contracts/paths';

type Notifications = typeof notificationsContract;

export const notificationsApi = {
  list: () => api.call<Notifications['list']>('GET', notificationsPaths.list),
  markSeen: (id: string) => api.call<Notifications['markSeen']>('PATCH', notificationsPaths.markSeen, { params: { id } }),
  markAllSeen: () => api.call<Notifications['markAllSeen']>('PATCH', notificationsPaths.markAllSeen),
  delete: (id: string) => api.call<Notifications['delete']>('DELETE', notificationsPaths.delete, { params: { id } }),
};

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
