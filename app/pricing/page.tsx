import type { Metadata } from "next";
import Link from "next/link";
import { CheckoutForm } from "@/components/billing/checkout-form";
import { PlanCard } from "@/components/billing/plan-card";
import { findSessionUser } from "@/lib/auth/session-user";
import { describePlans } from "@/lib/billing/admission/plans";
import { isStripeEnabled } from "@/lib/billing/stripe/client";
import { isX402Enabled } from "@/lib/billing/x402/requirements";
import { getEnv } from "@/lib/env";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Pricing",
  description:
    "StoreLens plans: Free (3 Shopify store analyses a month), a single report without an account, and Pro with unlimited analyses and shop tracking.",
  alternates: { canonical: "/pricing" },
  robots: { index: true, follow: true },
};

const linkButton = "block w-full rounded-md bg-indigo-600 px-4 py-2 text-center font-medium text-white hover:bg-indigo-700";

export default async function PricingPage(props: PageProps<"/pricing">) {
  const search = await props.searchParams;
  const defaultDomain = typeof search.domain === "string" ? search.domain.slice(0, 300) : "";
  const [user, plans] = [await findSessionUser(), describePlans()];
  const [free, single, pro] = plans as [(typeof plans)[number], (typeof plans)[number], (typeof plans)[number]];
  const cards = isStripeEnabled();
  const offers = plans.map((plan) => ({ "@type": "Offer", name: plan.name, price: plan.price_usd, priceCurrency: "USD" }));
  const jsonLd = { "@context": "https://schema.org", "@type": "Product", name: "StoreLens", description: metadata.description, offers };

  return (
    <div className="space-y-8">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
      <header className="max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight">Pricing</h1>
        <p className="mt-2 text-slate-600">
          Every report is a full analysis of a Shopify store: products, collections, pages, theme, apps and PageSpeed.
        </p>
      </header>

      <div className="grid gap-6 md:grid-cols-3">
        <PlanCard plan={free}>
          {user ? (
            <Link href="/dashboard" className={linkButton}>
              Open your dashboard
            </Link>
          ) : (
            <Link href="/sign-up?callbackUrl=%2Fdashboard" className={linkButton}>
              Create a free account
            </Link>
          )}
        </PlanCard>

        <PlanCard plan={single}>
          {cards ? (
            <CheckoutForm
              plan="single_report"
              label={`Buy a report — USD ${single.price_usd}`}
              askDomain
              domainRequired={!user}
              defaultDomain={defaultDomain}
            />
          ) : (
            <p className="text-sm text-slate-500">Card payments are not enabled on this server.</p>
          )}
        </PlanCard>

        <PlanCard plan={pro} highlighted>
          {!cards ? (
            <p className="text-sm text-slate-500">Card payments are not enabled on this server.</p>
          ) : user ? (
            <CheckoutForm plan="pro_monthly" label={`Upgrade to Pro — USD ${pro.price_usd}/month`} />
          ) : (
            <Link href="/sign-up?callbackUrl=%2Fpricing" className={linkButton}>
              Sign up to subscribe
            </Link>
          )}
        </PlanCard>
      </div>

      {isX402Enabled() ? (
        <section className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
          <h2 className="text-lg font-semibold">Agents: pay per job, no account</h2>
          <p className="mt-1 text-sm text-slate-600">
            <code className="rounded bg-slate-100 px-1">POST /api/jobs</code> without credentials answers 402 with x402 payment
            requirements: USD {getEnv().X402_PRICE_USD} in USDC on {getEnv().X402_NETWORK}. Retry with the payment in{" "}
            <code className="rounded bg-slate-100 px-1">PAYMENT-SIGNATURE</code> (x402 v2) or{" "}
            <code className="rounded bg-slate-100 px-1">X-PAYMENT</code> (v1). See the{" "}
            <Link href="/docs" className="text-indigo-700 underline">
              API reference
            </Link>
            .
          </p>
        </section>
      ) : null}
    </div>
  );
}
