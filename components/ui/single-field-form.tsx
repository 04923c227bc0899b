import type { FormEvent } from "react";
import { FieldError } from "./field-error";
import { SubmitButton } from "./submit-button";

type SingleFieldFormProps = {
  /** Names the form for assistive technology ("Create an API key"). */
  ariaLabel: string;
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => void;
  placeholder: string;
  maxLength: number;
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  error?: string;
};

/** A labelled text field and its button on one line (stacked on phones), with the inline error below. */
export function SingleFieldForm(props: SingleFieldFormProps) {
  const errorId = `${props.id}-error`;

  return (
    <>
      <form onSubmit={props.onSubmit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end" aria-label={props.ariaLabel}>
        <div className="flex-1 space-y-1">
          <label htmlFor={props.id} className="block text-sm font-medium text-slate-700">
            {props.label}
          </label>
          <input
            id={props.id}
            value={props.value}
            onChange={(e) => props.onChange(e.target.value)}
            placeholder={props.placeholder}
            maxLength={props.maxLength}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? errorId : undefined}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 focus:outline-none focus:ring-2 focus:ring-indigo-500"
          />
        </div>
        <SubmitButton pending={props.pending}>{props.pending ? props.pendingLabel : props.submitLabel}</SubmitButton>
      </form>
      {props.error ? <FieldError id={errorId} message={props.error} className="mt-2" /> : null}
    </>
  );
}
