// Toasts: short messages stacked at the top of the screen, callable from anywhere (views, machine
// actions, services) because the queue lives outside React.
import { useSyncExternalStore } from 'react';

export type ToastKind = 'success' | 'error' | 'warning' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  description?: string;
}

const DEFAULT_DURATION_MS = 4500;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function show(kind: ToastKind, title: string, description?: string, durationMs = DEFAULT_DURATION_MS): number {
  const id = nextId++;
  toasts = [...toasts, { id, kind, title, description }].slice(-5);
  emit();
  if (durationMs > 0) setTimeout(() => dismissToast(id), durationMs);
  return id;
}

export function dismissToast(id: number): void {
  const before = toasts.length;
  toasts = toasts.filter((t) => t.id !== id);
  if (toasts.length !== before) emit();
}

/** `toast.error('Title', 'optional description', 10_000)`; returns the toast id for dismissToast. */
export const toast = {
  success: (title: string, description?: string, durationMs?: number) => show('success', title, description, durationMs),
  error: (title: string, description?: string, durationMs?: number) => show('error', title, description, durationMs),
  warning: (title: string, description?: string, durationMs?: number) => show('warning', title, description, durationMs),
  info: (title: string, description?: string, durationMs?: number) => show('info', title, description, durationMs),
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const kindStyle: Record<ToastKind, string> = {
  success: 'border-emerald-500 bg-emerald-50 text-emerald-900',
  error: 'border-red-500 bg-red-50 text-red-900',
  warning: 'border-amber-500 bg-amber-50 text-amber-900',
  info: 'border-sky-500 bg-sky-50 text-sky-900',
};

/** Render once near the root. Errors are announced assertively, the rest politely. */
export function Toaster() {
  const current = useSyncExternalStore(subscribe, () => toasts, () => toasts);
  return (
    <div className="pointer-events-none fixed inset-x-0 top-2 z-[100] flex flex-col items-center gap-2 px-2">
      {current.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' || t.kind === 'warning' ? 'alert' : 'status'}
          data-toast={t.kind}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-2 rounded-lg border-l-4 p-3 shadow-lg ${kindStyle[t.kind]}`}
        >
          <div className="min-w-0 flex-1">
            <p className="font-semibold">{t.title}</p>
            {t.description && <p className="mt-0.5 text-sm">{t.description}</p>}
          </div>
          <button type="button" onClick={() => dismissToast(t.id)} className="-my-1 flex h-8 w-8 shrink-0 items-center justify-center rounded text-lg leading-none opacity-70 hover:opacity-100" aria-label="Dismiss">
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
