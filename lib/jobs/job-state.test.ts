// A job's failure is recorded whatever text it carries: a store's 12 KB header quoted in the
// error, or a character the database refuses, still ends the job `failed` with a bounded
// message and its webhook and e-mail records closed, never left `running` and `pending`.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailNotifications, jobs, stores, webhookCallbacks } from "@/db/schema";
import { MESSAGE_TEXT_MAX } from "@/lib/bound-text";
import { FAILURE_TEXT_REFUSED, failJob } from "./job-state";

/** A running job with a webhook and an e-mail waiting for its end. */
async function runningJob(domain: string) {
  const slug = domain.replace(/\./g, "-");
  const [store] = await getDb().insert(stores).values({ domain, slug }).returning();
  const [job] = await getDb().insert(jobs).values({ storeId: store!.id, domain, slug, status: "running" }).returning();
  await getDb().insert(webhookCallbacks).values({ jobId: job!.id, url: "http://127.0.0.1:9/hooks/never" });
  await getDb().insert(emailNotifications).values({ jobId: job!.id, email: "owner@example.test" });

  return job!;
}

async function callbacksOf(jobId: string) {
  const [webhook] = await getDb().select().from(webhookCallbacks).where(eq(webhookCallbacks.jobId, jobId));
  const [email] = await getDb().select().from(emailNotifications).where(eq(emailNotifications.jobId, jobId));

  return { webhook, email };
}

describe("failJob", () => {
  it("ends the job failed with a 12 KB error cut to a bounded message, and closes its callbacks", async () => {
    const job = await runningJob("long-failure.test");
    const error = `long-failure.test answered unexpectedly: expected JSON, got text/html; ${"x".repeat(12_000)}`;

    const failed = await failJob(job.id, { code: "store_error", error });

    expect(failed?.status).toBe("failed");
    const [row] = await getDb().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: "failed", errorCode: "store_error" });
    expect(row!.error!.length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX);
    expect(row!.error).toMatch(/^long-failure\.test answered unexpectedly: expected JSON, got text\/html; x+…$/);
    const { webhook, email } = await callbacksOf(job.id);
    expect(webhook).toMatchObject({ status: "failed" });
    expect(email).toMatchObject({ status: "failed" });
  });

  it("ends the job failed with a fixed message when the database refuses the error's own text", async () => {
    const job = await runningJob("nul-failure.test");

    // PostgreSQL text cannot hold a NUL character.
    await failJob(job.id, { code: "store_unavailable", error: "nul-failure.test did not answer reliably: bad\u0000byte" });

    const [row] = await getDb().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: "failed", errorCode: "store_unavailable", error: FAILURE_TEXT_REFUSED });
    const { webhook, email } = await callbacksOf(job.id);
    expect(webhook).toMatchObject({ status: "failed" });
    expect(email).toMatchObject({ status: "failed" });
  });

  it("records a code that is not one of ours as analysis_failed", async () => {
    const job = await runningJob("odd-code.test");

    await failJob(job.id, { code: `store_${"x".repeat(5_000)}`, error: "odd-code.test failed" });

    const [row] = await getDb().select().from(jobs).where(eq(jobs.id, job.id));
    expect(row).toMatchObject({ status: "failed", errorCode: "analysis_failed", error: "odd-code.test failed" });
  });
});
