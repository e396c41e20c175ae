// The frame and the text field shared by the sign-in, registration and password screens.
import type { InputHTMLAttributes, ReactNode } from 'react';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-brand-50 to-slate-50 px-4 py-8">
      <img src="/logo.svg" alt="Medical Academy" width={56} height={56} className="h-14 w-14" />
      <div className="mt-4 w-full max-w-sm rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
        <div className="mt-5">{children}</div>
      </div>
    </div>
  );
}

export function TextField({ id, label, error, ...input }: { id: string; label: string; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="mb-4">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`block w-full rounded-lg border px-3 py-2.5 text-base outline-none focus:ring-2 focus:ring-brand-500 ${error ? 'border-red-500' : 'border-slate-300'}`}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
