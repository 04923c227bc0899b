import Link from "next/link";
import { JobStatusBadge } from "@/components/jobs/job-status-badge";
import { formatDate, plural } from "@/components/reports/format";
import { SalesBand } from "@/components/tracking/sales-band";
import { requireSessionUser } from "@/lib/auth/session-user";
import { getBillingSummary } from "@/lib/billing/get-billing-summary";
import { getInventorySummary } from "@/lib/inventory";
import { listUserJobs } from "@/lib/jobs/list-user-jobs";
import { findTrackedStore } from "@/lib/tracking/find-tracked-store";
import { countTrackedShops, loadTrackedShopViews } from "@/lib/tracking/tracked-shop-views";

const RECENT = 5;

function Card({ title, href, children }: { title: string; href: string; children: React.ReactNode }) {
  return (
    <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
      <div className="flex items-baseline justify-between">
        <h2 className="text-lg font-semibold">{title}</h2>
        <Link href={href} className="text-sm text-indigo-700 hover:underline">
          All
        </Link>
      </div>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

/** What a signed-in user comes for: this month's usage, recent jobs, tracked shops with their figures. */
export default async function DashboardPage() {
  const user = await requireSessionUser("/dashboard");
  const [billing, jobs, shops, tracked] = await Promise.all([
    getBillingSummary(user.id),
    listUserJobs({ userId: user.id, page: 1, per_page: RECENT }),
    loadTrackedShopViews({ userId: user.id, limit: RECENT }),
    countTrackedShops(user.id),
  ]);
  const figures = await Promise.all(shops.map(async (shop) => getInventorySummary(await findTrackedStore(user.id, shop.slug))));

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="This month" href="/dashboard/billing">
        <p className="text-2xl font-semibold" data-testid="usage">
          {billing.usage.used}
          {billing.usage.limit === null ? "" : ` / ${billing.usage.limit}`} <span className="text-sm font-normal text-slate-600">analyses</span>
        </p>
        <p className="text-slate-600">
          {billing.plan === "pro_monthly" ? "Pro: unlimited" : "Free plan"} · resets {formatDate(billing.usage.resets_at)}
          {billing.credits > 0 ? ` · ${plural(billing.credits, "report credit")}` : ""}
        </p>
      </Card>

      <Card title="Recent jobs" href="/dashboard/jobs">
        {jobs.data.length === 0 ? <p className="text-slate-600">No jobs yet.</p> : null}
        <ul className="divide-y divide-slate-100" data-testid="recent-jobs">
          {jobs.data.map((job) => (
            <li key={job.id} className="flex items-center justify-between gap-2 py-2">
              <Link href={`/reports/${job.id}`} className="truncate font-medium hover:text-indigo-700 hover:underline">
                {job.domain}
              </Link>
              <span className="flex shrink-0 items-center gap-2 text-slate-500">
                {formatDate(job.created_at)} <JobStatusBadge status={job.status} />
              </span>
            </li>
          ))}
        </ul>
      </Card>

      <div className="lg:col-span-2">
        <Card title={`Tracked shops (${tracked})`} href="/dashboard/tracked-shops">
          {shops.length === 0 ? <p className="text-slate-600">No tracked shops yet.</p> : null}
          <ul className="grid gap-4 sm:grid-cols-2" data-testid="tracked-shop-figures">
            {shops.map((shop, i) => {
              const units = figures[i]!.units_sold_30d;

              return (
                <li key={shop.slug}>
                  <Link href={`/dashboard/tracked-shops/${shop.slug}`} className="font-medium hover:text-indigo-700 hover:underline">
                    {shop.store.name ?? shop.store.domain}
                  </Link>
                  <p className="text-xs text-slate-500">Units sold, last 30 days</p>
                  <SalesBand units={units} scale={units.range.high * 1.1} />
                </li>
              );
            })}
          </ul>
        </Card>
      </div>
    </div>
  );
}
