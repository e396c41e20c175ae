// The app-wide actors, started once by the entry before anything shows: the session (who is signed in;
// while signed in it invokes the bell's notifications) and the connection (can the server be reached).
// Without React: the first sign-in screen of a visitor works with the session before React has loaded,
// and React's screens reach the same actors through RootActorsProvider and its hooks (RootActors.tsx).
import { createActor, fromCallback, fromPromise, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { sessionMachine, type SessionEvent } from '../../machines/session.machine';
import { connectionMachine, type ConnectionEvent } from '../../machines/connection.machine';
import { notificationsMachine, type NotificationsEvent } from '../../machines/notifications.machine';
import { notificationsApi, watchLiveNotifications } from '../../services/notifications';
import { onSignedOut } from '../../services/api';
import { clearOnSignOut, readSessionId } from '../../services/storage';
import { answerStore } from '../../services/answerStore';
import { closeSocket, openSocket, watchConnectivity } from '../../services/socket';
import { accountApi, rememberStudent, storedStudent } from '../../services/account';
import { preloadCourses } from '../../services/coursesPreload';
import { showFailure, toast } from '../ui/toast';
import { navigation } from './navigation';

export type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type SessionActor = ActorRefFrom<typeof sessionMachine>;
export type ConnectionActor = ActorRefFrom<typeof connectionMachine>;
export type NotificationsActor = ActorRefFrom<typeof notificationsMachine>;

export interface RootActors {
  session: SessionActor;
  connection: ConnectionActor;
}

let started: RootActors | null = null;

/** The student, once known, has My Courses' list asked for at once (src/services/coursesPreload.ts). */
function withCourses<S extends { _id: string } | null>(student: S): S {
  if (student) preloadCourses(student._id);
  return student;
}

/** Starts the root actors (once; a second call returns the same). `inspect` receives every inspection event (the Stately inspector in development). */
export function startRootActors(inspect?: InspectionObserver): RootActors {
  if (started) return started;
  const session = createActor(
    sessionMachine.provide({
      actors: {
        restoreSession: fromPromise(async () => withCourses(storedStudent())),
        signIn: fromPromise(async ({ input }) => withCourses(await accountApi.signIn(input.phone, input.password, input.remember))),
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
            markAllSeen: fromPromise<unknown, void>(() => notificationsApi.markAllSeen()),
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
        // Through the router, as a redirect: Back does not return to the signed-in page.
        goToRoot: () => navigation.go('/', { replace: true }),
        notifySignedOut: (_, { message }) => toast.success(message),
        notifyExpired: (_, { title }) => toast.warning(title, undefined, undefined, { travels: true }),
        notifySignInFailed: (_, { error }) => showFailure(error, { titleOnlyAsWarning: true }),
        rememberStudent: (_, { student }) => rememberStudent(student),
      },
    }),
    { inspect },
  ).start();
  const connection = createActor(
    connectionMachine.provide({
      actors: {
        watchConnection: fromCallback<ConnectionEvent>(({ sendBack }) =>
          watchConnectivity((online) => sendBack({ type: online ? 'connection.restored' : 'connection.lost' })),
        ),
      },
    }),
    { inspect },
  ).start();
  started = { session, connection };
  return started;
}

/** The root actors; the entry (src/main.ts) starts them before anything can ask. */
export function rootActors(): RootActors {
  if (!started) throw new Error('The root actors have not been started: src/main.ts starts them first');
  return started;
}
