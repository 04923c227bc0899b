import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { plural } from "@/components/ui/format";
import { DirectoryFilters, type DirectoryView } from "@/components/stores/directory-filters";
import { StoreListCard } from "@/components/stores/store-list-card";
import { StoreTable } from "@/components/stores/store-table";
import { PaginationNav } from "@/components/ui/pagination-nav";
import { getDirectoryFacets } from "@/lib/store-directory/directory-facets";
import { listStores } from "@/lib/store-directory/list-stores";
import { listStoresQuerySchema, MAX_DIRECTORY_PAGE } from "@/lib/store-directory/schemas";
import { isSegment, segmentHref, segmentInput, segmentSearchParams } from "@/lib/store-directory/segment-url";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Shopify store directory",
  description:
    "Every Shopify store analyzed by StoreLens, filtered by any combination of apps, recent installs and removals, theme, pixels and tags, country, currency, languages, markets, catalog size, price and agent readiness.",
};

/** The address as sent, its fields in order: compared with the segment's own address to drop what is not set. */
function sentSearch(raw: Record<string, string | string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) for (const part of Array.isArray(value) ? value : [value]) params.append(key, part ?? "");

  return params.toString();
}

export default async function StoresPage(props: PageProps<"/stores">) {
  const raw = await props.searchParams;
  const { view: rawView, ...filters } = segmentInput(raw);
  const view: DirectoryView = rawView === "table" ? "table" : "cards";
  const parsed = listStoresQuerySchema.safeParse(filters);
  const query = parsed.success ? parsed.data : listStoresQuerySchema.parse({});
  const extra = { view: view === "table" ? "table" : undefined };
  // A submitted form sends every field, empty ones too: the shareable address is the filters set, nothing else.
  if (parsed.success) {
    const canonical = segmentSearchParams(query, extra).toString();
    if (canonical !== sentSearch(raw)) redirect(segmentHref(query, extra));
  }
  const [{ data, pagination }, facets] = await Promise.all([listStores(query), getDirectoryFacets()]);
  const segment = isSegment(query);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Store directory</h1>
        <p className="text-slate-600" role="status" data-testid="result-count">
          {segment
            ? `${plural(pagination.total, "store")} ${pagination.total === 1 ? "matches" : "match"} these filters.`
            : `${plural(pagination.total, "analyzed Shopify store")}.`}
        </p>
        {parsed.success ? null : (
          <p className="mt-1 text-sm text-red-700">
            Some filters in this address were not understood, so the whole directory is shown: {parsed.error.issues[0]?.path.join(".")}{" "}
            {parsed.error.issues[0]?.message}.
          </p>
        )}
      </header>
      <DirectoryFilters query={query} facets={facets} view={view} />
      {data.length === 0 ? (
        <p className="text-slate-600">{segment ? "No store matches these filters." : "No store analyzed yet."}</p>
      ) : view === "table" ? (
        <StoreTable stores={data} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Stores">
          {data.map((store) => (
            <StoreListCard key={store.slug} store={store} />
          ))}
        </ul>
      )}
      <PaginationNav
        basePath="/stores"
        params={Object.fromEntries(segmentSearchParams({ ...query, page: 1 }, extra))}
        page={pagination.page}
        totalPages={Math.min(pagination.total_pages, MAX_DIRECTORY_PAGE)}
      />
    </div>
  );
}
