import type { Metadata } from "next";
import { plural } from "@/components/ui/format";
import { DirectoryFilters, isFilteredQuery } from "@/components/stores/directory-filters";
import { StoreListCard } from "@/components/stores/store-list-card";
import { PaginationNav } from "@/components/ui/pagination-nav";
import { getDirectoryFacets } from "@/lib/store-directory/directory-facets";
import { listStores } from "@/lib/store-directory/list-stores";
import { listStoresQuerySchema } from "@/lib/store-directory/schemas";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Shopify store directory",
  description:
    "Every Shopify store analyzed by StoreLens: catalog size, theme, currency, installed apps, pixels and tags, languages, markets and agent readiness.",
};

export default async function StoresPage(props: PageProps<"/stores">) {
  const raw = await props.searchParams;
  // An empty field of the filter form means "any": drop it rather than refuse the whole query.
  const fields = Object.entries(raw)
    .map(([k, v]) => [k, Array.isArray(v) ? v[0] : v] as const)
    .filter(([, v]) => v !== undefined && v !== "");
  const parsed = listStoresQuerySchema.safeParse(Object.fromEntries(fields));
  const query = parsed.success ? parsed.data : listStoresQuerySchema.parse({});
  const [{ data, pagination }, facets] = await Promise.all([listStores(query), getDirectoryFacets()]);
  const filtered = isFilteredQuery(query);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight">Store directory</h1>
        <p className="text-slate-600">
          {filtered ? `${plural(pagination.total, "store")} match.` : `${plural(pagination.total, "analyzed Shopify store")}.`}
        </p>
      </header>
      <DirectoryFilters query={query} facets={facets} />
      {data.length === 0 ? (
        <p className="text-slate-600">{filtered ? "No store matches these filters." : "No store analyzed yet."}</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Stores">
          {data.map((store) => (
            <StoreListCard key={store.slug} store={store} />
          ))}
        </ul>
      )}
      <PaginationNav
        basePath="/stores"
        params={{
          q: query.q,
          app: query.app,
          currency: query.currency,
          country: query.country,
          tag: query.tag,
          language: query.language,
          market: query.market,
          agent: query.agent,
          sort: query.sort === "recent" ? undefined : query.sort,
        }}
        page={pagination.page}
        totalPages={pagination.total_pages}
      />
    </div>
  );
}
