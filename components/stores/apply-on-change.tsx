"use client";

import type { ReactNode } from "react";

/**
 * Submits the surrounding form as soon as the wrapped control changes (the sort, the view): a
 * choice that needs no other field applies at once. Without JavaScript the form's button does it.
 */
export function ApplyOnChange({ children }: { children: ReactNode }) {
  return (
    <div
      className="contents"
      onChange={(event) => {
        const form = (event.target as HTMLElement).closest("form");
        form?.requestSubmit();
      }}
    >
      {children}
    </div>
  );
}
