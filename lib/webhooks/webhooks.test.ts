import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, stores, webhookCallbacks, webhookDeliveries } from "@/db/schema";
import * as settingsRoute from "@/app/api/webhooks/route";
import * as deliveriesRoute from "@/app/api/webhooks/deliveries/route";
import * as secretRoute from "@/app/api/webhooks/secret/route";
import * as testRoute from "@/app/api/webhooks/test/route";
import { deliverJobWebhook } from "@/lib/notifications/deliver-webhook";
import { createTestSession, sessionCookieHeader, TEST_ORIGIN } from "@/testing/auth/fixtures";
import { fixtureStore } from "@/testing/fake-store";
import { documentedAnswerErrors } from "@/testing/openapi-answers";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { waitFor } from "@/testing/wait-for";
import { waitForDeliveryRunsToEnd } from "@/testing/workflow/delivery-runs";
import { standardWebhookHeaders, startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { attemptDelivery } from "./attempt-delivery";
import { restartStalledDeliveries } from "./queue-delivery";

let h: PipelineHarness;
let receiver: WebhookReceiver;
let session: Record<string, string>;

beforeAll(async () => {
  // Seconds (durable waits are at least 1 s), not a day: the schedule's shape is what is under test.
  h = await startPipeline({ WEBHOOK_RETRY_DELAYS: "1s,1s,1s" });
  receiver = await startWebhookReceiver();
  h.fakeStore.addStore(fixtureStore("signed.test"));
  session = { ...sessionCookieHeader(await createTestSession(h.userId)), origin: TEST_ORIGIN };
});

afterAll(async () => {
  await h?.stop();
  await receiver?.close();
});

const at = (path: string) => receiver.requests.filter((r) => r.path === path);
const deliveryOf = async (id: string) => (await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0];

type Handler = (req: Request, ctx: { params: Promise<Record<string, never>> }) => Promise<Response>;
const ROUTES: Record<string, Record<string, unknown>> = {
  "/webhooks": settingsRoute,
  "/webhooks/secret": secretRoute,
  "/webhooks/test": testRoute,
  "/webhooks/deliveries": deliveriesRoute,
};

/** The real route handler, as the signed-in account. */
async function call(path: string, method: string, body?: unknown) {
  const response = await (ROUTES[path]![method] as Handler)(
    new Request(`${TEST_ORIGIN}/api${path}`, {
      method,
      headers: { ...session, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );

  const answer = { status: response.status, body: (await response.json()) as Record<string, unknown> };
  expect(documentedAnswerErrors(method, `/api${path}`, answer.status, answer.body)).toEqual([]);

  return answer;
}

const rotate = async () => {
  const { status, body } = await call("/webhooks/secret", "POST");
  expect(status).toBe(201);

  return String(body.secret);
};

describe("signing secret", () => {
  it("is shown once, at creation, and only its prefix afterwards", async () => {
    expect((await call("/webhooks", "GET")).body).toEqual({ url: null, secret: null });
    const secret = await rotate();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const { body } = await call("/webhooks", "GET");
    expect(body).toEqual({ url: null, secret: { prefix: secret.slice(0, 12), created_at: expect.any(String) } });
    expect(JSON.stringify(body)).not.toContain(secret.slice(12));
  });
});

describe("job.completed", () => {
  it("carries a signature the standardwebhooks library verifies, over the contract's unchanged body; a rotation switches secrets at once", async () => {
    const first = await rotate();
    const submitted = await h.submit({ domain: "signed.test", webhook_url: receiver.url("/hooks/signed-1") });
    const job = await h.waitForJob(((await submitted.json()) as { job: { id: string } }).job.id);
    const [request] = at("/hooks/signed-1");

    expect(new Webhook(first).verify(request!.body, standardWebhookHeaders(request!))).toEqual({
      event: "job.completed",
      job_id: job.id,
      domain: "signed.test",
      slug: "signed-test",
      report_url: `http://localhost:3000/reports/${job.id}`,
      api_url: `http://localhost:3000/api/reports/${job.id}`,
      status_url: `http://localhost:3000/api/jobs/${job.id}/status`,
    });
    const [callback] = await getDb().select().from(webhookCallbacks).where(eq(webhookCallbacks.jobId, job.id));
    expect(request!.headers["webhook-id"]).toBe(callback!.id);
    expect(callback).toMatchObject({ status: "delivered", attempts: 1 });

    const second = await rotate();
    const again = await h.submit({ domain: "signed.test", webhook_url: receiver.url("/hooks/signed-2") });
    await h.waitForJob(((await again.json()) as { job: { id: string } }).job.id);
    const [next] = at("/hooks/signed-2");
    expect(() => new Webhook(first).verify(next!.body, standardWebhookHeaders(next!))).toThrow();
    expect(new Webhook(second).verify(next!.body, standardWebhookHeaders(next!))).toMatchObject({ event: "job.completed" });
  });

  it("goes unsigned, exactly as the contract sends it, for a job without an owner (x402)", async () => {
    await rotate();
    const [store] = await getDb().insert(stores).values({ domain: "anon-signed.test", slug: "anon-signed-test" }).returning();
    const [job] = await getDb()
      .insert(jobs)
      .values({ storeId: store!.id, domain: "anon-signed.test", slug: "anon-signed-test", status: "completed", progress: 1 })
      .returning();
    await getDb()
      .insert(webhookCallbacks)
      .values({ jobId: job!.id, url: receiver.url("/hooks/anonymous") });

    expect(await deliverJobWebhook(job!)).toBe("delivered");
    const [request] = at("/hooks/anonymous");
    expect(Object.keys(request!.headers).filter((name) => name.startsWith("webhook-"))).toEqual([]);
  });
});

describe("test events and retries", () => {
  it("refuses a test event before a URL is set, and changes nothing", async () => {
    const before = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, h.userId));
    expect((await call("/webhooks/test", "POST")).status).toBe(409);
    expect(await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.userId, h.userId))).toEqual(before);
    expect((await call("/webhooks", "PUT", { url: "ftp://example.com/x" })).status).toBe(400);
  });

  it("reaches a receiver that fails twice on the third attempt, signed each time with the same id, and never again after its 2xx", async () => {
    const secret = await rotate();
    expect((await call("/webhooks", "PUT", { url: receiver.url("/hooks/flaky") })).body).toMatchObject({
      url: receiver.url("/hooks/flaky"),
    });
    receiver.respondWith(200);
    receiver.failNext(2, 503);

    const queued = await call("/webhooks/test", "POST");
    expect(queued.status).toBe(202);
    const id = (queued.body.delivery as { id: string }).id;
    // Its run has ended: no further attempt can come.
    expect(await waitForDeliveryRunsToEnd(id)).toBe(1);
    expect(await deliveryOf(id)).toMatchObject({ status: "delivered" });

    const requests = at("/hooks/flaky");
    expect(requests).toHaveLength(3);
    for (const request of requests) {
      expect(new Webhook(secret).verify(request.body, standardWebhookHeaders(request))).toMatchObject({ type: "webhook.test" });
      expect(request.headers["webhook-id"]).toBe(id);
    }
    // A replayed step after the 2xx sends nothing.
    expect(await attemptDelivery(id, 4, null)).toBe("delivered");
    expect(at("/hooks/flaky")).toHaveLength(3);

    const log = await call("/webhooks/deliveries", "GET");
    const [delivery] = log.body.data as Array<Record<string, unknown>>;
    expect(delivery).toMatchObject({ id, event_type: "webhook.test", status: "delivered", attempts: 3, next_attempt_at: null });
    expect((delivery!.attempt_log as Array<Record<string, unknown>>).map((a) => [a.number, a.status, a.response_status])).toEqual([
      [1, "failed", 503],
      [2, "failed", 503],
      [3, "delivered", 200],
    ]);
  });

  it("gives up after the last wait of the schedule, every attempt recorded", async () => {
    await call("/webhooks", "PUT", { url: receiver.url("/hooks/down") });
    receiver.respondWith(500);
    const id = ((await call("/webhooks/test", "POST")).body.delivery as { id: string }).id;
    const delivery = await waitFor(async () => ((await deliveryOf(id))?.completedAt ? deliveryOf(id) : null), {
      what: "the delivery to be given up",
    });
    receiver.respondWith(200);

    expect(delivery).toMatchObject({ status: "failed", attempts: 4, nextAttemptAt: null });
    expect(at("/hooks/down")).toHaveLength(4);
  });

  it("starts again a delivery whose workflow event was never sent, and leaves fresh ones alone", async () => {
    receiver.respondWith(200);
    const recorded = (minutesAgo: number) =>
      getDb()
        .insert(webhookDeliveries)
        .values({
          userId: h.userId,
          url: receiver.url(`/hooks/stalled-${minutesAgo}`),
          eventType: "webhook.test",
          payload: { type: "webhook.test" },
          createdAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .returning();
    const [stalled] = await recorded(10);
    const [fresh] = await recorded(0);

    expect(await restartStalledDeliveries()).toBe(1);
    await waitFor(async () => (await deliveryOf(stalled!.id))?.status === "delivered", { what: "the stalled delivery" });
    expect(await deliveryOf(fresh!.id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(await restartStalledDeliveries()).toBe(0);
  });
});
