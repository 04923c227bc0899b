import type { ReactNode } from "react";

/** The primary submit button of every form; disabled while its form is pending. */
export function SubmitButton({ pending, block = false, children }: { pending: boolean; block?: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={pending}
      className={`${block ? "w-full " : ""}rounded-md bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700 disabled:opacity-60`}
    >
      {children}
    </button>
  );
}
