"use client";

import Link from "next/link";
import { useActionState } from "react";
import { signInAction, type FormState } from "@/lib/auth/actions";
import { EmailField, FormAlert, FormField, SubmitButton } from "./form-field";

export function SignInForm({ callbackUrl, initialError }: { callbackUrl: string; initialError?: string }) {
  const [state, action, pending] = useActionState<FormState, FormData>(signInAction, { error: initialError });

  return (
    <form action={action} className="space-y-4" aria-label="Sign in" noValidate>
      {state.error ? <FormAlert tone="error">{state.error}</FormAlert> : null}
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      <EmailField defaultValue={state.values?.email} />
      <FormField name="password" label="Password" type="password" autoComplete="current-password" required />
      <div className="flex justify-end text-sm">
        <Link href="/reset-password" className="text-indigo-700 hover:underline">
          Forgot your password?
        </Link>
      </div>
      <SubmitButton pending={pending}>{pending ? "Signing in…" : "Sign in"}</SubmitButton>
    </form>
  );
}
