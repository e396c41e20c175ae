// Starts the service worker (built by Workbox, see vite.config.ts) in production builds only, once a
// student is signed in (the shell calls it) and the page has loaded: the sign-in screen neither
// carries the registration nor shares a slow link with the precache's download, and a signed-in
// student's phone holds the offline app before any exam opens. The registration and the update
// prompt come in their own small chunk (./appWorker).
let started = false;

export function registerAppWorker(): void {
  if (started || !import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  started = true;
  // A chunk that cannot be fetched (offline on a first visit) is tried at the next visit.
  const start = () => void import('./appWorker').then(({ startAppWorker }) => startAppWorker(), () => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
