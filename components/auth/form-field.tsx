import Link from "next/link";
import type { InputHTMLAttributes } from "react";
import { SubmitButton as UiSubmitButton } from "@/components/ui/submit-button";

type FormFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  name: string;
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled input with its inline error, wired for screen readers. */
export function FormField({ name, label, error, hint, id, ...input }: FormFieldProps) {
  const inputId = id ?? `field-${name}`;
  const describedBy = [error ? `${inputId}-error` : null, hint ? `${inputId}-hint` : null].filter(Boolean).join(" ");

  return (
    <div className="space-y-1">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={`block w-full rounded-md border px-3 py-2 text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500 ${
          error ? "border-red-500" : "border-slate-300"
        }`}
        {...input}
      />
      {hint && !error ? (
        <p id={`${inputId}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${inputId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The e-mail field of the sign-in, sign-up and reset forms. */
export function EmailField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return <FormField name="email" label="E-mail" type="email" autoComplete="email" required defaultValue={defaultValue} error={error} />;
}

export function FormAlert({ tone, children }: { tone: "error" | "success"; children: React.ReactNode }) {
  const styles = tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-emerald-200 bg-emerald-50 text-emerald-800";

  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-3 py-2 text-sm ${styles}`}>
      {children}
    </div>
  );
}

/** A form's success message and where to go next. */
export function FormSuccess({ message, href, linkLabel }: { message: string; href: string; linkLabel: string }) {
  return (
    <>
      <FormAlert tone="success">{message}</FormAlert>
      <Link href={href} className="inline-block text-sm text-indigo-700 hover:underline">
        {linkLabel}
      </Link>
    </>
  );
}

/** Auth forms are narrow cards: their submit button spans the card. */
export function SubmitButton({ pending, children }: { pending: boolean; children: React.ReactNode }) {
  return (
    <UiSubmitButton pending={pending} block>
      {children}
    </UiSubmitButton>
  );
}
