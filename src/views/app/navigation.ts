// How the app moves between its addresses, before and after the router and React have loaded. A
// visitor with no stored session who opens /login (or /, which sends a visitor there) gets the sign-in
// screen as plain DOM (src/views/app/firstSignIn.ts): React, react-router and the route table with
// every other screen's entry are most of the app's first code, and on a slow phone each kilobyte is
// time before the form can be used. React and the router's code (and the shell's and the course
// list's, the screens sign-in leads to) are fetched once the student starts on the form, and the
// router takes over at the first navigation or at sign-in. Everyone else (a stored session, any other
// address) gets React and the router at once, fetched side by side.
import type { ComponentType } from 'react';
import { storedStudent } from '../../services/account';
import { loadWithRetry } from './codeDownload';
import { showCodeMissingWithoutReact } from './codeMissingNotice';
import { bootReactApp, reactAppRunning } from './reactAppBoot';
import { setPageNavigation } from '../ui/pageNavigation';
import { prefetchSignedInStart } from './signedInPrefetch';

/**
 * What the page shows: the first sign-in screen (plain DOM outside React, which renders nothing for
 * it), the router's pages, or the wait and the failure between them.
 */
export type PagesView = { kind: 'signIn' } | { kind: 'loading' } | { kind: 'failed' } | { kind: 'router'; Pages: ComponentType };

/** The router once its code has arrived (src/views/app/AppRouter.tsx). */
export interface AppRouter {
  Pages: ComponentType;
  navigate(to: string, options: { replace: boolean }): void;
}

type RouterModule = typeof import('./AppRouter');

/** The addresses a visitor may open on the first sign-in screen; `/` sends a visitor to /login anyway. */
const SIGN_IN_ADDRESSES = new Set(['/login', '/']);

let view: PagesView = { kind: 'loading' };
let routerCode: Promise<RouterModule> | null = null;
let router: AppRouter | null = null;
let routerShown = false;
/** The address asked for while the router's code was on its way; followed once the router has rendered. */
let pending: { to: string; replace: boolean } | null = null;
let opening = false;
const listeners = new Set<() => void>();

const notify = () => listeners.forEach((listener) => listener());

function show(next: PagesView): void {
  view = next;
  notify();
}

/** Fetches the router's code once; a fetch that failed after its retries is fetched again on the next call. */
function fetchRouterCode(): Promise<RouterModule> {
  routerCode ??= loadWithRetry(() => import('./AppRouter')).catch((error: unknown) => {
    routerCode = null;
    throw error;
  });
  return routerCode;
}

/**
 * Hands the page to the router, made at the address the page is at, and then goes to `next`: the
 * router first renders the address the student saw, so its first navigation is an ordinary one
 * (the new page's title, focus on its heading). The first sign-in screen stays as it is (its button
 * busy after a sign-in) until the router has rendered; elsewhere the splash shows meanwhile.
 */
function openRouter(next?: { to: string; replace: boolean }): void {
  if (router) {
    if (next) router.navigate(next.to, next);
    return;
  }
  if (next) pending = next;
  if (opening) return;
  opening = true;
  if (view.kind !== 'signIn') show({ kind: 'loading' });
  Promise.all([fetchRouterCode(), bootReactApp()]).then(
    ([module]) => {
      opening = false;
      const made = module.createAppRouter(() => {
        routerShown = true;
        notify();
        const go = pending;
        pending = null;
        if (go) made.navigate(go.to, go);
      });
      router = made;
      show({ kind: 'router', Pages: made.Pages });
    },
    () => {
      opening = false;
      show({ kind: 'failed' });
      // React's notice says so once React is there; without it (React's own code is what failed) the page says it in plain DOM.
      if (!reactAppRunning()) showCodeMissingWithoutReact(navigation);
    },
  );
}

export const navigation = {
  /**
   * Chooses the first view from the address and the stored session; called once, by the entry. A
   * visitor at a sign-in address gets the first sign-in screen; everyone else the router, whose code
   * and React's are fetched at once.
   */
  start(): PagesView['kind'] {
    if (storedStudent() === null && SIGN_IN_ADDRESSES.has(window.location.pathname)) {
      // The route table would send a visitor from / to /login, replacing the address; so does this.
      if (window.location.pathname !== '/login') window.history.replaceState(null, '', '/login');
      show({ kind: 'signIn' });
    } else {
      // A student's later visit lands on the signed-in start: all its files asked for at once, not import by import.
      if (storedStudent() !== null) prefetchSignedInStart();
      openRouter();
    }
    return view.kind;
  },

  /** The current view, for useSyncExternalStore. */
  view: (): PagesView => view,

  /** Whether the router has rendered its first page (the first sign-in screen then leaves). */
  routerShown: (): boolean => routerShown,

  /** Calls `listener` when the view changes or the router has rendered its first page. */
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  /**
   * Goes to an address of the app: through the router when it is there, else once its code has
   * arrived (the first sign-in screen's links, the session's sign-out).
   */
  go(to: string, { replace = false }: { replace?: boolean } = {}): void {
    openRouter({ to, replace });
  },

  /** The router takes over at the address the page is at (the first screen's student has signed in, or Retry). */
  openRouter: (): void => openRouter(),

  /** Fetches the router's code and the signed-in start's screens ahead of need; nothing shows yet. */
  prefetch(): void {
    fetchRouterCode().then(
      (module) => module.preloadSignedInStart(),
      () => undefined,
    );
  },
};

export type Navigation = typeof navigation;

// The UI kit's links go through this navigation.
setPageNavigation((to) => navigation.go(to));
