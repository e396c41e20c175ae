// Every address has its own document title (the tab, the history list and a screen reader's first words),
// and after each navigation keyboard focus moves to the new page's heading, as a full page load would
// start reading there, unless a dialog that opened with the page holds the focus.
import { useEffect, useRef } from 'react';
import { matchPath, useLocation } from 'react-router-dom';
import { PAGE_TITLES, documentTitleOf } from './pageTitles';
import { leaveScreens } from '../ui/toast';

/** The document title of an address; an unknown one is the page that does not exist. */
function documentTitle(pathname: string): string {
  const found = PAGE_TITLES.find(([pattern]) => matchPath(pattern, pathname));
  return documentTitleOf(found ? found[1] : 'Page not found');
}

/**
 * A screen that shows one named thing (a course) titles the tab by it once it is known ('MBBS Admission
 * 2026 · Medical Academy'), instead of its address's general title; null keeps the address's title.
 */
export function useScreenTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = documentTitleOf(title);
  }, [title]);
}

/** How long a new page's heading is waited for (its data may still be loading). */
const HEADING_WAIT_MS = 5_000;

export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    document.title = documentTitle(pathname);
    leaveScreens(pathname);
    if (first.current) {
      first.current = false;
      return;
    }
    return focusHeadingWhenShown();
  }, [pathname]);
  return null;
}

export function focusHeadingWhenShown(): () => void {
  const tryFocus = (): boolean => {
    const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
    if (!heading) return false;
    if (document.querySelector('[role="dialog"]')) return true;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) stop();
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * A dialog that opened with its page (no control opened it) gives the focus back to nothing when it
 * closes: once it has gone (a few frames at most), the page's heading takes it.
 */
export function focusHeadingAfterDialog(framesLeft = 60): void {
  if (document.querySelector('[role="dialog"]') && framesLeft > 0) {
    requestAnimationFrame(() => focusHeadingAfterDialog(framesLeft - 1));
    return;
  }
  focusHeadingWhenShown();
}
