// Toasts: short messages at the top of the screen that screens, and the actions they provide to
// statecharts, raise (statecharts never call this themselves). A failure becomes a toast in one way,
// showFailure, with the words of domain/messages.failureWords.
//
// The toast library is not part of the sign-in screen's code: it is fetched with the first toast or
// when the shell shows after sign-in (loadToasts), so it is on the device before an exam can go
// offline. A toast raised while it arrives shows once it is there. The stack is a React component: on
// a visitor's first sign-in screen, which is plain DOM, a toast boots the React app too (a refused
// sign-in's warning must show).
import { failureWords } from '../../domain/messages';

type ToastModule = typeof import('./ToastStack');
type Kind = 'success' | 'info' | 'warning' | 'error';

let loading: Promise<ToastModule> | null = null;
let loaded: ToastModule | null = null;
const watchers = new Set<(module: ToastModule) => void>();

/** Fetches the toast library once; a fetch that failed (offline) is tried again on the next call. */
export function loadToasts(): Promise<ToastModule> {
  loading ??= import('./ToastStack').then(
    (module) => {
      loaded = module;
      watchers.forEach((watcher) => watcher(module));
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Calls `watcher` with the library once it is there (at once if it already is). */
export function watchToastsLoaded(watcher: (module: ToastModule) => void): () => void {
  watchers.add(watcher);
  if (loaded) watcher(loaded);
  return () => watchers.delete(watcher);
}

/**
 * Starts the React app, whose Toaster shows the stack. The app's start provides it
 * (src/views/app/reactAppBoot.ts, setToasterStart): the UI kit does not reach up into the app shell.
 */
let startToaster: () => Promise<void> = () => Promise.reject(new Error('No toaster start was provided (src/views/app/reactAppBoot.ts)'));

export function setToasterStart(start: () => Promise<void>): void {
  startToaster = start;
}

/** A failed fetch leaves the toast unshown, as without the library. */
function bootToaster(): void {
  startToaster().catch(() => console.warn('The app could not be started to show a toast'));
}

/**
 * Warnings and errors belong to the screen (the address) they are shown on: leaving it takes them
 * away, so a refused sign-in's warning does not ride onto My Courses. Successes and notes tell the
 * outcome of what led to the next screen ('Answer submitted successfully!' over the result) and travel;
 * so does a warning raised with `travels` (the session ended: said on the way to the sign-in screen).
 */
const screenToasts = new Map<string | number, string>();
const currentScreen = (): string => (typeof window === 'undefined' ? '' : window.location.pathname);

/** Called on every change of address: dismisses the toasts of the screens left behind. */
export function leaveScreens(pathname: string = currentScreen()): void {
  if (screenToasts.size === 0 || !loaded) return;
  for (const [id, screen] of screenToasts) {
    if (screen === pathname) continue;
    screenToasts.delete(id);
    loaded.toast.dismiss(id);
  }
}

function show(kind: Kind, title: string, description?: string, durationMs?: number, travels = kind === 'success' || kind === 'info'): void {
  bootToaster();
  // Every call waits for the same fetch, so toasts show in the order they were raised.
  loadToasts().then(
    ({ toast }) => {
      // Bound to the address as it is once the raising step is over: a flow that moves itself on with
      // its error (a wrong code sends the reset back to the code screen) keeps the error on its new screen.
      const screen = currentScreen();
      const id = toast[kind](title, {
        description,
        duration: durationMs,
        onDismiss: (t) => screenToasts.delete(t.id),
        onAutoClose: (t) => screenToasts.delete(t.id),
      });
      if (!travels) screenToasts.set(id, screen);
    },
    () => console.warn(`A toast could not be shown (toast library unavailable): ${title}`),
  );
}

/** Options of one toast: `travels` keeps a warning or error on screen past a change of address. */
export interface ToastOptions {
  travels?: boolean;
}

/** `toast.success('Title', 'optional description', 10_000)`. */
export const toast = {
  success: (title: string, description?: string, durationMs?: number) => show('success', title, description, durationMs),
  info: (title: string, description?: string, durationMs?: number) => show('info', title, description, durationMs),
  warning: (title: string, description?: string, durationMs?: number, options: ToastOptions = {}) => show('warning', title, description, durationMs, options.travels),
  error: (title: string, description?: string, durationMs?: number, options: ToastOptions = {}) => show('error', title, description, durationMs, options.travels),
};

/**
 * A calm message that stays until the student acts on it or dismisses it, with one action (the
 * update prompt's Reload). `chosen` resolves when the action is pressed; `withdraw` takes it away.
 */
export function promptToast(title: string, description: string, actionLabel: string): { chosen: Promise<void>; withdraw(): void } {
  const id = `prompt-${title}`;
  let choose = () => {};
  const chosen = new Promise<void>((resolve) => (choose = resolve));
  bootToaster();
  loadToasts().then(
    ({ toast: library }) =>
      library.info(title, {
        id,
        description,
        duration: Number.POSITIVE_INFINITY,
        action: { label: actionLabel, onClick: () => choose() },
        classNames: { actionButton: 'min-h-10 min-w-10 px-3' },
      }),
    () => console.warn(`A prompt could not be shown (toast library unavailable): ${title}`),
  );
  return { chosen, withdraw: () => void loadToasts().then(({ toast: library }) => library.dismiss(id), () => undefined) };
}

/**
 * The spec's toast for a failed request: its title, its message beneath when it says more, or
 * 'Unhandled exception'. An error toast; with `titleOnlyAsWarning` (the sign-in rule: "errors.message
 * as an error, or errors.title as a warning") a failure that brings only a title is a warning.
 */
export function showFailure(error: unknown, { titleOnlyAsWarning = false }: { titleOnlyAsWarning?: boolean } = {}): void {
  const { title, description } = failureWords(error);
  if (titleOnlyAsWarning && !description) toast.warning(title);
  else toast.error(title, description);
}
