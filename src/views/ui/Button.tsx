// The app's one button. Four looks (primary, secondary, danger, quiet), a target of at least 40 px for
// a thumb, and a disabled look that stays readable (slate-600 on slate-200, contrast 6:1) instead of
// fading the words away. ButtonLink gives a link the same look.
import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

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

export interface ButtonProps extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {
  /** Work under way: a spinner shows, the button is disabled and says it is busy. */
  busy?: boolean;
}

export function Button({ variant, size, block, busy = false, disabled, type = 'button', className = '', children, ...rest }: ButtonProps) {
  return (
    <button type={type} disabled={disabled || busy} aria-busy={busy || undefined} className={`${buttonClass({ variant, size, block })} ${className}`} {...rest}>
      {busy && <Spinner size="sm" />}
      {children}
    </button>
  );
}
