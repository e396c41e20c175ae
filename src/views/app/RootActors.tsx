// The app-wide actors, started once: the session (who is signed in) and the connection (can the
// server be reached). Screens reach them through the hooks below.
import { createContext, useContext, type ReactNode } from 'react';
import { createActor, fromCallback, fromPromise, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { useSelector } from '@xstate/react';
import { sessionMachine, type SessionEvent } from '../../machines/session.machine';
import { connectionMachine, type ConnectionEvent } from '../../machines/connection.machine';
import { isApiRequestError, onSignedOut } from '../../services/api';
import { clearOnSignOut, readSessionId } from '../../services/storage';
import { closeSocket, openSocket, watchConnectivity } from '../../services/socket';
import { rememberStudent, signIn, signOut, storedStudent, type Student } from '../../services/account';
import { toast } from './toast';

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type ConnectionActor = ActorRefFrom<typeof connectionMachine>;

export interface RootActors {
  session: SessionActor;
  connection: ConnectionActor;
}

/** The login error rule of the spec: errors.message as an error, otherwise errors.title as a warning. */
export function showSignInError(error: unknown): void {
  if (isApiRequestError(error)) {
    if (error.message && error.message !== error.title) toast.error(error.message);
    else toast.warning(error.title);
  } else {
    toast.error(error instanceof Error ? error.message : String(error));
  }
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
        signIn: fromPromise(({ input }) => signIn(input.phone, input.password, input.remember)),
        signOut: fromPromise(() => signOut()),
        watchSignedOut: fromCallback<SessionEvent>(({ sendBack }) => onSignedOut((error) => sendBack({ type: 'session.expired', title: error.title }))),
        keepRealtime: fromCallback(() => {
          const sessionId = readSessionId();
          if (sessionId) openSocket(sessionId);
          return () => closeSocket();
        }),
      },
      actions: {
        clearStorage: () => clearOnSignOut(),
        goToRoot: () => navigate('/'),
        notifySignedOut: (_, { message }) => toast.success(message),
        notifyExpired: (_, { title }) => toast.warning(title),
        notifySignInFailed: (_, { error }) => showSignInError(error),
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
  session.start();
  connection.start();
  return { session, connection };
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

/** The signed-in student, or null. */
export const useStudent = (): Student | null => useSelector(useSessionActor(), (s) => s.context.student);

/** Whether the server can be reached right now. */
export const useIsOnline = (): boolean => useSelector(useConnectionActor(), (s) => s.matches('online'));
