"use client";

import { useActionState } from "react";
import { resendVerificationAction, type FormState } from "@/lib/auth/actions";

/** Shown on every dashboard page while the account's e-mail is unconfirmed (and that matters). */
export function VerifyEmailBanner({ email }: { email: string | null }) {
  const [state, action, pending] = useActionState<FormState, FormData>(resendVerificationAction, {});

  return (
    <div role="region" aria-label="Confirm your e-mail" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      <p>
        Confirm your e-mail address{email ? ` (${email})` : ""} to start jobs: open the link we e-mailed you.
      </p>
      <form action={action} className="mt-2 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={pending}
          className="rounded-md bg-amber-600 px-3 py-1.5 font-medium text-white hover:bg-amber-700 disabled:opacity-60"
        >
          {pending ? "Sending…" : "Send the e-mail again"}
        </button>
        {state.message ? <span role="status">{state.message}</span> : null}
        {state.error ? <span role="alert">{state.error}</span> : null}
      </form>
    </div>
  );
}
