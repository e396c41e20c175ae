// The app's code could not be downloaded and React is not there to say so (React's own code is what
// failed): the same notice as React's (AppPages, RouterCodeMissing) in plain DOM, with Retry, tried
// again by itself when the connection returns and every few seconds.
import { PAGE_CODE_MISSING } from '../../domain/messages';
import { SCREEN_AUTO_RETRY_MS } from './codeDownload';
import { buttonClass, noticeClasses } from '../ui/looks';
import type { Navigation } from './navigation';

export function showCodeMissingWithoutReact(navigation: Navigation): void {
  const root = document.getElementById('root');
  if (!root || root.childElementCount > 0) return;
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
  const retry = document.createElement('button');
  retry.type = 'button';
  retry.className = buttonClass();
  retry.textContent = 'Retry';
  actions.append(retry);
  notice.append(title, message, actions);
  root.append(notice);

  const timer = setInterval(navigation.openRouter, SCREEN_AUTO_RETRY_MS);
  retry.addEventListener('click', navigation.openRouter);
  window.addEventListener('online', navigation.openRouter);
  // Gone as soon as the download is tried again: React's splash, or this notice again, follows.
  const stop = navigation.subscribe(() => {
    if (navigation.view().kind === 'failed') return;
    stop();
    clearInterval(timer);
    window.removeEventListener('online', navigation.openRouter);
    notice.remove();
  });
}
