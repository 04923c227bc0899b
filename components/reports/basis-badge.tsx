import type { Basis } from "@/lib/reports/report-view-schemas";

const EXPLAIN: Record<Basis, string> = {
  observed: "Observed: read directly from the store",
  derived: "Derived: computed from data read from the store",
  estimated: "Estimated: modelled, with uncertainty",
};

const STYLE: Record<Basis, string> = {
  observed: "text-slate-500 ring-slate-200",
  derived: "text-sky-700 ring-sky-200",
  estimated: "text-amber-700 ring-amber-200",
};

/** A small, quiet label of where a value comes from (docs/decisions.md §6.7: every value carries its basis). */
export function BasisBadge({ basis }: { basis: Basis }) {
  return (
    <span
      title={EXPLAIN[basis]}
      className={`inline-flex shrink-0 items-center rounded-full px-1.5 text-[10px] font-medium uppercase leading-4 tracking-wide ring-1 ring-inset ${STYLE[basis]}`}
    >
      <span aria-hidden="true">{basis}</span>
      <span className="sr-only">({EXPLAIN[basis]})</span>
    </span>
  );
}
