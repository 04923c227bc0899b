"use client";

import { useActionState } from "react";
import { verifyEmailAction, type FormState } from "@/lib/auth/actions";
import { FormAlert, FormSuccess, SubmitButton } from "./form-field";

/**
 * A button rather than confirming on page load: mail scanners open links, and a GET must
 * not change anything.
 */
export function VerifyEmailForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(verifyEmailAction, {});

  if (state.message) {
    return <FormSuccess message={state.message} href="/dashboard" linkLabel="Go to your dashboard" />;
  }

  return (
    <form action={action} className="space-y-4" aria-label="Confirm e-mail address">
      {state.error ? <FormAlert tone="error">{state.error}</FormAlert> : null}
      <input type="hidden" name="token" value={token} />
      <SubmitButton pending={pending}>{pending ? "Confirming…" : "Confirm my e-mail address"}</SubmitButton>
    </form>
  );
}
