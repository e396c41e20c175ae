// Who is signed in at the teacher desk, shared by every desk page (src/views/staff/DeskLayout.tsx). On
// start the desk asks the server whether the staff session kept in the tab is still alive (a reload, or
// coming back from another desk page, does not ask for the password again); meanwhile it shows a
// loading state, then the desk or the sign-in form. While signed in, any request answered 401 (the
// session ended on the server) brings the sign-in back with 'Your desk session has ended.'; the page
// the teacher was on is opened again after signing in.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { Staff } from '../contracts/account';
import { failureOf } from '../domain/failures';
import { failureWords, type RefusalWords } from '../domain/messages';

export interface DeskSessionContext {
  staff: Staff | null;
  /** The last refusal of the check, the sign-in, or the end of the session; cleared by the next try. */
  problem: RefusalWords | null;
  /** The session ended while the desk was open (not a sign-out): pages say so and lead to the sign-in. */
  ended: boolean;
}

export type DeskSessionEvent =
  | { type: 'deskSession.signIn'; username: string; password: string }
  | { type: 'deskSession.signOut' }
  | { type: 'deskSession.retry' }
  | { type: 'deskSession.ended' };

export const deskSessionMessages = {
  missingCredentials: 'Enter your username and password.',
  ended: { title: 'Your desk session has ended.', description: 'Sign in again to go on where you were.' },
} as const;

export const deskSessionMachine = setup({
  types: {} as { context: DeskSessionContext; events: DeskSessionEvent },
  actors: {
    /** The staff member of the session kept in the tab; null when none is kept. */
    checkSession: fromPromise<Staff | null>(async () => {
      throw new Error('provide checkSession');
    }),
    signIn: fromPromise<Staff, { username: string; password: string }>(async () => {
      throw new Error('provide signIn');
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error('provide signOut');
    }),
    /** Sends deskSession.ended when any request is answered 401 notLoggedIn (src/services/api.ts onSignedOut). */
    watchSessionEnd: fromCallback<DeskSessionEvent>(() => () => {}),
  },
  guards: {
    credentialsGiven: (_, params: { username: string; password: string }) => params.username.trim() !== '' && params.password !== '',
    noSession: (_, params: { staff: Staff | null }) => params.staff === null,
    /** 401: the session kept has ended on the server. */
    sessionGone: (_, params: { error: unknown }) => failureOf(params.error).status === 401,
    /** 403: the session kept is a student's (the desk shows who is signed in, and keeps it). */
    notStaff: (_, params: { error: unknown }) => failureOf(params.error).status === 403,
  },
  actions: {
    keepProblem: assign({ problem: (_, params: { error: unknown }) => failureWords(params.error) }),
    clearProblem: assign({ problem: null, ended: false }),
    forget: assign({ staff: null }),
    /** Forgets the session id kept in the tab (provided by the app). */
    forgetSession: () => {},
  },
}).createMachine({
  id: 'deskSession',
  description: 'Who is signed in at the teacher desk: checked on start, then the sign-in form or the desk; a session that ends brings the sign-in back.',
  meta: { spec: '§6 Roles and permissions (admin screens: not shown) — not in the spec: the teacher desk’s sign-in, kept across reloads and desk pages' },
  context: { staff: null, problem: null, ended: false },
  initial: 'checking',
  states: {
    checking: {
      description: 'Asks the server whether the staff session kept in the tab is alive; the desk shows a loading state.',
      tags: ['loading'],
      invoke: {
        src: 'checkSession',
        onDone: [
          { guard: { type: 'noSession', params: ({ event }) => ({ staff: event.output }) }, target: 'signedOut', description: 'No session kept in the tab: the sign-in form shows' },
          { target: 'signedIn', description: 'The session is alive: the desk opens without the password', actions: assign({ staff: ({ event }) => event.output }) },
        ],
        onError: [
          { guard: { type: 'sessionGone', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut', description: 'The session kept has ended: the tab forgets it and the sign-in form shows', actions: 'forgetSession' },
          { guard: { type: 'notStaff', params: ({ event }) => ({ error: event.error }) }, target: 'signedOut', description: "The session kept is a student's: it stays, and the desk says a student is signed in" },
          { target: 'failed', description: 'The server could not be reached: the reason and Try again', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      description: 'Whether the session is alive could not be learnt: the reason and Try again.',
      on: { 'deskSession.retry': { target: 'checking', description: 'The teacher presses Try again', actions: 'clearProblem' } },
    },
    signedOut: {
      description: 'The staff sign-in form (at /staff); other desk pages lead there and come back after the sign-in.',
      on: {
        'deskSession.signIn': [
          { guard: { type: 'credentialsGiven', params: ({ event }) => event }, target: 'signingIn', description: 'The teacher signs in with a username and password', actions: 'clearProblem' },
          { description: "Username or password left empty: 'Enter your username and password.' shows", actions: assign({ problem: { title: deskSessionMessages.missingCredentials } }) },
        ],
      },
    },
    signingIn: {
      description: 'Signing in.',
      tags: ['busy'],
      invoke: {
        src: 'signIn',
        input: ({ event }) => {
          if (event.type !== 'deskSession.signIn') throw new Error(`signingIn entered by ${event.type}`);
          return { username: event.username.trim(), password: event.password };
        },
        onDone: { target: 'signedIn', description: 'Signed in: the desk opens (on the page the teacher came from)', actions: assign({ staff: ({ event }) => event.output }) },
        onError: { target: 'signedOut', description: 'Sign-in refused or failed: the reason shows on the form', actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    signedIn: {
      description: "The desk: its sections, the staff member's name and Sign out.",
      invoke: { src: 'watchSessionEnd' },
      on: {
        'deskSession.signOut': { target: 'signingOut', description: 'The teacher presses Sign out' },
        'deskSession.ended': {
          target: 'signedOut',
          description: "A request was answered 401: 'Your desk session has ended.' shows with the way to the sign-in",
          actions: ['forget', 'forgetSession', assign({ problem: { ...deskSessionMessages.ended }, ended: true })],
        },
      },
    },
    signingOut: {
      description: 'Signing out.',
      tags: ['busy'],
      invoke: {
        src: 'signOut',
        onDone: { target: 'signedOut', description: 'Signed out: the sign-in form shows', actions: ['forget', 'clearProblem'] },
        onError: { target: 'signedOut', description: 'The server could not be told (offline): this tab forgets the session anyway.', actions: ['forget', 'clearProblem'] },
      },
    },
  },
});
