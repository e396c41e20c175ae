// The app-wide actors, started once by the provider: the session (who is signed in; while signed in
// it invokes the bell's notifications) and the connection (can the server be reached). Screens reach
// them through the hooks below. Like every flow, each starts with useActorRef(machine.provide(...)).
import { createContext, useContext, type ReactNode } from 'react';
import { fromCallback, fromPromise, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { useActorRef, useSelector } from '@xstate/react';
import { sessionMachine, type SessionEvent } from '../../machines/session.machine';
import { connectionMachine, type ConnectionEvent } from '../../machines/connection.machine';
import { notificationsMachine, type NotificationsEvent } from '../../machines/notifications.machine';
import { notificationsApi, watchLiveNotifications } from '../../services/notifications';
import { onSignedOut } from '../../services/api';
import { clearOnSignOut, readSessionId } from '../../services/storage';
import { answerStore } from '../../services/answerStore';
import { closeSocket, openSocket, watchConnectivity } from '../../services/socket';
import { accountApi, rememberStudent, storedStudent } from '../../services/account';
import type { Student } from '../../contracts/account';
import { showFailure, toast } from '../ui/toast';

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type ConnectionActor = ActorRefFrom<typeof connectionMachine>;
export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;

interface RootActors {
  session: SessionActor;
  connection: ConnectionActor;
}

const RootActorsContext = createContext<RootActors | null>(null);

/**
 * Starts the root actors for the app below it. `navigate` is the router's (used on sign-out);
 * `inspect` receives every inspection event (the Stately inspector in development).
 */
export function RootActorsProvider({ navigate, inspect, children }: { navigate: (to: string) => void; inspect?: InspectionObserver; children: ReactNode }) {
  const session = useActorRef(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => storedStudent()),
        signIn: fromPromise(({ input }) => accountApi.signIn(input.phone, input.password, input.remember)),
        signOut: fromPromise(() => accountApi.signOut()),
        watchSignedOut: fromCallback<SessionEvent>(({ sendBack }) => onSignedOut((error) => sendBack({ type: 'session.expired', title: error.title }))),
        keepRealtime: fromCallback(() => {
          const sessionId = readSessionId();
          if (sessionId) openSocket(sessionId);
          return () => closeSocket();
        }),
        notifications: notificationsMachine.provide({
          actors: {
            loadNotifications: fromPromise(() => notificationsApi.list()),
            markSeen: fromPromise(({ input }) => notificationsApi.markSeen(input.id)),
            deleteNotification: fromPromise(({ input }) => notificationsApi.delete(input.id)),
            listenForNotifications: fromCallback<NotificationsEvent>(({ sendBack }) =>
              watchLiveNotifications((notification) => sendBack({ type: 'notifications.received', notification })),
            ),
          },
        }),
      },
      actions: {
        clearStorage: () => {
          clearOnSignOut();
          answerStore.forgetDelivered();
        },
        goToRoot: () => navigate('/'),
        notifySignedOut: (_, { message }) => toast.success(message),
        notifyExpired: (_, { title }) => toast.warning(title),
        notifySignInFailed: (_, { error }) => showFailure(error, { titleOnlyAsWarning: true }),
        rememberStudent: (_, { student }) => rememberStudent(student),
      },
    }),
    { inspect },
  );
  const connection = useActorRef(
    connectionMachine.provide({
      actors: {
        watchConnection: fromCallback<ConnectionEvent>(({ sendBack }) =>
          watchConnectivity((online) => sendBack({ type: online ? 'connection.restored' : 'connection.lost' })),
        ),
      },
    }),
    { inspect },
  );
  return <RootActorsContext.Provider value={{ session, connection }}>{children}</RootActorsContext.Provider>;
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
