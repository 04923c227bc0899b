// No text a store sends can keep its job from ending: a store whose product listing answers
// with a 12 KB Content-Type fails its job with a bounded message, announced to watchers, with
// its webhook and e-mail records closed instead of left pending.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailNotifications, webhookCallbacks } from "@/db/schema";
import { MESSAGE_TEXT_MAX } from "@/lib/bound-text";
import type { JobMessage } from "@/lib/jobs/job-messages";
import { closeJobEventHub } from "@/lib/realtime/job-event-hub";
import { watchJob } from "@/lib/realtime/watch-job";
import { fixtureStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { waitFor } from "@/testing/wait-for";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";

let h: PipelineHarness;
let receiver: WebhookReceiver;

beforeAll(async () => {
  h = await startPipeline();
  receiver = await startWebhookReceiver();
});

afterAll(async () => {
  await closeJobEventHub();
  await h?.stop();
  await receiver?.close();
});

describe("a store answering with hostile text", () => {
  it("fails its job with a bounded message when its listing answers a 12 KB Content-Type", async () => {
    const contentType = `text/html; ${"x".repeat(12_000)}`;
    h.fakeStore.addStore(fixtureStore("huge-type.test", { listingContentType: contentType }));
    const response = await h.submit({
      domain: "huge-type.test",
      webhook_url: receiver.url("/hooks/huge-type"),
      notify_email: "owner@example.test",
    });
    expect(response.status).toBe(201);
    const { job: created } = (await response.json()) as { job: { id: string } };
    const messages: JobMessage[] = [];
    let ended = false;
    await watchJob(
      created.id,
      (message) => messages.push(message),
      () => (ended = true),
    );

    const job = await h.waitForJob(created.id);

    expect(job).toMatchObject({ status: "failed", errorCode: "store_error" });
    expect(job.error!.length).toBeLessThanOrEqual(MESSAGE_TEXT_MAX);
    expect(job.error).toMatch(/^huge-type\.test answered unexpectedly: .*expected JSON, got text\/html; x+…/);
    await waitFor(() => ended, { what: "the failed message" });
    expect(messages.at(-1)).toMatchObject({ type: "failed", job_id: job.id, code: "store_error", error: job.error });
    const [webhook] = await getDb().select().from(webhookCallbacks).where(eq(webhookCallbacks.jobId, job.id));
    const [email] = await getDb().select().from(emailNotifications).where(eq(emailNotifications.jobId, job.id));
    expect(webhook).toMatchObject({ status: "failed" });
    expect(email).toMatchObject({ status: "failed" });
  }, 120_000);
});
