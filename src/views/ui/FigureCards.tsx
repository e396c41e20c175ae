// A row of labelled figures as small cards (the result's statistics, the scoreboard's summary): two
// across on a phone, six on a wide screen. A description list, so a screen reader pairs each label
// with its figure.
export function FigureCards({ items, label }: { items: [label: string, value: string][]; label: string }) {
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6" aria-label={label}>
      {items.map(([term, value]) => (
        <div key={term} className="rounded-lg border border-slate-200 bg-white p-3 text-center">
          <dt className="text-xs font-medium text-slate-600">{term}</dt>
          <dd className="mt-1 text-lg font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
