"use client";

import Link from "next/link";
import { useActionState } from "react";
import { verifyEmailAction, type FormState } from "@/lib/auth/actions";
import { FormAlert, SubmitButton } from "./form-field";

/**
 * A button rather than confirming on page load: mail scanners open links, and a GET must
 * not change anything.
 */
export function VerifyEmailForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(verifyEmailAction, {});

  if (state.message) {
    return (
      <>
        <FormAlert tone="success">{state.message}</FormAlert>
        <Link href="/dashboard" className="inline-block text-sm text-indigo-700 hover:underline">
          Go to your dashboard
        </Link>
      </>
    );
  }

  return (
    <form action={action} className="space-y-4" aria-label="Confirm e-mail address">
      {state.error ? <FormAlert tone="error">{state.error}</FormAlert> : null}
      <input type="hidden" name="token" value={token} />
      <SubmitButton pending={pending}>{pending ? "Confirming…" : "Confirm my e-mail address"}</SubmitButton>
    </form>
  );
}
