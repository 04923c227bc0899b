import Link from "next/link";
import { formatCount, formatCountry, formatDate, formatPrice } from "@/components/ui/format";
import type { StoreListItem } from "@/lib/store-directory/schemas";

const cell = "px-3 py-2 align-top";

/**
 * The directory's segment as a table, one store a row: the figures a researcher compares across
 * stores. It scrolls sideways inside its own box on a narrow screen, never the page.
 */
export function StoreTable({ stores }: { stores: StoreListItem[] }) {
  return (
    <div
      className="overflow-x-auto rounded-xl bg-white ring-1 ring-slate-200"
      data-testid="store-table"
      tabIndex={0}
      role="region"
      aria-label="Stores as a table"
    >
      <table className="w-full min-w-[56rem] text-left text-sm">
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className={cell}>
              Store
            </th>
            <th scope="col" className={cell}>
              Country
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Products
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Median price
            </th>
            <th scope="col" className={cell}>
              Theme
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Apps
            </th>
            <th scope="col" className={cell}>
              First analyzed
            </th>
            <th scope="col" className={cell}>
              Last analyzed
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {stores.map((store) => (
            <tr key={store.slug}>
              <th scope="row" className={`${cell} font-normal`}>
                <Link href={`/stores/${store.slug}`} className="font-medium text-indigo-700 hover:underline">
                  {store.name ?? store.domain}
                </Link>
                <span className="block text-xs text-slate-600">{store.domain}</span>
              </th>
              <td className={cell}>{formatCountry(store.country)}</td>
              <td className={`${cell} text-right tabular-nums`}>{formatCount(store.product_count)}</td>
              <td className={`${cell} text-right tabular-nums`}>
                {store.price_median === null ? "—" : formatPrice(store.price_median, store.currency)}
              </td>
              <td className={cell}>
                {store.theme && store.theme_slug ? (
                  <Link href={`/themes/${store.theme_slug}`} className="text-indigo-700 hover:underline">
                    {store.theme}
                  </Link>
                ) : (
                  "—"
                )}
              </td>
              <td className={`${cell} text-right tabular-nums`} title={store.apps.join(", ")}>
                {formatCount(store.apps.length)}
              </td>
              <td className={cell}>{formatDate(store.first_analyzed_at)}</td>
              <td className={cell}>{formatDate(store.last_analyzed_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
