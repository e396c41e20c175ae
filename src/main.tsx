// Boots the app: the root actors (session, connection), the pages (the first sign-in screen of a
// visitor, or the router with its guards; src/views/app/navigation.ts) and the toasts. The service worker
// that keeps the app and a running exam usable offline starts with the signed-in shell (appWorkerStart.ts).
// In development, `localStorage.inspect = 'true'` opens the Stately inspector for the root actors.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigation } from './views/app/navigation';
import { AppPages } from './views/app/AppPages';
import { RootActorsProvider } from './views/app/RootActors';
import { Toaster } from './views/ui/Toaster';
import './index.css';

async function boot() {
  navigation.start();
  const inspector =
    import.meta.env.DEV && localStorage.getItem('inspect') === 'true' ? (await import('@statelyai/inspect')).createBrowserInspector() : null;

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RootActorsProvider navigate={(to) => navigation.go(to, { replace: true })} inspect={inspector?.inspect}>
        <AppPages />
        <Toaster />
      </RootActorsProvider>
    </StrictMode>,
  );
}

void boot();
