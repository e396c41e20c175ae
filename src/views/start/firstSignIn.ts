// The first sign-in screen of a visitor, before React: the plain-DOM sign-in view (src/views/auth/
// signInView.ts) in #sign-in, already in the page the server sends for /login (written at build) or
// written by the entry otherwise, bound to the session the entry started. The student's first touch of
// the form (a tap, a key, the focus) fetches React and what follows sign-in, as one flat set of files
// (signedInPrefetch.ts); a link, the sign-in itself
// or a toast boots React. The screen stays, its button busy after a sign-in, until the router has
// rendered; the route table's /login then carries on with the same view (takeFirstSignIn).
import { mountSignIn } from '../auth/signInView';
import { navigation } from '../app/navigation';
import { fetchReactApp } from '../app/reactAppBoot';
import { rootActors } from '../app/rootActorsStart';
import { prefetchSignedInStart } from '../app/signedInPrefetch';

/** What a student does first on the form: the moment to fetch what follows sign-in. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

let shown: { host: HTMLElement; stop: () => void } | null = null;

const signInHost = (): HTMLElement | null => document.getElementById('sign-in');

/** Binds the first sign-in screen (writing it when the page does not hold it). */
export function showFirstSignIn(): void {
  const host = signInHost();
  if (!host) throw new Error('The page has no #sign-in element (index.html)');
  const { session } = rootActors();
  const unbind = mountSignIn(host, { session, go: (to) => navigation.go(to) });
  // The page hides the form at once when a session id is stored; the app has found no student for it.
  host.hidden = false;

  const prefetch = () => {
    stopIntents();
    prefetchSignedInStart();
    void fetchReactApp().catch(() => undefined);
    navigation.prefetch();
  };
  const stopIntents = () => INTENT_EVENTS.forEach((type) => document.removeEventListener(type, prefetch, true));
  INTENT_EVENTS.forEach((type) => document.addEventListener(type, prefetch, true));

  // Signed in: the router takes over here and sends the student on, as it would.
  const signedIn = session.subscribe((snapshot) => {
    if (snapshot.matches('signedIn')) navigation.openRouter();
  });

  // Hidden while React shows the wait or the failure of a download; gone once the router has rendered.
  const followNavigation = navigation.subscribe(() => {
    if (navigation.routerShown()) {
      discardFirstSignIn();
      return;
    }
    const kind = navigation.view().kind;
    host.hidden = kind === 'failed' || kind === 'loading';
  });

  shown = {
    host,
    stop: () => {
      unbind();
      stopIntents();
      signedIn.unsubscribe();
      followNavigation();
    },
  };
}

/** Removes the first sign-in screen: a signed-in student's page (the entry, first thing), or the router has rendered. */
export function discardFirstSignIn(): void {
  shown?.stop();
  shown = null;
  signInHost()?.replaceChildren();
}

/**
 * Moves the first sign-in screen, with whatever the student typed, into the route table's /login
 * (`target`) when it is still on the page; the route binds it anew. False when there is none.
 */
export function takeFirstSignIn(target: HTMLElement): boolean {
  if (!shown) return false;
  const { host, stop } = shown;
  stop();
  shown = null;
  target.replaceChildren(...host.childNodes);
  host.hidden = false;
  return true;
}
