"use client";

import Link from "next/link";
import { signInAction } from "@/lib/auth/actions";
import { SIGN_IN_FORM_WORDING } from "@/lib/auth/form-wording";
import { credentialsSchema } from "@/lib/auth/schemas";
import { checkBeforeSending } from "@/lib/forms/refusal";
import { EmailField, FormAlert, FormField, SubmitButton } from "./form-field";
import { formText, useCheckedAction } from "./use-checked-action";

const check = (form: FormData) =>
  checkBeforeSending(credentialsSchema, { email: formText(form, "email"), password: formText(form, "password") }, SIGN_IN_FORM_WORDING);

export function SignInForm({ callbackUrl, initialError }: { callbackUrl: string; initialError?: string }) {
  const { state, formAction, onSubmit, pending } = useCheckedAction(signInAction, check, { error: initialError });

  return (
    <form action={formAction} onSubmit={onSubmit} className="space-y-4" aria-label="Sign in" noValidate>
      {state.error ? <FormAlert tone="error">{state.error}</FormAlert> : null}
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <EmailField defaultValue={state.values?.email} error={state.fieldErrors?.email} />
      <FormField
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        required
        maxLength={200}
        error={state.fieldErrors?.password}
      />
      <div className="flex justify-end text-sm">
        <Link href="/reset-password" className="text-indigo-700 hover:underline">
          Forgot your password?
        </Link>
      </div>
      <SubmitButton pending={pending}>{pending ? "Signing in…" : "Sign in"}</SubmitButton>
    </form>
  );
}
