// A job's failure reaches whoever watches it however long its error: the announcement carries
// the job's id and small fields only, and the failed message is read from the job's row.
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, stores } from "@/db/schema";
import { MESSAGE_TEXT_MAX } from "@/lib/bound-text";
import { recordJobProgress, failJob } from "@/lib/jobs/job-state";
import type { JobMessage } from "@/lib/jobs/job-messages";
import { waitFor } from "@/testing/wait-for";
import { closeJobEventHub } from "./job-event-hub";
import { watchJob } from "./watch-job";

afterAll(() => closeJobEventHub());

async function queuedJob(domain: string) {
  const slug = domain.replace(/\./g, "-");
  const [store] = await getDb().insert(stores).values({ domain, slug }).returning();
  const [job] = await getDb().insert(jobs).values({ storeId: store!.id, domain, slug, status: "queued" }).returning();

  return job!;
}

describe("the job event hub", () => {
  it("delivers a failure with a 12 KB error to a watcher, its message cut to a bounded length", async () => {
    const job = await queuedJob("hub-long-failure.test");
    const messages: JobMessage[] = [];
    let ended = false;
    const watch = await watchJob(
      job.id,
      (message) => messages.push(message),
      () => (ended = true),
    );
    await recordJobProgress(job.id, { step: "fetch-products", progress: 0.3, counts: { products: 250 } });

    await failJob(job.id, {
      code: "store_error",
      error: `hub-long-failure.test answered unexpectedly: expected JSON, got ${"x".repeat(12_000)}`,
    });

    await waitFor(() => ended, { what: "the failed message" });
    watch?.stop();
    expect(messages.map((m) => m.type)).toEqual(["progress", "progress", "failed"]);
    expect(messages[1]).toMatchObject({ step: "fetch-products", progress: 0.3, counts: { products: 250 } });
    const failed = messages[2]!;
    expect(failed).toMatchObject({ job_id: job.id, status: "failed", code: "store_error" });
    expect(failed.error!.length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX);
    expect(failed.error).toMatch(/^hub-long-failure\.test answered unexpectedly: expected JSON, got x+…$/);
  });
});
