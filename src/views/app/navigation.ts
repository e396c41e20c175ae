// How the app moves between its addresses, before and after the router and React have loaded. A
// visitor with no stored session who opens /login (or /, which sends a visitor there) gets the sign-in
// screen as plain DOM (src/views/start/firstSignIn.ts): React, react-router and the route table with
// every other screen's entry are most of the app's first code, and on a slow phone each kilobyte is
// time before the form can be used. React and the router's code (and the shell's and the course
// list's, the screens sign-in leads to) are fetched once the student starts on the form, and the
// router takes over at the first navigation or at sign-in. Everyone else (a stored session, any other
// address) gets React and the router at once, fetched side by side.
//
// This is the page's view and the way to another address, which the shell and the screens use (the
// session's sign-out goes to /). Opening the router, whose code imports every screen, is the app's
// start's (src/views/start/routerOpening.ts), handed over at `start`: so nothing here imports upwards.
import type { ComponentType } from 'react';
import { storedStudent } from '../../services/account';
import { setPageNavigation } from '../ui/pageNavigation';
import { prefetchSignedInStart } from './signedInPrefetch';

/**
 * What the page shows: the first sign-in screen (plain DOM outside React, which renders nothing for
 * it), the router's pages, or the wait and the failure between them.
 */
export type PagesView = { kind: 'signIn' } | { kind: 'loading' } | { kind: 'failed' } | { kind: 'router'; Pages: ComponentType };

/** The router once its code has arrived (src/views/start/AppRouter.tsx). */
export interface AppRouter {
  Pages: ComponentType;
  navigate(to: string, options: { replace: boolean }): void;
}

/** How the router is opened and its code fetched: the app's start gives it (src/views/start/routerOpening.ts). */
export interface RouterOpening {
  /** Hands the page to the router (fetching its code and React's first), then goes to `next`. */
  open(next?: { to: string; replace: boolean }): void;
  /** Fetches the router's code and the signed-in start's screens ahead of need; nothing shows yet. */
  prefetch(): void;
}

/** The addresses a visitor may open on the first sign-in screen; `/` sends a visitor to /login anyway. */
const SIGN_IN_ADDRESSES = new Set(['/login', '/']);

let view: PagesView = { kind: 'loading' };
let routerShown = false;
let opening: RouterOpening | null = null;
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

export const navigation = {
  /**
   * Chooses the first view from the address and the stored session; called once, by the app's start,
   * with the router's opening. A visitor at a sign-in address gets the first sign-in screen; everyone
   * else the router, whose code and React's are fetched at once.
   */
  start(routerOpening: RouterOpening): PagesView['kind'] {
    opening = routerOpening;
    if (storedStudent() === null && SIGN_IN_ADDRESSES.has(window.location.pathname)) {
      // The route table would send a visitor from / to /login, replacing the address; so does this.
      if (window.location.pathname !== '/login') window.history.replaceState(null, '', '/login');
      navigation.show({ kind: 'signIn' });
    } else {
      // A student's later visit lands on the signed-in start: all its files asked for at once, not import by import.
      if (storedStudent() !== null) prefetchSignedInStart();
      opening.open();
    }
    return view.kind;
  },

  /** The current view, for useSyncExternalStore. */
  view: (): PagesView => view,

  /** Shows another view (the router's opening: the wait, the failure, the router's pages). */
  show(next: PagesView): void {
    view = next;
    notify();
  },

  /** Whether the router has rendered its first page (the first sign-in screen then leaves). */
  routerShown: (): boolean => routerShown,

  /** Said by the router's opening once the router has rendered its first page. */
  routerRendered(): void {
    routerShown = true;
    notify();
  },

  /** Calls `listener` when the view changes or the router has rendered its first page. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /**
   * Goes to an address of the app: through the router when it is there, else once its code has
   * arrived (the first sign-in screen's links, the session's sign-out). Nothing links anywhere before
   * the app's start has run.
   */
  go(to: string, { replace = false }: { replace?: boolean } = {}): void {
    opening?.open({ to, replace });
  },

  /** The router takes over at the address the page is at (the first screen's student has signed in, or Retry). */
  openRouter: (): void => opening?.open(),

  /** Fetches the router's code and the signed-in start's screens ahead of need; nothing shows yet. */
  prefetch: (): void => opening?.prefetch(),
};

// The UI kit's links go through this navigation.
setPageNavigation((to) => navigation.go(to));
