// The realtime connection: one socket.io client to the same origin, opened while a student is signed in.
// Features subscribe with onSocketChange() so they re-attach their listeners when the socket is replaced.
// The client library loads only when a signed-in student opens the socket: the sign-in screen never
// downloads it.
import type { Socket } from 'socket.io-client';

/** connect_error messages of a handshake the server refused (server/realtime.ts): not a lost connection. */
const REFUSALS = ['notLoggedIn', 'tooManySockets'];

let socket: Socket | null = null;
/** The session a socket is being opened for while the client library loads. */
let opening: string | null = null;
const changeListeners = new Set<(socket: Socket | null) => void>();

/** Opens (or replaces) the socket for this session id, once the client library has loaded. */
export function openSocket(sessionId: string): void {
  if (socket && (socket.auth as { sessionId?: string }).sessionId === sessionId) return;
  if (opening === sessionId) return;
  closeSocket();
  opening = sessionId;
  void import('socket.io-client').then(({ io }) => {
    // Signed out, or another session opened, while it loaded.
    if (opening !== sessionId) return;
    opening = null;
    socket = io({ path: '/socket.io', auth: { sessionId }, transports: ['websocket', 'polling'] });
    changeListeners.forEach((listener) => listener(socket));
  });
}

export function closeSocket(): void {
  opening = null;
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
        // Refused by the server (signed out, or this session's tabs already hold every socket it
        // allows): the server answered, so the app is online; this tab gets no live events.
        if (REFUSALS.includes(error.message)) return;
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
