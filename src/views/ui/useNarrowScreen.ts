// Whether the screen is phone-narrow (below 640 px, Tailwind's `sm`): wide tables become a card a row there.
// One element tree at a time (not both hidden by CSS), so a link or a button exists once for a screen reader.
import { useSyncExternalStore } from 'react';

const NARROW = '(max-width: 639.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches, () => false);
}
