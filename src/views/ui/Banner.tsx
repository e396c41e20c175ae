// A full-width strip under the top bar for a state of the whole app (offline), with room for an action.
import type { ReactNode } from 'react';

export function Banner({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div role="status" className="border-t border-amber-200 bg-amber-100 text-amber-900">
      <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-center gap-x-3 gap-y-1 px-3 py-2 text-center text-sm font-medium sm:px-6">
        <p>{children}</p>
        {action}
      </div>
    </div>
  );
}
