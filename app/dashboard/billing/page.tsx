import type { Metadata } from "next";
import Link from "next/link";
import { AutoRefresh } from "@/components/billing/auto-refresh";
import { CheckoutForm } from "@/components/billing/checkout-form";
import { PortalButton } from "@/components/billing/portal-button";
import { formatCount, formatDate } from "@/components/ui/format";
import { requireSessionUser } from "@/lib/auth/session-user";
import { getBillingSummary } from "@/lib/billing/admission/get-billing-summary";
import { describePlans, planName } from "@/lib/billing/admission/plans";
import { isStripeEnabled } from "@/lib/billing/stripe/client";

export const metadata: Metadata = { title: "Billing" };

export default async function BillingPage(props: PageProps<"/dashboard/billing">) {
  // Layouts do not re-run on client navigation, so each page checks the session itself.
  const user = await requireSessionUser("/dashboard/billing");
  const search = await props.searchParams;
  const summary = await getBillingSummary(user.id);
  const isPro = summary.plan === "pro_monthly";
  const justPaid = typeof search.checkout === "string";
  const prices = Object.fromEntries(describePlans().map((plan) => [plan.id, plan.price_usd]));
  const cards = isStripeEnabled();

  return (
    <div className="space-y-6">
      {justPaid ? (
        <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-800 ring-1 ring-emerald-200">
          Thank you! Your payment is confirmed by Stripe within moments; this page updates by itself.
          {isPro ? null : <AutoRefresh everyMs={2000} />}
        </p>
      ) : null}

      <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200" aria-labelledby="billing-plan">
        <h2 id="billing-plan" className="text-lg font-semibold">
          Your plan
        </h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">Plan</dt>
            <dd className="text-base font-semibold" data-testid="billing-plan">
              {planName(summary.plan)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">This month&apos;s jobs</dt>
            <dd className="text-base font-semibold" data-testid="billing-usage">
              {isPro ? "Unlimited" : `${summary.usage.used} / ${summary.usage.limit}`}
            </dd>
            {isPro ? null : <dd className="text-xs text-slate-500">Resets {formatDate(summary.usage.resets_at)}</dd>}
          </div>
          <div>
            <dt className="text-slate-500">Report credits</dt>
            <dd className="text-base font-semibold" data-testid="billing-credits">
              {formatCount(summary.credits)}
            </dd>
          </div>
        </dl>
        {summary.subscription ? (
          <p className="mt-3 text-sm text-slate-600">
            Subscription: {summary.subscription.status}
            {summary.subscription.current_period_end ? ` · renews or ends ${formatDate(summary.subscription.current_period_end)}` : ""}
          </p>
        ) : null}
        <p className="mt-3 text-sm">
          <Link href="/pricing" className="text-indigo-700 underline">
            Compare plans
          </Link>
        </p>
        {summary.can_manage_subscription && cards ? (
          <div className="mt-4">
            <PortalButton />
          </div>
        ) : null}
      </section>

      {cards ? (
        <div className="grid gap-6 md:grid-cols-2">
          {isPro ? null : (
            <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
              <h2 className="text-lg font-semibold">Pro — USD {prices.pro_monthly}/month</h2>
              <p className="mt-1 text-sm text-slate-600">Unlimited jobs, up to 50 tracked stores, cancel any time.</p>
              <div className="mt-4">
                <CheckoutForm plan="pro_monthly" label="Upgrade to Pro" />
              </div>
            </section>
          )}
          <section className="rounded-xl bg-white p-5 ring-1 ring-slate-200">
            <h2 className="text-lg font-semibold">Report credit — USD {prices.single_report}</h2>
            <p className="mt-1 text-sm text-slate-600">One job beyond your monthly quota; credits never expire.</p>
            <div className="mt-4">
              <CheckoutForm plan="single_report" label="Buy a report credit" />
            </div>
          </section>
        </div>
      ) : (
        <p className="text-sm text-slate-500">
          Card payments are not enabled on this server. See{" "}
          <Link href="/pricing" className="text-indigo-700 underline">
            pricing
          </Link>
          .
        </p>
      )}
    </div>
  );
}
