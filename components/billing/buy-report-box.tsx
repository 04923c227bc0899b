import { describePlans } from "@/lib/billing/admission/plans";
import { isStripeEnabled } from "@/lib/billing/stripe/client";
import { CheckoutForm } from "./checkout-form";

/** "Get the full report": a fresh single_report for this store, bought without an account. */
export function BuyReportBox({ domain }: { domain: string }) {
  if (!isStripeEnabled()) return null;
  const price = describePlans().find((plan) => plan.id === "single_report")!.price_usd;

  return (
    <aside aria-label="Get the full report" className="mt-4 max-w-md rounded-xl bg-indigo-50 p-4 ring-1 ring-indigo-200">
      <p className="text-sm font-medium text-indigo-900">Get a fresh full report of {domain}</p>
      <p className="mb-3 text-sm text-indigo-800">USD {price}, no account needed: the link you land on after paying is your report.</p>
      <CheckoutForm plan="single_report" label={`Get the full report — USD ${price}`} fixedDomain={domain} />
    </aside>
  );
}
