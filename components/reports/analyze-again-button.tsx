"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { SECONDARY_ACTION } from "./action-styles";

/** Starts a new analysis of the store and opens its page, where its progress shows until the report is ready. */
export function AnalyzeAgainButton({ domain }: { domain: string }) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const analyze = async () => {
    setPending(true);
    setError(null);
    try {
      // Loaded on the click: the client and the endpoint's zod schemas stay out of the report's first load.
      const [{ callEndpoint }, { createJobEndpoint }] = await Promise.all([
        import("@/components/api/client"),
        import("@/lib/jobs/endpoints"),
      ]);
      const { job } = await callEndpoint(createJobEndpoint, { body: { domain } });
      router.push(`/reports/${job.id}`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Could not start the analysis.");
      setPending(false);
    }
  };

  return (
    <>
      <button type="button" onClick={() => void analyze()} disabled={pending} className={SECONDARY_ACTION}>
        {pending ? "Starting…" : "Analyze again"}
      </button>
      {error ? (
        <p role="alert" className="basis-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
}
