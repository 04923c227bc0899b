"use client";

import { useState, type FormEvent } from "react";
import { FieldError } from "@/components/ui/field-error";
import { SubmitButton } from "@/components/ui/submit-button";
import type { PurchasablePlan } from "@/lib/billing/admission/plan-ids";

type CheckoutFormProps = {
  plan: PurchasablePlan;
  label: string;
  /** Ask for the store to analyze (single_report); `domainRequired` without an account. */
  askDomain?: boolean;
  domainRequired?: boolean;
  /** The store is already known (a store page): no input, this domain is bought. */
  fixedDomain?: string;
  defaultDomain?: string;
};

/** Starts a Stripe Checkout for a plan and sends the browser to Stripe's payment page. */
export function CheckoutForm({
  plan,
  label,
  askDomain = false,
  domainRequired = false,
  fixedDomain,
  defaultDomain = "",
}: CheckoutFormProps) {
  const [domain, setDomain] = useState(defaultDomain);
  const inputId = `checkout-${plan}-domain`;
  const [state, setState] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setState({ pending: true, error: null });
    const store = fixedDomain ?? domain.trim();
    try {
      // Loaded on submit: the client and the endpoint's zod schemas stay out of the page's first load.
      const [{ callEndpoint }, { createCheckoutSessionEndpoint }] = await Promise.all([
        import("@/components/api/client"),
        import("@/lib/billing/endpoints"),
      ]);
      const session = await callEndpoint(createCheckoutSessionEndpoint, {
        body: { plan, ...(store ? { domain: store } : {}) },
      });
      // Stays pending while the browser leaves for the payment page.
      window.location.assign(session.url);
    } catch (error) {
      setState({ pending: false, error: error instanceof Error ? error.message : "Could not start the checkout" });
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="space-y-2" aria-label={label}>
      {askDomain && !fixedDomain ? (
        <div className="space-y-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            Store domain{domainRequired ? "" : " (optional: leave empty for a job credit)"}
          </label>
          <input
            id={inputId}
            value={domain}
            onChange={(e) => setDomain(e.target.value)}
            placeholder="allbirds.com"
            required={domainRequired}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            inputMode="url"
            aria-invalid={state.error ? true : undefined}
            aria-describedby={state.error ? `${inputId}-error` : undefined}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 focus:outline-none focus:ring-2 focus:ring-indigo-500"
          />
        </div>
      ) : null}
      <SubmitButton pending={state.pending} block>
        {state.pending ? "Opening checkout…" : label}
      </SubmitButton>
      {state.error ? <FieldError id={`${inputId}-error`} message={state.error} /> : null}
    </form>
  );
}
