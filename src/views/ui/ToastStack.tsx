// The toasts on screen (sonner): top centre, newest first, up to five at once, each with a Dismiss
// button (swipe on a phone). Colours are the library's "rich" ones with darker text, so every kind
// reads at 4.5:1. Fetched by toast.ts (loadToasts) and shown by Toaster.
import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster } from 'sonner';

export { toast } from 'sonner';

const TOAST_DURATION_MS = 4500;

const READABLE_COLOURS = {
  '--success-text': '#065f46',
  '--info-text': '#075985',
  '--warning-text': '#92400e',
  '--error-text': '#991b1b',
} as CSSProperties;

export function ToastStack() {
  return (
    <SonnerToaster
      position="top-center"
      richColors
      closeButton
      expand
      visibleToasts={5}
      duration={TOAST_DURATION_MS}
      // Below the signed-in top bar and its offline banner where there is one (--toasts-top, Shell.tsx).
      offset={{ top: 'var(--toasts-top, 24px)' }}
      mobileOffset={{ top: 'var(--toasts-top, 16px)' }}
      containerAriaLabel="Messages"
      style={READABLE_COLOURS}
      toastOptions={{ closeButtonAriaLabel: 'Dismiss', style: { fontSize: '14px' } }}
    />
  );
}
