import Link from "next/link";
import { plural } from "@/components/ui/format";
import { tagKindName } from "@/lib/marketing/tag-kinds";
import type { StoreListItem } from "@/lib/store-directory/schemas";
import { AGENT_CAPABILITY_LABELS } from "@/lib/store-directory/store-technologies";

/** Tags named on a card; the rest are counted (the store page lists them all). */
const TAGS_SHOWN = 4;

const chip = "inline-block rounded-full px-2 py-0.5 text-xs ring-1";

/**
 * A store in the directory list: its name and facts, then what sets it apart at a glance — the
 * marketing tags its latest report found and the agent endpoints that answered — each a link to
 * the stores that share it (the directory's own filters).
 */
export function StoreListCard({ store }: { store: StoreListItem }) {
  const shown = store.tags.slice(0, TAGS_SHOWN);
  const more = store.tags.length - shown.length;

  return (
    <li className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <Link href={`/stores/${store.slug}`} className="break-words font-semibold text-indigo-700 hover:underline">
        {store.name ?? store.domain}
      </Link>
      <p className="break-words text-sm text-slate-600">{store.domain}</p>
      <p className="mt-1 text-sm text-slate-700">
        {plural(store.product_count ?? 0, "product")} · {store.currency ?? "currency unknown"} ·{" "}
        {store.theme ? `${store.theme} theme` : "theme unknown"}
      </p>
      {store.tags.length > 0 ? (
        <ul className="mt-2 flex flex-wrap items-center gap-1.5" aria-label={`Tags of ${store.name ?? store.domain}`}>
          {shown.map((kind) => (
            <li key={kind}>
              <Link href={`/stores?tag=${kind}`} className={`${chip} bg-amber-50 text-amber-900 ring-amber-200 hover:bg-amber-100`}>
                {tagKindName(kind)}
              </Link>
            </li>
          ))}
          {more > 0 ? <li className="text-xs text-slate-600">+{more} more</li> : null}
        </ul>
      ) : null}
      {store.agent_readiness.length > 0 ? (
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={`Agent readiness of ${store.name ?? store.domain}`}>
          {store.agent_readiness.map((capability) => (
            <li key={capability}>
              <Link
                href={`/stores?agent=${capability}`}
                className={`${chip} bg-emerald-50 text-emerald-900 ring-emerald-200 hover:bg-emerald-100`}
              >
                {AGENT_CAPABILITY_LABELS[capability]}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
