// The app's one button. Four looks (primary, secondary, danger, quiet), a target of at least 40 px for
// a thumb, and a disabled look that stays readable (slate-600 on slate-200, contrast 6:1) instead of
// fading the words away. ButtonLink gives a link the same look. The classes live in looks.ts, which the
// plain-DOM sign-in view shares.
import type { ButtonHTMLAttributes, Ref } from 'react';
import { Spinner } from './Spinner';
import { buttonClass, type ButtonLook } from './looks';

export interface ButtonProps extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {
  /** Work under way: a spinner shows, the button is disabled and says it is busy. */
  busy?: boolean;
  /** The button element (React 19 passes a ref as a prop): a dialog focuses it first. */
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ variant, size, block, busy = false, disabled, type = 'button', className = '', children, ...rest }: ButtonProps) {
  return (
    <button type={type} disabled={disabled || busy} aria-busy={busy || undefined} className={`${buttonClass({ variant, size, block })} ${className}`} {...rest}>
      {busy && <Spinner size="sm" />}
      {children}
    </button>
  );
}
