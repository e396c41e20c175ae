// Opening the router: its code (AppRouter.tsx, which imports every screen's entry) and React's are
// fetched side by side, the router is made at the address the page is at, and the page is handed to
// it (src/views/app/navigation.ts shows the wait, the failure or the router's pages).
import { loadWithRetry } from '../app/codeDownload';
import { showCodeMissingWithoutReact } from '../app/codeMissingNotice';
import { navigation, type AppRouter, type RouterOpening } from '../app/navigation';
import { bootReactApp, reactAppRunning } from '../app/reactAppBoot';

type RouterModule = typeof import('./AppRouter');

let routerCode: Promise<RouterModule> | null = null;
let router: AppRouter | null = null;
/** The address asked for while the router's code was on its way; followed once the router has rendered. */
let pending: { to: string; replace: boolean } | null = null;
let opening = false;

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
  if (navigation.view().kind !== 'signIn') navigation.show({ kind: 'loading' });
  Promise.all([fetchRouterCode(), bootReactApp()]).then(
    ([module]) => {
      opening = false;
      const made = module.createAppRouter(() => {
        navigation.routerRendered();
        const go = pending;
        pending = null;
        if (go) made.navigate(go.to, go);
      });
      router = made;
      navigation.show({ kind: 'router', Pages: made.Pages });
    },
    () => {
      opening = false;
      navigation.show({ kind: 'failed' });
      // React's notice says so once React is there; without it (React's own code is what failed) the page says it in plain DOM.
      if (!reactAppRunning()) showCodeMissingWithoutReact(navigation);
    },
  );
}

export const routerOpening: RouterOpening = {
  open: openRouter,
  prefetch() {
    fetchRouterCode().then(
      (module) => module.preloadSignedInStart(),
      () => undefined,
    );
  },
};
