// The app's code could not be downloaded: one notice for every place it can happen, in plain DOM so it
// needs nothing that might itself have failed to arrive. With Retry, it tries again by itself every few
// seconds and when the connection returns. React's page mounts it too (AppPages, RouterCodeMissing);
// before React, the entry shows it when the app's start could not be fetched (src/main.ts) and the
// navigation when the router's code could not (showCodeMissingWithoutReact).
import { PAGE_CODE_MISSING } from '../../domain/messages';
import { SCREEN_AUTO_RETRY_MS } from './codeDownload';
import { buttonClass, noticeClasses } from '../ui/looks';

/**
 * Builds the notice, hands it to `place` to put on the page, and calls `retry` at Retry, every
 * SCREEN_AUTO_RETRY_MS and when the device is back online. Returns the removal (the notice and its timers).
 */
export function showCodeMissingNotice(place: (notice: HTMLElement) => void, retry: () => void): () => void {
  const look = noticeClasses('error');
  const notice = document.createElement('div');
  notice.setAttribute('role', 'alert');
  notice.className = `${look.frame} mx-auto my-8`;
  const title = document.createElement('p');
  title.className = look.title;
  title.textContent = PAGE_CODE_MISSING.title;
  const message = document.createElement('p');
  message.className = look.message;
  message.textContent = PAGE_CODE_MISSING.message;
  const actions = document.createElement('div');
  actions.className = look.actions;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = buttonClass();
  button.textContent = 'Retry';
  actions.append(button);
  notice.append(title, message, actions);
  place(notice);

  const timer = setInterval(retry, SCREEN_AUTO_RETRY_MS);
  button.addEventListener('click', retry);
  window.addEventListener('online', retry);
  return () => {
    clearInterval(timer);
    window.removeEventListener('online', retry);
    notice.remove();
  };
}

/** What the notice without React needs of the navigation (src/views/app/navigation.ts): Retry, and word of the next view. */
export interface RetryingNavigation {
  openRouter(): void;
  subscribe(listener: () => void): () => void;
  view(): { kind: string };
}

/** The router's code failed and React is not there (React's own code is what failed): the notice in #root. */
export function showCodeMissingWithoutReact(navigation: RetryingNavigation): void {
  const root = document.getElementById('root');
  if (!root || root.childElementCount > 0) return;
  const remove = showCodeMissingNotice((notice) => root.append(notice), navigation.openRouter);
  // Gone as soon as the download is tried again: React's splash, or this notice again, follows.
  const stop = navigation.subscribe(() => {
    if (navigation.view().kind === 'failed') return;
    stop();
    remove();
  });
}
