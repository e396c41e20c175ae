// The UI kit's class strings, without React: the kit's components (Button, ButtonLink, the small
// Spinner, AuthCard and its TextField) and the plain-DOM sign-in view (src/views/auth/signInView.ts),
// which shows before React has loaded, take their look from here, so the two cannot drift apart.
// Tailwind reads .ts files too, so every class written here is in the stylesheet.

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet';
export type ButtonSize = 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  /** md: text-sm, 40 px high (dialogs, cards, toolbars); lg: text-base, 44 px (forms, the exam footer). */
  size?: ButtonSize;
  /** Takes the whole width of its row (forms on phones). */
  block?: boolean;
}

const VARIANTS: Record<ButtonVariant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-200 disabled:text-slate-600',
  secondary: 'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-100 disabled:bg-slate-200 disabled:text-slate-600 disabled:ring-0',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-200 disabled:text-slate-600',
  quiet: 'bg-transparent text-brand-800 hover:bg-brand-50 disabled:bg-transparent disabled:text-slate-600',
};

const SIZES: Record<ButtonSize, string> = {
  md: 'min-h-10 px-4 py-2 text-sm',
  lg: 'min-h-11 px-5 py-2.5 text-base',
};

/** The classes of the look, for elements that must stay what they are (a router link, a file label). */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonLook = {}): string {
  return [
    'inline-flex items-center justify-center gap-2 rounded-lg text-center font-semibold transition-colors disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    block ? 'w-full' : '',
  ].join(' ');
}

/** The turning ring inside a busy button (decoration: the button itself says it is busy). */
export const BUTTON_SPINNER_CLASS = 'h-4 w-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent';

/** The frame of the sign-in, registration and password screens. */
export const AUTH_CARD_CLASSES = {
  page: 'flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-8',
  logo: 'h-14 w-14',
  card: 'mt-4 w-full max-w-sm rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200',
  title: 'text-xl font-semibold text-slate-900',
  subtitle: 'mt-1 text-sm text-slate-600',
  body: 'mt-5',
} as const;

/** A labelled text field of those screens, with its problem beneath. */
export const TEXT_FIELD_CLASSES = {
  field: 'mb-4',
  label: 'mb-1 block text-sm font-medium text-slate-700',
  problem: 'mt-1 text-sm text-red-700',
} as const;

/** The input's classes: a red border while it has a problem. */
export function textInputClass(hasProblem: boolean): string {
  return `block w-full rounded-lg border px-3 py-2.5 text-base outline-none focus:ring-2 focus:ring-brand-500 ${hasProblem ? 'border-red-500' : 'border-slate-300'}`;
}

export type NoticeTone = 'info' | 'error';

/** An inline message in place of content that is not there (the Notice component, and the plain notice when React's code is missing). */
export function noticeClasses(tone: NoticeTone): { frame: string; title: string; message: string; actions: string } {
  return {
    frame: `max-w-xl rounded-xl border p-5 text-center sm:p-6 ${tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-slate-200 bg-white text-slate-700'}`,
    title: 'font-semibold',
    message: `mt-1 text-sm ${tone === 'error' ? 'text-red-700' : 'text-slate-600'}`,
    actions: 'mt-4 flex justify-center gap-2',
  };
}
