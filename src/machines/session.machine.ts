// The student's session: restored from storage on load, signed in and out, and ended everywhere
// the moment any request is answered 401 notLoggedIn. While signed in it invokes the notifications
// (the bell's feed, id 'notifications'): each sign-in starts a fresh feed, signing out stops it.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Student } from '../contracts/account';
import { phoneProblem } from '../domain/phone';
import { notificationsMachine } from './notifications.machine';
import { signInPasswordProblem } from '../domain/password';

export interface SessionContext {
  student: Student | null;
}

export type SessionEvent =
  | { type: 'session.signIn'; phone: string; password: string; remember: boolean }
  | { type: 'session.established'; student: Student }
  | { type: 'session.studentUpdated'; student: Student }
  | { type: 'session.signOut' }
  | { type: 'session.expired'; title: string };

export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent; children: { notifications: 'notifications' } },
  actors: {
    restoreSession: fromPromise<Student | null>(async () => {
      throw new Error('provide restoreSession');
    }),
    signIn: fromPromise<Student, { phone: string; password: string; remember: boolean }>(async () => {
      throw new Error('provide signIn');
    }),
    signOut: fromPromise<string>(async () => {
      throw new Error('provide signOut');
    }),
    /** Sends session.expired when the API answers 401 notLoggedIn. */
    watchSignedOut: fromCallback<SessionEvent>(() => () => {}),
    /** Keeps the realtime connection open while signed in. */
    keepRealtime: fromCallback(() => () => {}),
    /** The bell's notifications of the signed-in student. */
    notifications: notificationsMachine,
  },
  guards: {
    credentialsAcceptable: ({ event }) =>
      event.type === 'session.signIn' && phoneProblem(event.phone) === null && signInPasswordProblem(event.password) === null,
    hasStoredStudent: (_, params: { student: Student | null }) => params.student != null,
  },
  actions: {
    clearStorage: () => {},
    goToRoot: () => {},
    notifySignedOut: (_, _params: { message: string }) => {},
    notifyExpired: (_, _params: { title: string }) => {},
    notifySignInFailed: (_, _params: { error: unknown }) => {},
    rememberStudent: (_, _params: { student: Student }) => {},
  },
}).createMachine({
  id: 'session',
  description: 'Whether the student is signed in; the user is logged out when the server answers 401 with code notLoggedIn.',
  meta: { spec: '§4 States and transitions — Session; §2 Auth screens, Shell' },
  context: { student: null },
  initial: 'restoring',
  invoke: { src: 'watchSignedOut' },
  states: {
    restoring: {
      description: 'Reads the session id and student kept by an earlier visit.',
      tags: ['loading'],
      invoke: {
        src: 'restoreSession',
        onDone: [
          { guard: { type: 'hasStoredStudent', params: ({ event }) => ({ student: event.output }) }, target: 'signedIn', description: 'An earlier visit is still signed in: the app opens', actions: assign({ student: ({ event }) => event.output }) },
          { target: 'signedOut', description: 'Nothing kept: the sign-in screen shows', actions: 'clearStorage' },
        ],
        onError: { target: 'signedOut', description: 'What was kept could not be read: the sign-in screen shows', actions: 'clearStorage' },
      },
    },
    signedOut: {
      description: 'The sign-in screen: mobile number, password, Remember me, Forgot password and Create an account.',
      entry: assign({ student: null }),
      on: {
        'session.signIn': { guard: 'credentialsAcceptable', target: 'signingIn', description: 'The student presses Sign In with a valid number and password' },
        'session.established': {
          target: 'signedIn',
          description: 'Signed in by another flow (registration signs in automatically).',
          actions: assign({ student: ({ event }) => event.student }),
        },
      },
    },
    signingIn: {
      description: 'Signing in.',
      tags: ['loading'],
      invoke: {
        src: 'signIn',
        input: ({ event }) => {
          if (event.type !== 'session.signIn') throw new Error(`signingIn entered by ${event.type}`);
          return { phone: event.phone, password: event.password, remember: event.remember };
        },
        onDone: { target: 'signedIn', description: 'Signed in: the app opens', actions: assign({ student: ({ event }) => event.output }) },
        onError: { target: 'signedOut', description: 'Sign-in refused or failed: the reason shows', actions: { type: 'notifySignInFailed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signedIn: {
      description: "The app's shell: top bar with notifications and the avatar menu; the realtime connection is open and the bell's feed is live.",
      invoke: [{ src: 'keepRealtime' }, { id: 'notifications', src: 'notifications' }],
      on: {
        'session.studentUpdated': {
          description: "The student's profile changed: it is kept on the device",
          actions: [assign({ student: ({ event }) => event.student }), { type: 'rememberStudent', params: ({ event }) => ({ student: event.student }) }],
        },
        'session.signOut': { target: 'signingOut', description: "The student confirms 'Are you sure you want to logout?'" },
        'session.expired': {
          target: 'signedOut',
          description: 'Any request answered 401 notLoggedIn: show its title, clear storage, go to the root.',
          actions: [{ type: 'notifyExpired', params: ({ event }) => ({ title: event.title }) }, 'clearStorage', 'goToRoot'],
        },
      },
    },
    signingOut: {
      description: 'Signing out.',
      tags: ['loading'],
      invoke: {
        src: 'signOut',
        onDone: {
          target: 'signedOut',
          description: 'Signed out: a message shows and the root opens',
          actions: [{ type: 'notifySignedOut', params: ({ event }) => ({ message: event.output }) }, 'clearStorage', 'goToRoot'],
        },
        onError: {
          target: 'signedOut',
          description: 'The server could not be told (offline): this device forgets the session anyway.',
          actions: ['clearStorage', 'goToRoot'],
        },
      },
      on: {
        'session.expired': { target: 'signedOut', description: 'The session had already ended: this device forgets it', actions: ['clearStorage', 'goToRoot'] },
      },
    },
  },
});
