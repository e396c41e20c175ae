// Grey placeholders in the shape of what is loading (video cards, a notes table), so the page keeps its
// layout while it waits instead of a bare "Loading…". One status for screen readers: "Loading".
export function Skeleton({ shape, rows = 3 }: { shape: 'cards' | 'table'; rows?: number }) {
  const bar = 'animate-pulse rounded bg-slate-200';
  return (
    <div role="status" aria-label="Loading" data-testid="skeleton" className="my-4">
      {shape === 'cards' ? (
        <div className="grid grid-cols-1 gap-4 md:grid-cols-3" aria-hidden="true">
          {Array.from({ length: rows }, (_, index) => (
            <div key={index} className="overflow-hidden rounded-xl border border-slate-200 bg-white">
              <div className={`aspect-video w-full ${bar} rounded-none`} />
              <div className="space-y-2 p-4">
                <div className={`h-4 w-3/4 ${bar}`} />
                <div className={`h-3 w-1/2 ${bar}`} />
              </div>
            </div>
          ))}
        </div>
      ) : (
        <div className="space-y-3 rounded-xl border border-slate-200 bg-white p-4" aria-hidden="true">
          {Array.from({ length: rows }, (_, index) => (
            <div key={index} className="flex items-center gap-4">
              <div className={`h-4 w-6 ${bar}`} />
              <div className={`h-4 flex-1 ${bar}`} />
              <div className={`h-4 w-12 ${bar}`} />
              <div className={`h-9 w-24 ${bar}`} />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
