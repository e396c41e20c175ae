// The React part of the app, loaded apart from the entry (reactAppBoot.ts): the pages (the router's,
// or the wait and the failure before it; AppPages) and the toasts, under the root actors the entry
// started.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppPages } from './AppPages';
import { RootActorsProvider } from './RootActors';
import { Toaster } from '../ui/Toaster';

export function renderReactApp(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <RootActorsProvider>
        <AppPages />
        <Toaster />
      </RootActorsProvider>
    </StrictMode>,
  );
}
