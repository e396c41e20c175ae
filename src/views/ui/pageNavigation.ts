// How the UI kit's links (PageLink) go to an address of the app: through the app's navigation, which
// the app provides at its start (src/views/app/navigation.ts), so the kit does not reach up into the
// app shell. Plain TypeScript, no React: the app's first screen imports it.

/** A page load until the app has provided its navigation. */
let navigate: (to: string) => void = (to) => window.location.assign(to);

export function setPageNavigation(go: (to: string) => void): void {
  navigate = go;
}

export const goToPage = (to: string): void => navigate(to);
