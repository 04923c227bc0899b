import Link from "next/link";
import { formatCount } from "@/components/ui/format";
import type { DirectoryFacets, FacetValue } from "@/lib/store-directory/directory-facets";
import { DIRECTORY_SORTS, filterValues, MAX_WITHIN_DAYS, type ListStoresQuery } from "@/lib/store-directory/schemas";
import { countryLabel, currencyLabel, languageLabel } from "@/lib/store-directory/facet-labels";
import { filtersSet, isSegment } from "@/lib/store-directory/segment-url";
import { ApplyOnChange } from "./apply-on-change";

export const SORT_LABELS: Record<(typeof DIRECTORY_SORTS)[number], string> = {
  recent: "Recently analyzed",
  first_analyzed: "Newest in the directory",
  products: "Most products",
  products_asc: "Fewest products",
  price: "Highest median price",
  price_asc: "Lowest median price",
  name: "Name (A–Z)",
};

export type DirectoryView = "cards" | "table";

const field = "w-full min-w-0 rounded-md border border-slate-400 bg-white px-3 py-2 text-sm";
const labelText = "mb-1 block text-xs font-medium text-slate-700";

/** A value in the address that no listed store has any more still shows as chosen, so the form says what is filtered. */
function withSelected(values: FacetValue[], selected: string[] = [], label: (value: string) => string = (value) => value): FacetValue[] {
  const missing = selected.filter((value) => !values.some((v) => v.value === value));

  return [...values, ...missing.map((value) => ({ value, label: label(value), stores: 0 }))];
}

/** One facet: a single choice (a store has one country), or several at once (a multiple select, sent as repeated fields). */
function FacetSelect({
  name,
  label,
  any,
  values,
  selected,
  multiple = false,
  labelOf,
}: {
  name: string;
  label: string;
  any?: string;
  values: FacetValue[];
  selected?: string[];
  multiple?: boolean;
  /** Names a chosen value no listed store has any more (a country code → its name). */
  labelOf?: (value: string) => string;
}) {
  const options = withSelected(values, selected, labelOf);
  if (options.length === 0) return null;

  // min-w-0: a long option must not widen its column past half a phone's width.
  return (
    <div className="min-w-0">
      <label htmlFor={`filter-${name}`} className={labelText}>
        {label}
      </label>
      <select
        id={`filter-${name}`}
        name={name}
        multiple={multiple}
        size={multiple ? Math.min(4, options.length) : undefined}
        defaultValue={multiple ? (selected ?? []) : (selected?.[0] ?? "")}
        className={field}
      >
        {multiple ? null : <option value="">{any}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label} ({formatCount(option.stores)})
          </option>
        ))}
      </select>
    </div>
  );
}

function NumberField({ name, label, value, step }: { name: string; label: string; value?: number; step?: string }) {
  return (
    <div className="min-w-0">
      <label htmlFor={`filter-${name}`} className={labelText}>
        {label}
      </label>
      <input id={`filter-${name}`} name={name} type="number" min={0} step={step} defaultValue={value} className={field} />
    </div>
  );
}

function DateField({ name, label, value }: { name: string; label: string; value?: string }) {
  return (
    <div className="min-w-0">
      <label htmlFor={`filter-${name}`} className={labelText}>
        {label}
      </label>
      <input id={`filter-${name}`} name={name} type="date" defaultValue={value} className={field} />
    </div>
  );
}

const group = "grid grid-cols-2 items-end gap-3 lg:grid-cols-4";
const legend = "col-span-2 text-sm font-semibold text-slate-800 lg:col-span-4";

/**
 * The directory's segment as one GET form: every choice goes into the address (the page then
 * redirects to the address of the filters set only), so a segment can be shared and works
 * without JavaScript. Several values of a list are chosen with Ctrl/Cmd (a multiple select).
 */
