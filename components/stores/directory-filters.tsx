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

  return (
    <div>
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

/**
 * The directory's search, filters and order as one GET form: every choice is in the address,
 * so a filtered list can be shared and works without JavaScript.
 */
export function DirectoryFilters({ query, facets }: { query: ListStoresQuery; facets: DirectoryFacets }) {
  const filtered = Boolean(query.q || query.country || query.currency || query.app);

  return (
    <form
      role="search"
      aria-label="Stores"
      action="/stores"
      className="grid gap-3 rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
    >
      <div className="sm:col-span-2">
        <label htmlFor="filter-q" className={labelText}>
          Search
        </label>
        <input id="filter-q" name="q" type="search" defaultValue={query.q} placeholder="Name, domain or description" className={field} />
      </div>
      <FacetSelect name="app" label="App" any="Any app" values={facets.apps} selected={query.app} />
      <FacetSelect name="currency" label="Currency" any="Any currency" values={facets.currencies} selected={query.currency} />
      {facets.countries.length > 0 || query.country ? (
        <FacetSelect name="country" label="Country" any="Any country" values={facets.countries} selected={query.country} />
      ) : null}
      <div>
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
      <div className="flex items-center gap-3 sm:col-span-2 lg:col-span-6">
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
