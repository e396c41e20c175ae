// A turning ring. With a label it announces the wait (role status) and may show the words; without
// one (inside a busy button) it is decoration.
import { BUTTON_SPINNER_CLASS } from './looks';

export function Spinner({ label, size = 'lg', showLabel = false, className = 'my-10' }: { label?: string; size?: 'sm' | 'lg'; showLabel?: boolean; className?: string }) {
  if (size === 'sm') return <span className={BUTTON_SPINNER_CLASS} aria-hidden="true" />;
  return (
    <div role="status" aria-label={showLabel ? undefined : label} className={`flex flex-col items-center justify-center gap-3 ${className}`}>
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" aria-hidden="true" />
      {showLabel && label && <span className="text-sm text-slate-600">{label}</span>}
    </div>
  );
}
