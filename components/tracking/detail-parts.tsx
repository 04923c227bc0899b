/** The small building blocks of a tracked store's page. */
export function Section({ title, children, testId, id }: { title: string; children: React.ReactNode; testId?: string; id?: string }) {
  return (
    <section className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-5" data-testid={testId} id={id}>
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Failure({ error }: { error: Error }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      {error.message}
    </p>
  );
}

/** The header row of the page's small data tables. */
export function ColumnHeads({ labels }: { labels: string[] }) {
  return (
    <thead className="text-slate-500">
      <tr>
        {labels.map((label) => (
          <th key={label} scope="col" className="py-1 pr-2 font-medium">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

/** Where a figure comes from, in one line under it. */
export function Basis({ children, testId }: { children: React.ReactNode; testId?: string }) {
  return (
    <p className="mt-0.5 text-xs text-slate-500" data-testid={testId}>
      {children}
    </p>
  );
}
