import { formatCount, plural } from "@/components/ui/format";
import { EmptyNote, ReportSection } from "./report-section";
import type { ReportCollection } from "@/lib/report-view/schemas";
import { StoreLink } from "./store-link";

const SHOWN = 24;

function CollectionItem({ collection, domain }: { collection: ReportCollection; domain: string }) {
  const count = collection.productsCount ?? collection.productIds?.length ?? null;

  return (
    <li className="flex items-baseline justify-between gap-3 border-b border-slate-100 py-2 text-sm">
      <StoreLink
        domain={domain}
        kind="collections"
        handle={collection.handle}
        className="min-w-0 truncate text-slate-800 hover:text-indigo-700 hover:underline"
      >
        {collection.title}
      </StoreLink>
      <span className="shrink-0 tabular-nums text-slate-500">{count === null ? "—" : plural(count, "product")}</span>
    </li>
  );
}

export function CollectionsSection({ collections, domain }: { collections: ReportCollection[]; domain: string }) {
  const sorted = [...collections].sort((a, b) => a.title.localeCompare(b.title));
  const head = sorted.slice(0, SHOWN);
  const rest = sorted.slice(SHOWN);

  return (
    <ReportSection id="collections" title="Collections" aside={plural(collections.length, "collection")}>
      {collections.length === 0 ? (
        <EmptyNote>The store publishes no collections.</EmptyNote>
      ) : (
        <>
          <ul className="grid gap-x-6 sm:grid-cols-2">
            {head.map((collection) => (
              <CollectionItem key={collection.id} collection={collection} domain={domain} />
            ))}
          </ul>
          {rest.length > 0 ? (
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-medium text-indigo-700">Show {formatCount(rest.length)} more</summary>
              <ul className="mt-2 grid gap-x-6 sm:grid-cols-2">
                {rest.map((collection) => (
                  <CollectionItem key={collection.id} collection={collection} domain={domain} />
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </ReportSection>
  );
}
