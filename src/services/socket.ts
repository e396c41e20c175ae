// The realtime connection: one socket.io client to the same origin, opened while a student is signed in.
// Features subscribe with onSocketChange() so they re-attach their listeners when the socket is replaced.
import { io, type Socket } from 'socket.io-client';

let socket: Socket | null = null;
const changeListeners = new Set<(socket: Socket | null) => void>();

/** Opens (or replaces) the socket for this session id. */
export function openSocket(sessionId: string): Socket {
  if (socket && (socket.auth as { sessionId?: string }).sessionId === sessionId) return socket;
  closeSocket();
  socket = io({ path: '/socket.io', auth: { sessionId }, transports: ['websocket', 'polling'] });
  changeListeners.forEach((listener) => listener(socket));
  return socket;
}

export function closeSocket(): void {
  if (!socket) return;
  const old = socket;
  socket = null;
  old.removeAllListeners();
  old.disconnect();
  changeListeners.forEach((listener) => listener(null));
}

/** Calls the listener now and whenever the socket is opened or closed; returns the unsubscribe. */
export function onSocketChange(listener: (socket: Socket | null) => void): () => void {
  changeListeners.add(listener);
  listener(socket);
  return () => changeListeners.delete(listener);
}

/**
 * Reports whether the app can reach the server: the browser's online/offline events, and while a socket
 * is open, its connect/disconnect. A refused handshake (signed out) still proves the server is reachable.
 */
export function watchConnectivity(report: (online: boolean) => void): () => void {
  let browserOnline = typeof navigator === 'undefined' ? true : navigator.onLine;
  let socketUp: boolean | null = null; // null: no socket, or it has not decided yet
  let last: boolean | null = null;
  const emit = () => {
    const online = browserOnline && socketUp !== false;
    if (online === last) return;
    last = online;
    report(online);
  };
  const onOnline = () => {
    browserOnline = true;
    emit();
  };
  const onOffline = () => {
    browserOnline = false;
    emit();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);

  let detach = () => {};
  const unsubscribe = onSocketChange((current) => {
    detach();
    detach = () => {};
    socketUp = current?.connected ? true : null;
    if (current) {
      const up = () => {
        socketUp = true;
        emit();
      };
      const down = () => {
        socketUp = false;
        emit();
      };
      const failed = (error: Error) => {
        if (error.message === 'notLoggedIn') return;
        socketUp = false;
        emit();
      };
      current.on('connect', up);
      current.on('disconnect', down);
      current.on('connect_error', failed);
      detach = () => {
        current.off('connect', up);
        current.off('disconnect', down);
        current.off('connect_error', failed);
      };
    }
    emit();
  });
  return () => {
    unsubscribe();
    detach();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
  };
}
