import { DashboardJobs } from "@/components/dashboard/dashboard-jobs";
import { TrackedStoresCard } from "@/components/dashboard/tracked-stores-card";
import { UsageCard } from "@/components/dashboard/usage-card";
import { requireSessionUser } from "@/lib/auth/session-user";
import { getBillingSummary } from "@/lib/billing/admission/get-billing-summary";
import { listUserJobs } from "@/lib/jobs/list-user-jobs";
import { trackedStoreInventory } from "@/lib/tracking/next-snapshot";
import { countTrackedStores, loadTrackedStoreViews } from "@/lib/tracking/tracked-store-views";

const RECENT = 5;

const firstValue = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() ?? "";

/** The signed-in hub: analyze a store and follow it here, recent jobs, this month's usage, tracked stores. */
export default async function DashboardPage(props: PageProps<"/dashboard">) {
  const user = await requireSessionUser("/dashboard");
  // The home form of a signed-out visitor comes back here through sign-in with its domain.
  const domain = firstValue((await props.searchParams).domain).slice(0, 300);
  const [billing, jobs, shops, tracked] = await Promise.all([
    getBillingSummary(user.id),
    listUserJobs({ userId: user.id, page: 1, per_page: RECENT }),
    loadTrackedStoreViews({ userId: user.id, limit: RECENT }),
    countTrackedStores(user.id),
  ]);
  const figures = await Promise.all(shops.map((shop) => trackedStoreInventory(user.id, shop.slug)));

  return (
    <div className="space-y-6">
      <DashboardJobs recent={jobs.data} initialDomain={domain} aside={<UsageCard billing={billing} />} />
      <TrackedStoresCard shops={shops} figures={figures} total={tracked} />
    </div>
  );
}
