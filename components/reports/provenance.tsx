/**
 * Where the report's values come from, said once (docs/decisions.md §6.7: every value carries
 * its basis). The store details are grouped by basis, and the values that need more words
 * than their group's heading have an explanation to open (ProvenanceInfo).
 */
export function ProvenanceLegend() {
  return (
    <p className="text-xs text-slate-500">
      <span className="font-medium text-slate-600">Where the figures come from:</span>{" "}
      <strong className="font-medium text-slate-700">observed</strong> values are read directly from the store&apos;s public data;{" "}
      <strong className="font-medium text-slate-700">derived</strong> ones, such as these counts, are worked out by StoreLens from what it
      read. Select <span aria-hidden="true">“i”</span>
      <span className="sr-only">“How … was obtained”</span> beside a value to see how it was obtained.
    </p>
  );
}

/** How one value was obtained, shown when asked for: a disclosure, silent until opened. */
export function ProvenanceInfo({ label, how }: { label: string; how: string }) {
  return (
    <details className="group inline">
      <summary
        aria-label={`How “${label}” was obtained`}
        className="ml-1 inline-flex h-5 w-5 cursor-pointer list-none items-center justify-center rounded-full text-[11px] leading-none text-slate-400 ring-1 ring-slate-300 hover:text-indigo-700 hover:ring-indigo-300 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-500 [&::-webkit-details-marker]:hidden"
      >
        <span aria-hidden="true">i</span>
      </summary>
      <span className="mt-1 block rounded bg-slate-50 px-2 py-1 text-xs text-slate-600 ring-1 ring-slate-200">{how}</span>
    </details>
  );
}
