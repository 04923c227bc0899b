"use client";

import { useState } from "react";
import { callEndpoint } from "@/components/api/client";
import { FieldError } from "@/components/ui/field-error";
import { createPortalSessionEndpoint } from "@/lib/billing/endpoints";

/** Opens the Stripe billing portal (change card, cancel, invoices). */
export function PortalButton() {
  const [state, setState] = useState<{ pending: boolean; error: string | null }>({ pending: false, error: null });

  const open = async () => {
    setState({ pending: true, error: null });
    try {
      const session = await callEndpoint(createPortalSessionEndpoint);
      window.location.assign(session.url);
    } catch (error) {
      setState({ pending: false, error: error instanceof Error ? error.message : "Could not open the billing portal" });
    }
  };

  return (
    <div className="space-y-2">
      <button
        type="button"
        onClick={() => void open()}
        disabled={state.pending}
        className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50 disabled:opacity-60"
      >
        {state.pending ? "Opening…" : "Manage subscription"}
      </button>
      {state.error ? <FieldError id="portal-error" message={state.error} /> : null}
    </div>
  );
}
