// A desk page listens on the realtime channel with its staff session while it is open (the staff
// room: forum activity, exam activity); the socket closes when the page goes.
import { useEffect } from 'react';
import { closeSocket, onSocketChange, openSocket } from '../../services/socket';
import { readSessionId } from '../../services/storage';

export function useDeskEvent<T>(event: string, hear: (payload: T) => void): void {
  useEffect(() => {
    const sessionId = readSessionId();
    if (!sessionId) return;
    let detach = () => {};
    const unsubscribe = onSocketChange((socket) => {
      detach();
      detach = () => {};
      if (!socket) return;
      socket.on(event, hear);
      detach = () => socket.off(event, hear);
    });
    openSocket(sessionId);
    return () => {
      unsubscribe();
      detach();
      closeSocket();
    };
  }, [event, hear]);
}
