// The router and its route table: loaded on demand (src/views/app/navigation.ts), so the first
// sign-in screen of a visitor does not wait for react-router and the other screens' entries.
import { useEffect } from 'react';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { appRoutes } from './routes';
import { CoursesScreen, Shell } from './screens';
import type { AppRouter } from '../app/navigation';

/** Makes the router at the address the page is at; `afterFirstRender` runs once its pages have rendered. */
export function createAppRouter(afterFirstRender: () => void): AppRouter {
  const router = createBrowserRouter(appRoutes);
  function Pages() {
    useEffect(afterFirstRender, []);
    return <RouterProvider router={router} />;
  }
  return { Pages, navigate: (to, options) => void router.navigate(to, options) };
}

/**
 * Fetches what a student sees right after signing in: the shell and the course list, and the code the
 * shell loads as it starts (the notification drawer, the toasts, the offline worker's registration, the
 * realtime client). Fetched while the student types, so on a slow link the course list's request does
 * not share the link with 53 KB of code after the press (docs/performance.md, "The first visit on a
 * slow phone").
 */
export function preloadSignedInStart(): void {
  void Promise.all([
    Shell.preload(), CoursesScreen.preload(),
    import('../app/NotificationDrawer'), import('../ui/ToastStack'), import('../app/appWorker'), import('socket.io-client'),
  ]).catch(() => undefined);
}
