"use client";

import { useActionState } from "react";
import { signUpAction, type FormState } from "@/lib/auth/actions";
import { EmailField, FormAlert, FormSuccess, FormField, SubmitButton } from "./form-field";

export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(signUpAction, {});

  // E-mail verification on: the same "check your e-mail" for a new and a taken address.
  if (state.message) {
    return <FormSuccess message={state.message} href="/sign-in" linkLabel="Go to sign in" />;
  }

  return (
    <form action={action} className="space-y-4" aria-label="Sign up" noValidate>
      {state.error ? <FormAlert tone="error">{state.error}</FormAlert> : null}
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <FormField name="name" label="Name (optional)" autoComplete="name" defaultValue={state.values?.name} error={state.fieldErrors?.name} />
      <EmailField defaultValue={state.values?.email} error={state.fieldErrors?.email} />
      <FormField
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        hint="At least 10 characters, mixing two kinds (letters, digits, symbols)."
        error={state.fieldErrors?.password}
      />
      <SubmitButton pending={pending}>{pending ? "Creating account…" : "Create account"}</SubmitButton>
    </form>
  );
}
