// Boots the app, without React: the root actors (session, connection; rootActorsStart.ts), then the
// first view (src/views/app/navigation.ts). A visitor on the sign-in screen gets it as plain DOM
// (firstSignIn.ts), usable before React has even downloaded; everyone else gets React and the router at
// once (reactAppBoot.ts). The service worker that keeps the app and a running exam usable offline
// starts with the signed-in shell (appWorkerStart.ts).
// In development, `localStorage.inspect = 'true'` opens the Stately inspector for the root actors.
import { navigation } from './views/app/navigation';
import { discardFirstSignIn, showFirstSignIn } from './views/app/firstSignIn';
import { startRootActors } from './views/app/rootActorsStart';
import './index.css';

async function boot() {
  const inspector =
    import.meta.env.DEV && localStorage.getItem('inspect') === 'true' ? (await import('@statelyai/inspect')).createBrowserInspector() : null;
  startRootActors(inspector?.inspect);
  // The page served for /login holds the form; a signed-in student there never gets to use it.
  if (navigation.start() === 'signIn') showFirstSignIn();
  else discardFirstSignIn();
}

void boot();
