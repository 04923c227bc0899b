import Link from "next/link";
import { fillsInText } from "@/components/tracking/day-one";
import { SalesBand } from "@/components/tracking/sales-band";
import type { InventorySummary } from "@/lib/inventory/schemas";
import type { TrackedStoreView } from "@/lib/tracking/schemas";
import { DashboardCard } from "./dashboard-card";

type TrackedStoresCardProps = {
  shops: TrackedStoreView[];
  figures: InventorySummary[];
  total: number;
};

/** The shops the user tracks, with their estimated sales; the way to start tracking when there are none. */
export function TrackedStoresCard({ shops, figures, total }: TrackedStoresCardProps) {
  return (
    <DashboardCard
      title={`Tracked stores (${total})`}
      more={{ href: "/dashboard/tracked-stores", label: total > shops.length ? "All tracked stores" : "Manage" }}
    >
      {shops.length === 0 ? (
        <p className="text-slate-600">
          Track a store to follow its stock and estimated sales day by day.{" "}
          <Link href="/dashboard/tracked-stores" className="font-medium text-indigo-700 underline hover:text-indigo-900">
            Track a shop
          </Link>
        </p>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" data-testid="tracked-store-figures">
          {shops.map((shop, i) => {
            const figure = figures[i]!;
            const units = figure.units_sold_30d;

            return (
              <li key={shop.slug} className="min-w-0">
                <Link
                  href={`/dashboard/tracked-stores/${shop.slug}`}
                  className="block truncate font-medium hover:text-indigo-700 hover:underline"
                >
                  {shop.store.name ?? shop.store.domain}
                </Link>
                <p className="text-xs text-slate-500">Units sold, last 30 days</p>
                <SalesBand
                  units={units}
                  scale={units.range.high * 1.1}
                  pending={fillsInText("units sold appear", figure)}
                  testId="tracked-store-units"
                />
              </li>
            );
          })}
        </ul>
      )}
    </DashboardCard>
  );
}
