"use client";

import { signUpAction } from "@/lib/auth/actions";
import { AUTH_FORM_WORDING } from "@/lib/auth/form-wording";
import { signUpSchema } from "@/lib/auth/schemas";
import { checkBeforeSending } from "@/lib/forms/refusal";
import { EmailField, FormAlert, FormField, SubmitButton } from "./form-field";
import { SignUpSent } from "./sign-up-sent";
import { formText, useCheckedAction } from "./use-checked-action";

const check = (form: FormData) =>
  checkBeforeSending(
    signUpSchema,
    { email: formText(form, "email"), password: formText(form, "password"), name: formText(form, "name") },
    { ...AUTH_FORM_WORDING, password: { label: "a password", required: "Choose a password." } },
  );

/**
 * Creates the account. With e-mail verification required it then says "check your e-mail", for a
 * new and a taken address alike; otherwise it signs in and goes on to the dashboard (or where the
 * visitor was headed).
 */
export function SignUpForm({ callbackUrl }: { callbackUrl: string }) {
  const { state, formAction, onSubmit, pending } = useCheckedAction(signUpAction, check);

  // The action's message is the API's one answer to both; the page words it with the address.
  if (state.message) return <SignUpSent email={state.values?.email ?? ""} callbackUrl={callbackUrl} />;

  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-4" aria-label="Sign up" noValidate>
      {state.error ? <FormAlert tone="error">{state.error}</FormAlert> : null}
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <FormField
        name="name"
        label="Name (optional)"
        autoComplete="name"
        maxLength={100}
        defaultValue={state.values?.name}
        error={state.fieldErrors?.name}
      />
      <EmailField defaultValue={state.values?.email} error={state.fieldErrors?.email} />
      <FormField
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        maxLength={200}
        hint="At least 10 characters, mixing two kinds (letters, digits, symbols)."
        error={state.fieldErrors?.password}
      />
      <SubmitButton pending={pending}>{pending ? "Creating account…" : "Create account"}</SubmitButton>
    </form>
  );
}
