import { formatCount, plural } from "@/components/ui/format";
import { EmptyNote, ReportSection } from "@/components/reports/report-section";
import type { StorePageData } from "@/lib/store-directory/get-store-page";

export function StoreCollectionsSection({ data }: { data: StorePageData }) {
  const { collections, store } = data;

  return (
    <ReportSection id="collections" title="Collections" aside={plural(collections.total, "collection")}>
      {collections.data.length === 0 ? (
        <EmptyNote>The store publishes no collections.</EmptyNote>
      ) : (
        <ul className="grid gap-x-6 sm:grid-cols-2">
          {collections.data.map((collection) => (
            <li key={collection.id} className="flex items-baseline justify-between gap-3 border-b border-slate-100 py-2 text-sm">
              <a
                href={`https://${store.domain}/collections/${encodeURIComponent(collection.handle)}`}
                rel="nofollow noopener"
                className="truncate hover:text-indigo-700 hover:underline"
              >
                {collection.title}
              </a>
              <span className="shrink-0 tabular-nums text-slate-500">
                {collection.productsCount === null ? "—" : plural(collection.productsCount, "product")}
              </span>
            </li>
          ))}
        </ul>
      )}
      {collections.total > collections.data.length ? (
        <p className="mt-3 text-sm text-slate-500">
          Showing {formatCount(collections.data.length)} of {formatCount(collections.total)}; the full report lists them all.
        </p>
      ) : null}
    </ReportSection>
  );
}
