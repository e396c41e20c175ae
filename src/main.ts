// The entry: small, so that it never stands between a slow phone and the page's first paint. Once the
// page has been drawn it fetches the app's start (appBoot.ts; the page asks for that code at once, as a
// module preload written at build, vite.config.ts), with the patience of every download over a phone
// link; if the code cannot be had, the notice says so and tries again.
import { loadWithRetry } from './views/app/codeDownload';
import { showCodeMissingNotice } from './views/app/codeMissingNotice';
import { afterFirstPaint } from './views/app/firstPaint';
import './index.css';

function start(): void {
  loadWithRetry(() => import('./views/start/appBoot')).then(
    ({ bootApp }) => bootApp(),
    () => {
      const remove = showCodeMissingNotice(
        (notice) => document.body.prepend(notice),
        () => {
          remove();
          start();
        },
      );
    },
  );
}

void afterFirstPaint().then(start);
