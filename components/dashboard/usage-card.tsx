import Link from "next/link";
import { formatCount, formatDate } from "@/components/ui/format";
import type { BillingSummary } from "@/lib/billing/schemas";
import { DashboardCard } from "./dashboard-card";

const linkButton = "inline-block rounded-md px-3 py-1.5 text-sm font-medium";

/** This month's analyses against the plan, and the way to more. */
export function UsageCard({ billing }: { billing: BillingSummary }) {
  const { used, limit, resets_at } = billing.usage;
  const isPro = billing.plan === "pro_monthly";
  const share = limit ? Math.min(1, used / limit) : 0;
  const left = limit === null ? null : Math.max(0, limit - used);

  return (
    <DashboardCard title="This month" more={{ href: "/dashboard/billing", label: "Billing" }}>
      <p className="text-2xl font-semibold tabular-nums" data-testid="usage">
        {limit === null ? formatCount(used) : `${formatCount(used)} of ${formatCount(limit)}`}{" "}
        <span className="text-sm font-normal text-slate-600">analyses used</span>
      </p>
      {limit === null ? null : (
        <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100 ring-1 ring-inset ring-slate-200">
          <div
            className={`h-full rounded-full ${left === 0 ? "bg-amber-500" : "bg-indigo-600"}`}
            style={{ width: `${Math.round(share * 100)}%` }}
          />
        </div>
      )}
      <p className="mt-2 text-slate-600">
        {isPro
          ? "Pro plan: unlimited analyses."
          : `Free plan: ${left === 0 ? "none" : formatCount(left)} left, renewed ${formatDate(resets_at)}.`}
        {billing.credits > 0 ? ` Plus ${formatCount(billing.credits)} report ${billing.credits === 1 ? "credit" : "credits"}.` : ""}
      </p>
      <div className="mt-4">
        {isPro ? (
          <Link href="/dashboard/billing" className={`${linkButton} text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50`}>
            Manage billing
          </Link>
        ) : (
          <>
            <Link href="/dashboard/billing" className={`${linkButton} bg-indigo-600 text-white hover:bg-indigo-700`}>
              Upgrade to Pro
            </Link>
            <p className="mt-2 text-xs text-slate-500">
              Unlimited analyses and up to 50 tracked stores.{" "}
              <Link href="/pricing" className="underline hover:text-slate-700">
                Compare plans
              </Link>
            </p>
          </>
        )}
      </div>
    </DashboardCard>
  );
}
