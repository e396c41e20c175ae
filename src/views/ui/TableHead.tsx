// The head row of a data table: one column header per name, on a grey band (or, for paper, in the
// cells' own frame given by `cellClass`).
export function TableHead({ columns, cellClass = 'px-3 py-2', band = true }: { columns: readonly string[]; cellClass?: string; band?: boolean }) {
  return (
    <thead className={band ? 'bg-slate-100 text-slate-700' : undefined}>
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={`${cellClass} font-semibold`}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
