// An inline message in place of content that is not there: an empty list, a batch still to join, a
// failed load. `error` notices are alerts and usually carry a retry action.
import type { ReactNode } from 'react';

export function Notice({ tone = 'info', title, children, action, className = 'mx-auto my-8' }: { tone?: 'info' | 'error'; title?: ReactNode; children?: ReactNode; action?: ReactNode; className?: string }) {
  const frame = tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-slate-200 bg-white text-slate-700';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`max-w-xl rounded-xl border p-5 text-center sm:p-6 ${frame} ${className}`}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <p className={title ? `mt-1 text-sm ${tone === 'error' ? 'text-red-700' : 'text-slate-600'}` : ''}>{children}</p>}
      {action && <div className="mt-4 flex justify-center gap-2">{action}</div>}
    </div>
  );
}
