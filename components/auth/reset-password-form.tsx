"use client";

import { useActionState } from "react";
import { resetPasswordAction, type FormState } from "@/lib/auth/actions";
import { FormAlert, FormField, SubmitButton } from "./form-field";

export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(resetPasswordAction, {});

  return (
    <form action={action} className="space-y-4" aria-label="Set a new password" noValidate>
      {state.error ? <FormAlert tone="error">{state.error}</FormAlert> : null}
      <input type="hidden" name="token" value={token} />
      <FormField
        name="password"
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 10 characters, mixing two kinds (letters, digits, symbols)."
        error={state.fieldErrors?.password}
      />
      <FormField
        name="confirm"
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        required
        error={state.fieldErrors?.confirm}
      />
      <SubmitButton pending={pending}>{pending ? "Saving…" : "Set new password"}</SubmitButton>
    </form>
  );
}
