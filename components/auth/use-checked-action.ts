"use client";

import { startTransition, useActionState, useState, type FormEvent } from "react";
import type { FormState } from "@/lib/auth/actions";
import type { Refusal } from "@/lib/forms/refusal";

type Check = (form: FormData) => Refusal | null;

/**
 * A server action behind a form that checks before sending and keeps what was typed. The
 * submit is dispatched by hand, not through the form's `action` (which React follows by
 * resetting every field, the password too); the `action` stays on the form for browsers
 * without JavaScript.
 */
export function useCheckedAction(action: (state: FormState, form: FormData) => Promise<FormState>, check: Check, initial: FormState = {}) {
  const [answered, formAction, pending] = useActionState<FormState, FormData>(action, initial);
  const [refused, setRefused] = useState<FormState | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const refusal = check(data);
    if (refusal) {
      setRefused({ error: refusal.message, fieldErrors: refusal.fields });
      const first = Object.keys(refusal.fields)[0];
      const input = first ? form.elements.namedItem(first) : null;
      if (input instanceof HTMLInputElement) input.focus();

      return;
    }
    setRefused(null);
    startTransition(() => formAction(data));
  };

  return { state: refused ?? answered, formAction, onSubmit, pending };
}

/** A text field of a submitted form ("" when absent). */
export const formText = (form: FormData, name: string) => {
  const value = form.get(name);

  return typeof value === "string" ? value : "";
};
