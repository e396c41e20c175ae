// Starts the app, without React: the root actors (session, connection; rootActorsStart.ts), then the
// first view (src/views/app/navigation.ts), handed the router's opening (routerOpening.ts: the
// router's code, above every screen). A visitor on the sign-in screen gets it as plain DOM (firstSignIn.ts); everyone else gets
// React and the router at once (reactAppBoot.ts). The service worker that keeps the app and a running
// exam usable offline starts with the signed-in shell (appWorkerStart.ts). The entry (src/main.ts)
// fetches this once the page has been drawn. This folder is the top of the views: the start, the
// router and the route table import the screens; the shell (src/views/app/) sits below them.
// In development, `localStorage.inspect = 'true'` opens the Stately inspector for the root actors.
import { navigation } from '../app/navigation';
import { discardFirstSignIn, showFirstSignIn } from './firstSignIn';
import { routerOpening } from './routerOpening';
import { startRootActors } from '../app/rootActorsStart';
import { DEFERRED_STYLES_ATTRIBUTE } from '../auth/signInView';

export async function bootApp(): Promise<void> {
  // From here on the rest of the app may show: the whole stylesheet applies (the page for /login held it back).
  for (const link of document.querySelectorAll<HTMLLinkElement>(`link[${DEFERRED_STYLES_ATTRIBUTE}]`)) {
    link.removeAttribute(DEFERRED_STYLES_ATTRIBUTE);
    link.removeAttribute('as');
    link.rel = 'stylesheet';
  }
  const inspector =
    import.meta.env.DEV && localStorage.getItem('inspect') === 'true' ? (await import('@statelyai/inspect')).createBrowserInspector() : null;
  startRootActors(inspector?.inspect);
  // The page served for /login holds the form; a signed-in student there never gets to use it.
  if (navigation.start(routerOpening) === 'signIn') showFirstSignIn();
  else discardFirstSignIn();
}
