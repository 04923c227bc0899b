"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { PRIMARY_ACTION } from "./action-styles";

/** Tracks the report's store for the signed-in viewer; the page then links to the tracked store. */
export function TrackStoreButton({ domain }: { domain: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [refreshing, startRefresh] = useTransition();

  const track = async () => {
    setPending(true);
    setError(null);
    try {
      // Loaded on the click: the client and the endpoint's zod schemas stay out of the report's first load.
      const [{ callEndpoint }, { trackStoreEndpoint }] = await Promise.all([
        import("@/components/api/client"),
        import("@/lib/tracking/endpoints"),
      ]);
      await callEndpoint(trackStoreEndpoint, { body: { domain } });
      startRefresh(() => router.refresh());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not track this shop.");
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <button type="button" onClick={() => void track()} disabled={pending || refreshing} className={PRIMARY_ACTION}>
        {pending || refreshing ? "Tracking…" : "Track store"}
      </button>
      {error ? (
        <p role="alert" className="basis-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
