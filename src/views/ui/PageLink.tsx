// A link to an address of the app that works whether or not the router has loaded yet: a plain click
// goes through the app's navigation (src/views/app/navigation.ts provides it, ./pageNavigation.ts, so the
// UI kit does not reach up into the app shell), as the router's Link does, and as the plain-DOM
// sign-in view's links do; a click that opens a new tab or window is left to the browser.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { goToPage } from './pageNavigation';
import { followsInApp } from './plainClick';

export type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

export function PageLink({ to, onClick, target, ...anchor }: PageLinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!followsInApp(event, target)) return;
    event.preventDefault();
    goToPage(to);
  };
  return <a href={to} target={target} onClick={follow} {...anchor} />;
}
