"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";

// Its own chunk (the form, the running job's view, TanStack Query, the API client and zod): the
// home page module imports this shell for every visitor, and Next ships every client component a
// page imports, rendered or not. Loaded only when a signed-in visitor's page renders it.
const SignedInHomeForm = lazy(() => import("./signed-in-home-form"));

const noSubscription = () => () => {};

/**
 * The home page's form for a signed-in visitor, without its code in a signed-out visitor's first
 * load. Rendered in the browser only: a server-rendered copy would sit unhydrated until its chunk
 * arrived, and a submit meanwhile would reload the page instead of starting the job. Until then a
 * placeholder of the form's height keeps the page from shifting.
 */
export function LazySignedInHomeForm({ initialDomain }: { initialDomain: string }) {
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const placeholder = <div aria-hidden className="mt-6 h-[5.875rem] max-w-xl sm:h-[2.625rem]" />;

  return inBrowser ? (
    <Suspense fallback={placeholder}>
      <SignedInHomeForm initialDomain={initialDomain} />
    </Suspense>
  ) : (
    placeholder
  );
}
