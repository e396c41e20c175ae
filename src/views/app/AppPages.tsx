// The page under the root actors: the first sign-in screen of a visitor while the router's code is
// not needed yet, then the router's pages (src/views/app/navigation.ts decides which).
import { useEffect, useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import { PAGE_CODE_MISSING } from '../../domain/messages';
import { SignIn } from '../auth/SignIn';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { SCREEN_AUTO_RETRY_MS } from './lazyScreen';
import { navigation } from './navigation';
import { plainAddressTitle } from './pageTitles';
import { useSessionActor } from './RootActors';
import { Splash } from './Splash';

export function AppPages() {
  const view = useSyncExternalStore(navigation.subscribe, navigation.view);
  switch (view.kind) {
    case 'router':
      return <view.Pages />;
    case 'signIn':
      return <FirstSignIn />;
    case 'failed':
      return <RouterCodeMissing />;
    case 'loading':
      return <Splash />;
  }
}

/** What a student does first on the form (a tap, a key, the focus): the moment to fetch what follows sign-in. */
const INTENT_EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * /login before the router: the sign-in form as the route table shows it to a visitor (src/views/routes.tsx,
 * PublicOnly), its document title, and the router's code fetched once the student starts on the form.
 * Signed in, the router takes over here and sends the student on as it would.
 */
function FirstSignIn() {
  const session = useSessionActor();
  const signedIn = useSelector(session, (s) => s.matches('signedIn'));
  useEffect(() => {
    document.title = plainAddressTitle('/login');
  }, []);
  useEffect(() => {
    const prefetch = () => {
      stop();
      navigation.prefetch();
    };
    const stop = () => INTENT_EVENTS.forEach((type) => document.removeEventListener(type, prefetch, true));
    INTENT_EVENTS.forEach((type) => document.addEventListener(type, prefetch, true));
    return stop;
  }, []);
  useEffect(() => {
    if (signedIn) navigation.openRouter();
  }, [signedIn]);
  // No stored student (navigation.start), so restoring ends signed out: the form shows at once, its
  // button busy until then, rather than the route table's splash.
  return signedIn ? <Splash /> : <SignIn />;
}

/** The router's code did not arrive (the link dropped): tried again when the connection returns, or by Retry. */
function RouterCodeMissing() {
  useEffect(() => {
    const timer = setInterval(navigation.openRouter, SCREEN_AUTO_RETRY_MS);
    window.addEventListener('online', navigation.openRouter);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', navigation.openRouter);
    };
  }, []);
  return (
    <Notice tone="error" title={PAGE_CODE_MISSING.title} action={<Button onClick={navigation.openRouter}>Retry</Button>}>
      {PAGE_CODE_MISSING.message}
    </Notice>
  );
}
