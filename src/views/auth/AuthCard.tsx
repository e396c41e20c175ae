// The frame and the text field shared by the registration and password screens; the sign-in screen
// (a plain-DOM view, src/views/auth/signInView.ts) writes the same look from the same classes (looks.ts).
import type { InputHTMLAttributes, ReactNode } from 'react';
import { AUTH_CARD_CLASSES, TEXT_FIELD_CLASSES, textInputClass } from '../ui/looks';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className={AUTH_CARD_CLASSES.page}>
      <img src="/logo.svg" alt="Medical Academy" width={56} height={56} className={AUTH_CARD_CLASSES.logo} />
      <div className={AUTH_CARD_CLASSES.card}>
        <h1 className={AUTH_CARD_CLASSES.title}>{title}</h1>
        {subtitle && <p className={AUTH_CARD_CLASSES.subtitle}>{subtitle}</p>}
        <div className={AUTH_CARD_CLASSES.body}>{children}</div>
      </div>
    </div>
  );
}

export function TextField({ id, label, error, ...input }: { id: string; label: string; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={TEXT_FIELD_CLASSES.field}>
      <label htmlFor={id} className={TEXT_FIELD_CLASSES.label}>
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={textInputClass(Boolean(error))}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className={TEXT_FIELD_CLASSES.problem}>
          {error}
        </p>
      )}
    </div>
  );
}
