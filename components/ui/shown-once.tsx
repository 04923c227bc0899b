"use client";

import { useState, type ReactNode } from "react";

/**
 * A credential shown once, right after it was made (an API key, a webhook signing secret): we
 * keep only a hash or a sealed copy, so this is the one moment a person can copy it. `children`
 * says what it is and what happens to the old one; Copy puts it on the clipboard, Done hides it.
 */
export function ShownOnce({
  value,
  testId,
  copyLabel,
  onDone,
  children,
}: {
  value: string;
  testId: string;
  copyLabel: string;
  onDone: () => void;
  children: ReactNode;
}) {
  const [copy, setCopy] = useState<"idle" | "copied" | "refused">("idle");

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopy("copied");
    } catch {
      // No clipboard here (an insecure origin, a denied permission): the text stays selectable.
      setCopy("refused");
    }
  };

  return (
    <div role="status" className="mt-4 space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p className="text-sm font-medium text-amber-900">{children}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <code
          data-testid={testId}
          className="flex-1 select-all break-all rounded bg-white px-3 py-2 font-mono text-sm ring-1 ring-amber-200"
        >
          {value}
        </code>
        <button
          type="button"
          onClick={() => void onCopy()}
          className="rounded-md bg-amber-600 px-3 py-2 text-sm font-medium text-white hover:bg-amber-700"
        >
          {copy === "copied" ? "Copied" : copyLabel}
        </button>
        <button type="button" onClick={onDone} className="rounded-md px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-300 hover:bg-white">
          Done
        </button>
      </div>
      {copy === "refused" ? (
        <p className="text-xs text-amber-900">The browser refused the clipboard: select the text and copy it.</p>
      ) : null}
    </div>
  );
}
