import type { InputHTMLAttributes } from "react";

type DomainInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "name" | "className"> & {
  /** Id of the element describing the current error, if any. */
  errorId?: string;
};

/** The store-domain field of every "analyze a store" form (signed in or not). */
export function DomainInput({ errorId, ...input }: DomainInputProps) {
  return (
    <>
      <label htmlFor="domain" className="sr-only">
        Store domain
      </label>
      <input
        id="domain"
        name="domain"
        placeholder="allbirds.com"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={`flex-1 rounded-md border px-3 py-2 focus:border-indigo-500 focus:outline-none focus:ring-2 focus:ring-indigo-500/30 ${
          errorId ? "border-red-500" : "border-slate-300"
        }`}
        {...input}
      />
    </>
  );
}
