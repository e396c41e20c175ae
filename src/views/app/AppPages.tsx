// The page React renders under the root actors: the router's pages, or the splash and the failure
// before them (src/views/app/navigation.ts decides which). A visitor's first sign-in screen is plain DOM
// outside React (firstSignIn.ts), so React renders nothing in its place.
import { useEffect, useSyncExternalStore } from 'react';
import { PAGE_CODE_MISSING } from '../../domain/messages';
import { Button } from '../ui/Button';
import { Notice } from '../ui/Notice';
import { SCREEN_AUTO_RETRY_MS } from './codeDownload';
import { navigation } from './navigation';
import { Splash } from './Splash';

export function AppPages() {
  const view = useSyncExternalStore(navigation.subscribe, navigation.view);
  switch (view.kind) {
    case 'router':
      return <view.Pages />;
    case 'signIn':
      return null;
    case 'failed':
      return <RouterCodeMissing />;
    case 'loading':
      return <Splash />;
  }
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
