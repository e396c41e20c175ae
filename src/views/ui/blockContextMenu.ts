// Right-click is blocked on the video and Q&A pages (spec §2): the page's menu (save image, copy
// address) is not one click away while the screen shows.
import { useEffect } from 'react';

/** Blocks the context menu anywhere on the page while the calling screen is shown. */
export function useBlockedContextMenu(): void {
  useEffect(() => {
    const block = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('contextmenu', block);
    return () => document.removeEventListener('contextmenu', block);
  }, []);
}
