import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailNotifications, jobs, stores, webhookCallbacks } from "@/db/schema";
import { createTestSession, createTestUser, sessionCookieHeader } from "@/testing/auth/fixtures";
import { resetEnvCache } from "@/lib/env";
import { listOutbox } from "@/lib/mail";
import { fixtureStore, passwordStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { deliverJobWebhook } from "./deliver-webhook";

let h: PipelineHarness;
let receiver: WebhookReceiver;

beforeAll(async () => {
  h = await startPipeline();
  receiver = await startWebhookReceiver();
  h.fakeStore.addStore(fixtureStore("notify.test"));
  h.fakeStore.addStore(passwordStore("notify-locked.test"));
});

afterAll(async () => {
  await h?.stop();
  await receiver?.close();
});

async function runJob(body: Record<string, unknown>) {
  const response = await h.submit({ domain: "notify.test", ...body });
  expect(response.status).toBe(201);
  const { job } = (await response.json()) as { job: { id: string } };

  return h.waitForJob(job.id);
}

const callbackOf = async (jobId: string) => (await getDb().select().from(webhookCallbacks).where(eq(webhookCallbacks.jobId, jobId)))[0];

describe("job.completed webhook", () => {
  it("POSTs exactly the contract's payload once, as plain JSON without custom headers", async () => {
    receiver.respondWith(204);
    const job = await runJob({ webhook_url: receiver.url("/hooks/ok-secret") });
    const received = receiver.requests.filter((r) => r.path === "/hooks/ok-secret");

    expect(received).toHaveLength(1);
    expect(received[0]!.method).toBe("POST");
    expect(received[0]!.headers["content-type"]).toBe("application/json");
    expect(Object.keys(received[0]!.headers).filter((name) => name.startsWith("x-") || name.includes("signature"))).toEqual([]);
    expect(JSON.parse(received[0]!.body)).toEqual({
      event: "job.completed",
      job_id: job.id,
      domain: "notify.test",
      slug: "notify-test",
      report_url: `http://localhost:3000/reports/${job.id}`,
      api_url: `http://localhost:3000/api/reports/${job.id}`,
      status_url: `http://localhost:3000/api/jobs/${job.id}/status`,
    });
    expect(await callbackOf(job.id)).toMatchObject({ status: "delivered", attempts: 1, responseStatus: 204 });
  });

  it("marks a 500 answer failed after one attempt and never retries", async () => {
    receiver.respondWith(500);
    const job = await runJob({ webhook_url: receiver.url("/hooks/fails") });
    await new Promise((r) => setTimeout(r, 500));

    expect(receiver.requests.filter((r) => r.path === "/hooks/fails")).toHaveLength(1);
    expect(await callbackOf(job.id)).toMatchObject({ status: "failed", attempts: 1, responseStatus: 500 });
  });

  it("does not follow redirects", async () => {
    receiver.respondWith(302);
    const job = await runJob({ webhook_url: receiver.url("/hooks/moved") });

    expect(receiver.requests.filter((r) => r.path === "/hooks/moved")).toHaveLength(1);
    expect(await callbackOf(job.id)).toMatchObject({ status: "failed", attempts: 1, responseStatus: 302 });
  });

  it("refuses a private address when private networks are not allowed (SSRF guard)", async () => {
    const [store] = await getDb().insert(stores).values({ domain: "ssrf.test", slug: "ssrf-test" }).returning();
    const [job] = await getDb()
      .insert(jobs)
      .values({ storeId: store!.id, domain: "ssrf.test", slug: "ssrf-test", status: "completed", progress: 1 })
      .returning();
    await getDb()
      .insert(webhookCallbacks)
      .values({ jobId: job!.id, url: receiver.url("/hooks/internal") });
    process.env.ALLOW_PRIVATE_NETWORK = "false";
    resetEnvCache();
    try {
      expect(await deliverJobWebhook(job!)).toBe("failed");
    } finally {
      process.env.ALLOW_PRIVATE_NETWORK = "true";
      resetEnvCache();
    }
    expect(receiver.requests.filter((r) => r.path === "/hooks/internal")).toHaveLength(0);
    expect((await callbackOf(job!.id))?.error).toMatch(/blocked_address/);
  });
});

describe("a job that fails", () => {
  it("closes its webhook and e-mail records as failed, never sent, instead of leaving them pending", async () => {
    const email = `failed-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const job = await runJob({ domain: "notify-locked.test", webhook_url: receiver.url("/hooks/never"), notify_email: email });
    expect(job.status).toBe("failed");

    expect(await callbackOf(job.id)).toMatchObject({ status: "failed", attempts: 0, error: expect.stringMatching(/job failed/i) });
    expect((await callbackOf(job.id))?.completedAt).toBeInstanceOf(Date);
    const [record] = await getDb().select().from(emailNotifications).where(eq(emailNotifications.jobId, job.id));
    expect(record).toMatchObject({ status: "failed", email });
    expect(receiver.requests.filter((r) => r.path === "/hooks/never")).toHaveLength(0);
    expect(await listOutbox({ to: email })).toHaveLength(0);
  });
});

describe("completion e-mail", () => {
  it("sends one e-mail with the report link and records it sent", async () => {
    const email = `owner-${crypto.randomUUID().slice(0, 6)}@example.test`;
    const job = await runJob({ notify_email: email });
    const [record] = await getDb().select().from(emailNotifications).where(eq(emailNotifications.jobId, job.id));
    expect(record).toMatchObject({ status: "sent", email });

    const outbox = await listOutbox({ to: email });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.text).toContain(`http://localhost:3000/reports/${job.id}`);
    expect(outbox[0]!.html).toContain(`http://localhost:3000/reports/${job.id}`);
  });
});

describe("admin retry", () => {
  it("creates a new job with its own webhook record and leaves the original unchanged", async () => {
    receiver.respondWith(200);
    const original = await runJob({ webhook_url: receiver.url("/hooks/retry") });
    const admin = await createTestUser();
    process.env.ADMIN_USER_IDS = admin.id;
    resetEnvCache();
    const token = await createTestSession(admin.id);
    const { POST } = await import("@/app/api/admin/jobs/[id]/retry/route");

    const response = await POST(
      new Request(`http://localhost:3000/api/admin/jobs/${original.id}/retry`, {
        method: "POST",
        headers: { ...sessionCookieHeader(token), origin: "http://localhost:3000" },
      }),
      { params: Promise.resolve({ id: original.id }) },
    );
    expect(response.status).toBe(201);
    const { job: retried } = (await response.json()) as { job: { id: string; retry_of: string } };
    expect(retried.id).not.toBe(original.id);
    expect(retried.retry_of).toBe(original.id);

    const done = await h.waitForJob(retried.id);
    expect(done.status).toBe("completed");
    expect(await callbackOf(retried.id)).toMatchObject({ status: "delivered", attempts: 1 });
    const [unchanged] = await getDb().select().from(jobs).where(eq(jobs.id, original.id));
    expect(unchanged).toEqual(original);
    expect(receiver.requests.filter((r) => r.path === "/hooks/retry")).toHaveLength(2);

    const someone = await createTestUser();
    const denied = await POST(
      new Request(`http://localhost:3000/api/admin/jobs/${original.id}/retry`, {
        method: "POST",
        headers: { ...sessionCookieHeader(await createTestSession(someone.id)), origin: "http://localhost:3000" },
      }),
      { params: Promise.resolve({ id: original.id }) },
    );
    expect(denied.status).toBe(403);
  });
});
