// React and the app's pages are not part of the entry: a visitor's first sign-in screen is plain DOM
// (src/views/start/firstSignIn.ts) and works without them. They are fetched here, once, and booted into
// #root when something needs them: the router (a stored session, any address but the sign-in screen, a
// link, a sign-in), or a toast (the toast stack is a React component).
import { loadWithRetry } from './codeDownload';
import { setToasterStart } from '../ui/toast';

type ReactAppModule = typeof import('./ReactApp');

let code: Promise<ReactAppModule> | null = null;
let booting: Promise<void> | null = null;
let running = false;

/** Fetches React and the app's pages ahead of need (a visitor's first touch of the form); a failed fetch is tried again on the next call. */
export function fetchReactApp(): Promise<ReactAppModule> {
  code ??= loadWithRetry(() => import('./ReactApp')).catch((error: unknown) => {
    code = null;
    throw error;
  });
  return code;
}

/** Renders the React app into #root, once; every call waits for the same boot. */
export function bootReactApp(): Promise<void> {
  booting ??= fetchReactApp().then(
    (module) => {
      const root = document.getElementById('root');
      if (!root) throw new Error('The page has no #root element (index.html)');
      module.renderReactApp(root);
      running = true;
    },
    (error: unknown) => {
      booting = null;
      throw error;
    },
  );
  return booting;
}

/** Whether React renders the page (else only plain DOM can tell the student anything). */
export const reactAppRunning = (): boolean => running;

// A toast raised on the plain-DOM sign-in screen boots the React app, whose Toaster shows it.
setToasterStart(bootReactApp);
