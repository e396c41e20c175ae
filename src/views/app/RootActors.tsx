// The app-wide actors, started once: the session (who is signed in), the connection (can the
// server be reached) and the notifications (the bell, live while signed in). Screens reach them
// through the hooks below.
import { createContext, useContext, type ReactNode } from 'react';
import { createActor, fromCallback, fromPromise, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { useSelector } from '@xstate/react';
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

export interface RootActors {
  session: SessionActor;
  connection: ConnectionActor;
  notifications: NotificationsActor;
}

/**
 * Creates and starts the root actors; call once at boot. `navigate` is the router's (used on sign-out);
 * `inspect` receives every inspection event (the Stately inspector in development).
 */
export function startRootActors(navigate: (to: string) => void, options: { inspect?: InspectionObserver } = {}): RootActors {
  const session = createActor(
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
    { inspect: options.inspect },
  );
  const connection = createActor(
    connectionMachine.provide({
      actors: {
        watchConnection: fromCallback<ConnectionEvent>(({ sendBack }) =>
          watchConnectivity((online) => sendBack({ type: online ? 'connection.restored' : 'connection.lost' })),
        ),
      },
    }),
    { inspect: options.inspect },
  );
  const notifications = createActor(
    notificationsMachine.provide({
      actors: {
        loadNotifications: fromPromise(() => notificationsApi.list()),
        markSeen: fromPromise(({ input }) => notificationsApi.markSeen(input.id)),
        deleteNotification: fromPromise(({ input }) => notificationsApi.delete(input.id)),
        listenForNotifications: fromCallback<NotificationsEvent>(({ sendBack }) =>
          watchLiveNotifications((notification) => sendBack({ type: 'notifications.received', notification })),
        ),
      },
    }),
    { inspect: options.inspect },
  );
  session.start();
  connection.start();
  notifications.start();
  // The feed lives exactly while a student is signed in: a new sign-in loads that student's list afresh.
  const followSession = (snapshot: ReturnType<SessionActor['getSnapshot']>) =>
    notifications.send({ type: snapshot.matches('signedIn') ? 'notifications.start' : 'notifications.stop' });
  followSession(session.getSnapshot());
  session.subscribe(followSession);
  return { session, connection, notifications };
}

const RootActorsContext = createContext<RootActors | null>(null);

export function RootActorsProvider({ actors, children }: { actors: RootActors; children: ReactNode }) {
  return <RootActorsContext.Provider value={actors}>{children}</RootActorsContext.Provider>;
}

function useRootActors(): RootActors {
  const actors = useContext(RootActorsContext);
  if (!actors) throw new Error('RootActorsProvider is missing above this component');
  return actors;
}

export const useSessionActor = (): SessionActor => useRootActors().session;
export const useConnectionActor = (): ConnectionActor => useRootActors().connection;
export const useNotificationsActor = (): NotificationsActor => useRootActors().notifications;

/** The signed-in student, or null. */
export const useStudent = (): Student | null => useSelector(useSessionActor(), (s) => s.context.student);

/** Whether the server can be reached right now. */
export const useIsOnline = (): boolean => useSelector(useConnectionActor(), (s) => s.matches('online'));
