/** A delivery record as attemptOnce reads it back: pending until its one attempt is settled. */
type Recorded<Outcome extends string> = { id: string; status: Outcome | "pending" };

/**
 * The one attempt of a job's notification (webhook or e-mail), claimed and committed BEFORE it is
 * sent, so a step resumed after a crash sees that an attempt may already have reached the other
 * side and never makes a second one. Already claimed: the recorded outcome, or, if the worker
 * died mid-attempt (still pending), "failed", recorded as interrupted; no record: "none".
 */
export async function attemptOnce<Claim extends { id: string }, Outcome extends string>(steps: {
  claim: () => Promise<Claim | null>;
  recorded: () => Promise<Recorded<Outcome> | undefined>;
  markInterrupted: (id: string) => Promise<void>;
  send: (claim: Claim) => Promise<Outcome | "failed">;
}): Promise<Outcome | "failed" | "none"> {
  const claimed = await steps.claim();
  if (claimed) return steps.send(claimed);
  const previous = await steps.recorded();
  if (!previous) return "none";
  if (previous.status !== "pending") return previous.status;
  await steps.markInterrupted(previous.id);

  return "failed";
}
