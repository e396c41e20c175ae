// Boots the app: the root actors (session, connection), the router with its guards, and the toasts.
// In development, `localStorage.inspect = 'true'` opens the Stately inspector for the root actors.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { appRoutes } from './views/routes';
import { RootActorsProvider } from './views/app/RootActors';
import { Toaster } from './views/ui/Toaster';
import './index.css';

async function boot() {
  const router = createBrowserRouter(appRoutes);
  const inspector =
    import.meta.env.DEV && localStorage.getItem('inspect') === 'true' ? (await import('@statelyai/inspect')).createBrowserInspector() : null;

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RootActorsProvider navigate={(to) => void router.navigate(to, { replace: true })} inspect={inspector?.inspect}>
        <RouterProvider router={router} />
        <Toaster />
      </RootActorsProvider>
    </StrictMode>,
  );
}

void boot();