export function DirectoryFilters({ query, facets, view }: { query: ListStoresQuery; facets: DirectoryFacets; view: DirectoryView }) {
  const segment = isSegment(query);
  const set = filtersSet(query);

  return (
    <form role="search" aria-label="Stores" action="/stores" className="space-y-4 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      {/* One column on a phone: a half-width select cut its own label ("Recently analyzec"). */}
      <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <label htmlFor="filter-q" className={labelText}>
            Search
          </label>
          <input id="filter-q" name="q" type="search" defaultValue={query.q} placeholder="Name, domain or description" className={field} />
        </div>
        <div className="min-w-0">
          <label htmlFor="filter-sort" className={labelText}>
            Sort by
          </label>
          <ApplyOnChange>
            <select id="filter-sort" name="sort" defaultValue={query.sort} className={field}>
              {DIRECTORY_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
          </ApplyOnChange>
        </div>
        <div className="min-w-0">
          <label htmlFor="filter-view" className={labelText}>
            Show as
          </label>
          <ApplyOnChange>
            <select id="filter-view" name="view" defaultValue={view} className={field}>
              <option value="cards">Cards</option>
              <option value="table">Table</option>
            </select>
          </ApplyOnChange>
        </div>
      </div>
      {/* Folded on a phone (the fields fill several screens), shown from lg up by CSS (globals.css),
          open when a filter is set; closed, its fields are still sent, so the form works without JavaScript. */}
      <details className="filters-disclosure group/filters" open={set > 0}>
        <summary className="cursor-pointer rounded-md px-1 py-1 text-sm font-semibold text-indigo-800 hover:text-indigo-950">
          Filters{set > 0 ? ` (${set} set)` : ""}
        </summary>
        <div className="mt-3 space-y-4 lg:mt-0">
          <fieldset className={group}>
            <legend className={legend}>Apps</legend>
            <FacetSelect name="app" label="All of" values={facets.apps} selected={filterValues(query.app)} multiple />
            <FacetSelect name="app_any" label="Any of" values={facets.apps} selected={filterValues(query.app_any)} multiple />
            <FacetSelect name="app_none" label="None of" values={facets.apps} selected={filterValues(query.app_none)} multiple />
            <FacetSelect name="theme" label="Theme" values={facets.themes} selected={filterValues(query.theme)} multiple />
          </fieldset>
          <fieldset className={group}>
            <legend className={legend}>Installed or removed lately</legend>
            <FacetSelect name="installed" label="Installed" values={facets.apps} selected={filterValues(query.installed)} multiple />
            <FacetSelect name="removed" label="Removed" values={facets.apps} selected={filterValues(query.removed)} multiple />
            <div className="min-w-0">
              <label htmlFor="filter-within_days" className={labelText}>
                Within (days)
              </label>
              <input
                id="filter-within_days"
                name="within_days"
                type="number"
                min={1}
                max={MAX_WITHIN_DAYS}
                defaultValue={query.within_days}
                className={field}
              />
            </div>
          </fieldset>
          <fieldset className={group}>
            <legend className={legend}>Where and what</legend>
            <FacetSelect
              name="country"
              label="Based in"
              values={facets.countries}
              selected={filterValues(query.country)}
              labelOf={countryLabel}
              multiple
            />
            <FacetSelect
              name="currency"
              label="Currency"
              values={facets.currencies}
              selected={filterValues(query.currency)}
              labelOf={currencyLabel}
              multiple
            />
            <FacetSelect
              name="market"
              label="Ships to (all of)"
              values={facets.markets}
              selected={filterValues(query.market)}
              labelOf={countryLabel}
              multiple
            />
            <FacetSelect
              name="language"
              label="Languages (all of)"
              values={facets.languages}
              selected={filterValues(query.language)}
              labelOf={languageLabel}
              multiple
            />
            <FacetSelect name="tag" label="Pixels and tags (all of)" values={facets.tags} selected={filterValues(query.tag)} multiple />
            <FacetSelect
              name="agent"
              label="Agent readiness (all of)"
              values={facets.agent}
              selected={filterValues(query.agent)}
              multiple
            />
            <NumberField name="products_min" label="Products from" value={query.products_min} />
            <NumberField name="products_max" label="Products to" value={query.products_max} />
            <NumberField name="price_min" label="Median price from" value={query.price_min} step="any" />
            <NumberField name="price_max" label="Median price to" value={query.price_max} step="any" />
          </fieldset>
          <fieldset className={group}>
            <legend className={legend}>Analyzed</legend>
            <DateField name="first_analyzed_from" label="First analyzed from" value={query.first_analyzed_from} />
            <DateField name="first_analyzed_to" label="First analyzed to" value={query.first_analyzed_to} />
            <DateField name="last_analyzed_from" label="Last analyzed from" value={query.last_analyzed_from} />
            <DateField name="last_analyzed_to" label="Last analyzed to" value={query.last_analyzed_to} />
          </fieldset>
        </div>
      </details>
      <div className="flex flex-wrap items-center gap-3">
        <button className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700">Show stores</button>
        {segment ? (
          <Link href={view === "table" ? "/stores?view=table" : "/stores"} className="text-sm text-indigo-700 underline">
            Clear filters
          </Link>
        ) : null}
      </div>
    </form>
  );
}
