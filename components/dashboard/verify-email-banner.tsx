"use client";

import { useActionState, useState } from "react";
import { dismissNoticeCookie, VERIFY_EMAIL_NOTICE } from "@/components/ui/dismissed-notices";
import { resendVerificationAction, type FormState } from "@/lib/auth/actions";

type VerifyEmailBannerProps = {
  email: string;
  /** Whether jobs wait for the confirmation (REQUIRE_EMAIL_VERIFICATION), which changes what the banner asks. */
  required: boolean;
};

/**
 * Shown on every dashboard page while the account's address is unconfirmed: a new account lands
 * here from sign-up and learns about the e-mail it was just sent, and can have it sent again.
 */
export function VerifyEmailBanner({ email, required }: VerifyEmailBannerProps) {
  const [state, action, pending] = useActionState<FormState, FormData>(resendVerificationAction, {});
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;

  return (
    <div
      role="region"
      aria-label="Confirm your e-mail"
      className={`relative rounded-md border py-3 pl-4 pr-12 text-sm ${required ? "border-amber-200 bg-amber-50 text-amber-900" : "border-sky-200 bg-sky-50 text-sky-900"}`}
    >
      {/* Hidden for this browser session (a session cookie the layout reads); it comes back in the next. */}
      <button
        type="button"
        aria-label="Dismiss this notice"
        onClick={() => {
          document.cookie = dismissNoticeCookie(VERIFY_EMAIL_NOTICE, location.protocol === "https:");
          setDismissed(true);
        }}
        className="absolute right-2 top-2 rounded p-1.5 leading-none hover:bg-black/5 focus-visible:outline-2 focus-visible:outline-current"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.75">
          <path d="M5 5l10 10M15 5 5 15" />
        </svg>
      </button>
      <p>
        <span className="font-medium">Confirm your e-mail address{required ? " to start analyzing stores" : ""}.</span> We sent a link to{" "}
        <span className="break-all font-medium">{email}</span>; open it to confirm the address is yours. Nothing there? Check your spam
        folder, or have it sent again.
      </p>
      <form action={action} className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">
        <button
          type="submit"
          disabled={pending}
          className={`rounded-md px-3 py-1.5 font-medium text-white disabled:opacity-60 ${required ? "bg-amber-600 hover:bg-amber-700" : "bg-sky-700 hover:bg-sky-800"}`}
        >
          {pending ? "Sending…" : "Resend the e-mail"}
        </button>
        {state.message ? <span role="status">{state.message}</span> : null}
        {state.error ? <span role="alert">{state.error}</span> : null}
      </form>
    </div>
  );
}
