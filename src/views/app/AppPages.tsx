// The page React renders under the root actors: the router's pages, or the splash and the failure
// before them (src/views/app/navigation.ts decides which). A visitor's first sign-in screen is plain DOM
// outside React (firstSignIn.ts), so React renders nothing in its place.
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { showCodeMissingNotice } from './codeMissingNotice';
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

/** The router's code did not arrive (the link dropped): the one notice of code that failed (codeMissingNotice.ts). */
function RouterCodeMissing() {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => showCodeMissingNotice((notice) => host.current!.append(notice), navigation.openRouter), []);
  return <div ref={host} />;
}
