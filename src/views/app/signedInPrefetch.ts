// What follows sign-in, fetched as one flat set while the student types on the first sign-in screen.
// The build writes the files into the page (vite.config.ts, SIGNED_IN_START): React's part of the app,
// the router, the shell with what it loads as it starts, and My Courses, each with what it imports. On a
// slow phone, following the imports instead costs a round trip per step (React's part, then the router,
// then the screens: 6 s on Slow 3G). The files are asked for at low priority, so the sign-in's own
// request, asked for at high priority, goes ahead of them (docs/performance.md, "The first visit on a
// slow phone"). A page without the list (the development server) fetches by import only.

/** The name of the meta element whose content is the files, separated by spaces. */
export const SIGNED_IN_START_META = 'signed-in-start';

let asked = false;

/** Asks for every file of the signed-in start at once, as module preloads of low priority; once per page. */
export function prefetchSignedInStart(): void {
  if (asked) return;
  asked = true;
  const files = document.querySelector(`meta[name="${SIGNED_IN_START_META}"]`)?.getAttribute('content')?.split(' ').filter(Boolean) ?? [];
  for (const file of files) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = 'anonymous';
    link.setAttribute('fetchpriority', 'low');
    link.href = file;
    document.head.append(link);
  }
}
