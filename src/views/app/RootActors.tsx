// The app-wide actors for React's screens: the entry starts them once, without React
// (rootActorsStart.ts), and the provider hands those same actors to the screens below it, which reach
// them through the hooks here.
import { createContext, useContext, useEffect, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { Student } from '../../contracts/account';
import { rootActors, type ConnectionActor, type NotificationsActor, type RootActors, type SessionActor } from './rootActorsStart';

const RootActorsContext = createContext<RootActors | null>(null);

/** Gives the screens below it the root actors the entry started. */
export function RootActorsProvider({ children }: { children: ReactNode }) {
  return <RootActorsContext.Provider value={rootActors()}>{children}</RootActorsContext.Provider>;
}

function useRootActors(): RootActors {
  const actors = useContext(RootActorsContext);
  if (!actors) throw new Error('RootActorsProvider is missing above this component');
  return actors;
}

export const useSessionActor = (): SessionActor => useRootActors().session;
export const useConnectionActor = (): ConnectionActor => useRootActors().connection;
/** The signed-in student's notifications (the session's child), or undefined when signed out. */
export const useNotificationsActor = (): NotificationsActor | undefined => useSelector(useSessionActor(), (s) => s.children.notifications);

/** The signed-in student, or null. */
export const useStudent = (): Student | null => useSelector(useSessionActor(), (s) => s.context.student);

/** Whether the server can be reached right now. */
export const useIsOnline = (): boolean => useSelector(useConnectionActor(), (s) => s.matches('online'));

/**
 * Calls `changed` each time the connection goes offline or comes back (not for the state it starts in), so a
 * screen's statechart hears of it as an event: the offline state, or asking again once back online.
 */
export function useConnectionChanges(changed: (online: boolean) => void): void {
  const connection = useConnectionActor();
  const latest = useRef(changed);
  latest.current = changed;
  useEffect(() => {
    let online = connection.getSnapshot().matches('online');
    const subscription = connection.subscribe((snapshot) => {
      if (snapshot.matches('online') === online) return;
      online = snapshot.matches('online');
      latest.current(online);
    });
    return () => subscription.unsubscribe();
  }, [connection]);
}
