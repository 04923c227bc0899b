/** A section of the report the navigation links to, in the order the page shows them. */
export type ReportSectionLink = { id: string; label: string };

/**
 * The report's section links, kept in reach while reading: the bar sticks to the top of the
 * window on every width (a phone scrolls it sideways, the fade at its edge says there is more),
 * and its first link goes back to the top. Plain links, no script: it works before hydration.
 */
export function ReportNav({ sections, topId }: { sections: ReportSectionLink[]; topId: string }) {
  return (
    <nav
      aria-label="Report sections"
      className="sticky top-0 z-20 -mx-4 border-y border-slate-200 bg-white/95 backdrop-blur sm:mx-0 sm:rounded-xl sm:border-0 sm:ring-1 sm:ring-slate-200"
    >
      <div className="relative">
        <ul className="flex gap-1 overflow-x-auto px-3 py-2 text-sm [scrollbar-width:none]">
          <li>
            <a
              href={`#${topId}`}
              className="inline-block whitespace-nowrap rounded-md px-2.5 py-1 font-medium text-indigo-700 hover:bg-indigo-50"
            >
              <span aria-hidden="true">↑ </span>Top
            </a>
          </li>
          {sections.map(({ id, label }) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-block whitespace-nowrap rounded-md px-2.5 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                {label}
              </a>
            </li>
          ))}
        </ul>
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 right-0 w-8 bg-gradient-to-l from-white to-transparent sm:rounded-r-xl"
        />
      </div>
    </nav>
  );
}
