"use client";

import { requestPasswordResetAction } from "@/lib/auth/actions";
import { AUTH_FORM_WORDING } from "@/lib/auth/form-wording";
import { passwordResetRequestSchema } from "@/lib/auth/schemas";
import { checkBeforeSending } from "@/lib/forms/refusal";
import { EmailField, FormAlert, SubmitButton } from "./form-field";
import { formText, useCheckedAction } from "./use-checked-action";

const check = (form: FormData) => checkBeforeSending(passwordResetRequestSchema, { email: formText(form, "email") }, AUTH_FORM_WORDING);

export function ResetRequestForm() {
  const { state, formAction, onSubmit, pending } = useCheckedAction(requestPasswordResetAction, check);

  if (state.message) return <FormAlert tone="success">{state.message}</FormAlert>;

  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-4" aria-label="Reset password" noValidate>
      {state.error ? <FormAlert tone="error">{state.error}</FormAlert> : null}
      <EmailField defaultValue={state.values?.email} error={state.fieldErrors?.email} />
      <SubmitButton pending={pending}>{pending ? "Sending…" : "Send reset link"}</SubmitButton>
    </form>
  );
}
