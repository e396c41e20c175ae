// Place once near the root: shows the toast stack as soon as the toast library has been fetched
// (see loadToasts in toast.ts), and nothing before.
import { useEffect, useState, type ComponentType } from 'react';
import { watchToastsLoaded } from './toast';

export function Toaster() {
  const [Stack, setStack] = useState<ComponentType | null>(null);
  useEffect(() => watchToastsLoaded((loaded) => setStack(() => loaded.ToastStack)), []);
  return Stack ? <Stack /> : null;
}
