"use client";

import { resetPasswordAction } from "@/lib/auth/actions";
import { AUTH_FORM_WORDING } from "@/lib/auth/form-wording";
import { newPasswordFormSchema } from "@/lib/auth/schemas";
import { checkBeforeSending } from "@/lib/forms/refusal";
import { FormAlert, FormField, SubmitButton } from "./form-field";
import { formText, useCheckedAction } from "./use-checked-action";

const check = (form: FormData) =>
  checkBeforeSending(
    newPasswordFormSchema,
    { password: formText(form, "password"), confirm: formText(form, "confirm") },
    { ...AUTH_FORM_WORDING, password: { label: "a new password", required: "Choose a new password." } },
  );

export function ResetPasswordForm({ token }: { token: string }) {
  const { state, formAction, onSubmit, pending } = useCheckedAction(resetPasswordAction, check);

  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-4" aria-label="Set a new password" noValidate>
      {state.error ? <FormAlert tone="error">{state.error}</FormAlert> : null}
      <input type="hidden" name="token" value={token} />
      <FormField
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={200}
        hint="At least 10 characters, mixing two kinds (letters, digits, symbols)."
        error={state.fieldErrors?.password}
      />
      <FormField
        name="confirm"
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={200}
        error={state.fieldErrors?.confirm}
      />
      <SubmitButton pending={pending}>{pending ? "Saving…" : "Set new password"}</SubmitButton>
    </form>
  );
}
