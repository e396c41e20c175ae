// Which clicks on a link of the app the app follows itself (through its navigation, as the router's Link
// does) and which it leaves to the browser: one rule for the React links (PageLink) and the plain-DOM
// sign-in view's links.

/** The parts of a click that decide it (a DOM MouseEvent or React's). */
export interface LinkClick {
  defaultPrevented: boolean;
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
}

/**
 * A plain click, not yet handled, on a link that opens in this tab: the app goes to the address
 * itself. A middle click, a click with a modifier (a new tab or window, a download) or a link with
 * another target is the browser's.
 */
export function followsInApp(click: LinkClick, target?: string | null): boolean {
  if (click.defaultPrevented || click.button !== 0 || click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) return false;
  return !target || target === '_self';
}
