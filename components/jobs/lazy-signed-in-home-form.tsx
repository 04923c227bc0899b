"use client";

import { lazy, Suspense } from "react";

// Its own chunk (the form, the running job's view, TanStack Query, the API client and zod): the
// home page module imports this shell for every visitor, and Next ships every client component a
// page imports, rendered or not. Loaded only when a signed-in visitor's page renders it.
const SignedInHomeForm = lazy(() => import("./signed-in-home-form"));

/** The home page's form for a signed-in visitor, without its code in a signed-out visitor's first load. */
export function LazySignedInHomeForm({ initialDomain }: { initialDomain: string }) {
  return (
    <Suspense fallback={null}>
      <SignedInHomeForm initialDomain={initialDomain} />
    </Suspense>
  );
}
