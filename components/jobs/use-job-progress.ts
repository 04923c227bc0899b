"use client";

import { useEffect, useState } from "react";
import type { JobMessage } from "@/lib/jobs/job-messages";
import { watchJobProgress, type ProgressTransport } from "./job-progress-source";

export type JobProgressState = {
  /** The latest message; null until the first one arrives. */
  message: JobMessage | null;
  transport: ProgressTransport | null;
  notFound: boolean;
};

const INITIAL: JobProgressState = { message: null, transport: null, notFound: false };

/**
 * Live progress of one job: WebSocket, falling back to SSE, then to polling (see
 * watchJobProgress). Stops by itself after the terminal message.
 */
export function useJobProgress(jobId: string | null): JobProgressState {
  // Keyed by job id so a new id never shows the previous job's state, without a reset in the effect.
  const [state, setState] = useState<JobProgressState & { jobId: string | null }>({ ...INITIAL, jobId });

  useEffect(() => {
    if (!jobId) return;
    const update = (patch: Partial<JobProgressState>) =>
      setState((previous) => ({ ...(previous.jobId === jobId ? previous : { ...INITIAL, jobId }), ...patch }));

    return watchJobProgress(jobId, {
      onMessage: (message) => update({ message }),
      onTransport: (transport) => update({ transport }),
      onNotFound: () => update({ notFound: true }),
    });
  }, [jobId]);

  return state.jobId === jobId ? state : INITIAL;
}
