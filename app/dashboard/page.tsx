import { DashboardJobs } from "@/components/dashboard/dashboard-jobs";
import { TrackedShopsCard } from "@/components/dashboard/tracked-shops-card";
import { UsageCard } from "@/components/dashboard/usage-card";
import { requireSessionUser } from "@/lib/auth/session-user";
import { getBillingSummary } from "@/lib/billing/get-billing-summary";
import { getInventorySummary } from "@/lib/inventory";
import { listUserJobs } from "@/lib/jobs/list-user-jobs";
import { findTrackedStore } from "@/lib/tracking/find-tracked-store";
import { countTrackedShops, loadTrackedShopViews } from "@/lib/tracking/tracked-shop-views";

const RECENT = 5;

const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() ?? "";

/** The signed-in hub: analyze a store and follow it here, recent jobs, this month's usage, tracked shops. */
export default async function DashboardPage(props: PageProps<"/dashboard">) {
  const user = await requireSessionUser("/dashboard");
  // The home form of a signed-out visitor comes back here through sign-in with its domain.
  const domain = firstValue((await props.searchParams).domain).slice(0, 300);
  const [billing, jobs, shops, tracked] = await Promise.all([
    getBillingSummary(user.id),
    listUserJobs({ userId: user.id, page: 1, per_page: RECENT }),
    loadTrackedShopViews({ userId: user.id, limit: RECENT }),
    countTrackedShops(user.id),
  ]);
  const figures = await Promise.all(shops.map(async (shop) => getInventorySummary(await findTrackedStore(user.id, shop.slug))));

  return (
    <div className="space-y-6">
      <DashboardJobs recent={jobs.data} initialDomain={domain} aside={<UsageCard billing={billing} />} />
      <TrackedShopsCard shops={shops} figures={figures} total={tracked} />
    </div>
  );
}
