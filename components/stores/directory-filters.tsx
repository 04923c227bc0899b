import Link from "next/link";
import type { DirectoryFacets, FacetValue } from "@/lib/store-directory/directory-facets";
import type { ListStoresQuery } from "@/lib/store-directory/schemas";

const SORTS: { value: ListStoresQuery["sort"]; label: string }[] = [
  { value: "recent", label: "Recently analyzed" },
  { value: "products", label: "Most products" },
  { value: "name", label: "Name (A–Z)" },
];

const field = "w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm";
const labelText = "mb-1 block text-xs font-medium text-slate-700";

function FacetSelect({
  name,
  label,
  any,
  values,
  selected,
}: {
  name: string;
  label: string;
  any: string;
  values: FacetValue[];
  selected?: string;
}) {
  // A value in the address that no store has any more still shows as chosen, so the form says what is filtered.
  const options =
    selected && !values.some((v) => v.value === selected) ? [...values, { value: selected, label: selected, stores: 0 }] : values;

  // min-w-0: a long option must not widen its column past half a phone's width.
  return (
    <div className="min-w-0">
      <label htmlFor={`filter-${name}`} className={labelText}>
        {label}
      </label>
      <select id={`filter-${name}`} name={name} defaultValue={selected ?? ""} className={field}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label} ({option.stores})
          </option>
        ))}
      </select>
    </div>
  );
}

/** Whether the query narrows the directory by anything (its order aside). */
export function isFilteredQuery(query: ListStoresQuery): boolean {
  return Boolean(query.q || query.country || query.currency || query.app || query.tag || query.language || query.market || query.agent);
}

/** A filter shown once a listed store has a value for it, or once the address asks for one. */
function OptionalFacetSelect(props: Parameters<typeof FacetSelect>[0]) {
  return props.values.length > 0 || props.selected ? <FacetSelect {...props} /> : null;
}

/**
 * The directory's search, filters and order as one GET form: every choice is in the address,
 * so a filtered list can be shared and works without JavaScript.
 */
export function DirectoryFilters({ query, facets }: { query: ListStoresQuery; facets: DirectoryFacets }) {
  const filtered = isFilteredQuery(query);

  return (
    <form
      role="search"
      aria-label="Stores"
      action="/stores"
      className="grid grid-cols-2 items-end gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 lg:grid-cols-6"
    >
      <div className="col-span-2">
        <label htmlFor="filter-q" className={labelText}>
          Search
        </label>
        <input id="filter-q" name="q" type="search" defaultValue={query.q} placeholder="Name, domain or description" className={field} />
      </div>
      <FacetSelect name="app" label="App" any="Any app" values={facets.apps} selected={query.app} />
      <OptionalFacetSelect name="tag" label="Pixel or tag" any="Any pixel or tag" values={facets.tags} selected={query.tag} />
      <OptionalFacetSelect name="agent" label="Agent readiness" any="Any" values={facets.agent} selected={query.agent} />
      <FacetSelect name="currency" label="Currency" any="Any currency" values={facets.currencies} selected={query.currency} />
      <OptionalFacetSelect name="country" label="Country" any="Any country" values={facets.countries} selected={query.country} />
      <OptionalFacetSelect name="market" label="Ships to" any="Anywhere" values={facets.markets} selected={query.market} />
      <OptionalFacetSelect name="language" label="Language" any="Any language" values={facets.languages} selected={query.language} />
      <div className="min-w-0">
        <label htmlFor="filter-sort" className={labelText}>
          Sort by
        </label>
        <select id="filter-sort" name="sort" defaultValue={query.sort} className={field}>
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 flex items-center gap-3 lg:col-span-6">
        <button className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700">Show stores</button>
        {filtered ? (
          <Link href="/stores" className="text-sm text-indigo-700 underline">
            Clear filters
          </Link>
        ) : null}
      </div>
    </form>
  );
}
