"use client";

import { useActionState } from "react";
import { requestPasswordResetAction, type FormState } from "@/lib/auth/actions";
import { EmailField, FormAlert, SubmitButton } from "./form-field";

export function ResetRequestForm() {
  const [state, action, pending] = useActionState<FormState, FormData>(requestPasswordResetAction, {});

  if (state.message) return <FormAlert tone="success">{state.message}</FormAlert>;

  return (
    <form action={action} className="space-y-4" aria-label="Reset password" noValidate>
      {state.error ? <FormAlert tone="error">{state.error}</FormAlert> : null}
      <EmailField defaultValue={state.values?.email} error={state.fieldErrors?.email} />
      <SubmitButton pending={pending}>{pending ? "Sending…" : "Send reset link"}</SubmitButton>
    </form>
  );
}
