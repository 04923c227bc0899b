/**
 * Bulk analysis end to end, through the real route handlers, the admission and the embedded
 * workflow engine against the fake store: a pasted list of 20 domains runs as one batch and its
 * one batch.completed webhook (Standard Webhooks, the account's secret) comes after every job has
 * ended, never twice; a list with bad lines or a plan short of jobs starts nothing; a batch is
 * its owner's alone.
 */
import { parse } from "csv-parse/sync";
import { eq, inArray } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { getDb } from "@/db";
import { batches, jobs, stores, webhookDeliveries } from "@/db/schema";
import * as batchesRoute from "@/app/api/batches/route";
import * as batchRoute from "@/app/api/batches/[id]/route";
import * as exportRoute from "@/app/api/batches/[id]/export/route";
import * as listsRoute from "@/app/api/lists/route";
import { rotateWebhookSecret, setWebhookUrl } from "@/lib/webhooks";
import { createTestApiKey, createTestUser } from "@/testing/auth/fixtures";
import { fixtureStore } from "@/testing/fake-store";
import { documentedAnswerErrors } from "@/testing/openapi-answers";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { waitFor } from "@/testing/wait-for";
import { waitForDeliveryRunsToEnd } from "@/testing/workflow/delivery-runs";
import { standardWebhookHeaders, startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { batchEnvelopeSchema, batchExportRowSchema, batchListSchema, createdBatchSchema, invalidLinesBodySchema } from "./schemas";
import { settleBatch, settleOpenBatches } from "./settle-batch";

let h: PipelineHarness;
let receiver: WebhookReceiver;

const DOMAINS = Array.from({ length: 20 }, (_, i) => `batch-${i + 1}.test`);

beforeAll(async () => {
  h = await startPipeline({ WEBHOOK_RETRY_DELAYS: "1s,1s,1s" });
  receiver = await startWebhookReceiver();
  for (const domain of DOMAINS) h.fakeStore.addStore(fixtureStore(domain));
}, 60_000);

afterAll(async () => {
  await h?.stop();
  await receiver?.close();
});

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** A real route handler, as the holder of `key`; the answer checked against the OpenAPI document. */
async function call(
  handler: unknown,
  method: string,
  path: string,
  {
    key = h.apiKey,
    body,
    contentType = "application/json",
    params = {},
  }: { key?: string; body?: string; contentType?: string; params?: Record<string, string> } = {},
) {
  const response = await (handler as Handler)(
    new Request(`http://localhost:3000${path}`, { method, headers: { "x-api-key": key, "content-type": contentType }, body }),
    { params: Promise.resolve(params) },
  );
  const type = response.headers.get("content-type") ?? "";
  const text = await response.text();
  const parsed: unknown = type.startsWith("application/json") ? JSON.parse(text) : text;
  if (type.startsWith("application/json")) {
    expect(documentedAnswerErrors(method, path.split("?")[0]!.replace(/[0-9a-f-]{36}/, "{id}"), response.status, parsed)).toEqual([]);
  }

  return { status: response.status, body: parsed, text, headers: response.headers };
}

describe("a pasted list of 20 domains", () => {
  it("runs as one batch, reports each store's state, and sends one signed batch.completed after every job ended", async () => {
    const secret = (await rotateWebhookSecret(h.userId)).secret;
    // No webhook_url in a CSV body: batch.completed goes to the account's webhook URL.
    await setWebhookUrl(h.userId, receiver.url("/hooks/batch"));
    // Pasted as CSV: a header, a URL form and a www. form of stores already listed (duplicates), a blank line.
    const csv = ["domain", ...DOMAINS, `https://${DOMAINS[0]}/collections/all`, "", `www.${DOMAINS[1]}`].join("\r\n");
    const created = await call(batchesRoute.POST, "POST", `/api/batches`, { body: csv, contentType: "text/csv" });
    expect(created.status).toBe(201);
    const { batch: first, duplicates } = createdBatchSchema.parse(created.body);
    expect(duplicates).toBe(2);
    const batchId = first.id;
    expect(first.total).toBe(20);
    expect(first.jobs.pagination.total).toBe(20);

    const ended = await waitFor(
      async () => {
        const { body } = await call(batchRoute.GET, "GET", `/api/batches/${batchId}`, { params: { id: batchId } });
        const { batch } = batchEnvelopeSchema.parse(body);

        return batch.status === "completed" ? batch : null;
      },
      { timeoutMs: 240_000, intervalMs: 200, what: "the batch to complete" },
    );
    expect(ended.counts).toEqual({ queued: 0, running: 0, completed: 20, failed: 0 });

    const page = await call(batchRoute.GET, "GET", `/api/batches/${batchId}?page=2&per_page=15`, { params: { id: batchId } });
    const { data: lastPage } = batchEnvelopeSchema.parse(page.body).batch.jobs;
    expect(lastPage.map((job) => job.domain)).toEqual(DOMAINS.slice(15));

    const [batch] = await getDb().select().from(batches).where(eq(batches.id, batchId));
    expect(batch!.webhookDeliveryId).not.toBeNull();
    await waitFor(async () => receiver.requests.some((r) => r.path === "/hooks/batch"), { timeoutMs: 30_000, what: "batch.completed" });
    await waitForDeliveryRunsToEnd(batch!.webhookDeliveryId!);
    // A second settling of an ended batch sends nothing.
    expect(await settleBatch(batchId)).toBe(false);

    const received = receiver.requests.filter((r) => r.path === "/hooks/batch");
    expect(received).toHaveLength(1);
    const event = new Webhook(secret).verify(received[0]!.body, standardWebhookHeaders(received[0]!));
    expect(event).toMatchObject({ type: "batch.completed", data: { batch_id: batchId, total: 20, counts: { completed: 20, failed: 0 } } });
    const batchJobs = await getDb().select().from(jobs).where(eq(jobs.batchId, batchId));
    expect(batchJobs).toHaveLength(20);
    for (const job of batchJobs) expect(job.completedAt!.getTime()).toBeLessThanOrEqual(received[0]!.at);
    expect(await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.eventType, "batch.completed"))).toHaveLength(1);

    // The results as one file: a CSV parser reads one row per store, with its report and what it found.
    const exported = await call(exportRoute.GET, "GET", `/api/batches/${batchId}/export`, { params: { id: batchId } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get("content-type")).toContain("text/csv");
    const rows = parse(exported.text, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.domain).sort()).toEqual([...DOMAINS].sort());
    for (const row of rows) {
      expect(row.status).toBe("completed");
      expect(row.report_url).toBe(`http://localhost:3000/reports/${row.job_id}`);
    }
    const json = await call(exportRoute.GET, "GET", `/api/batches/${batchId}/export?format=json`, { params: { id: batchId } });
    expect(z.object({ rows: z.array(batchExportRowSchema) }).parse(json.body).rows).toHaveLength(20);
  }, 300_000);
});

describe("a list with lines that are not store domains", () => {
  it("answers 400 naming each bad line by its number, and starts nothing", async () => {
    const before = await getDb().select().from(batches).where(eq(batches.userId, h.userId));
    const answer = await call(batchesRoute.POST, "POST", "/api/batches", {
      body: JSON.stringify({ domains: ["good-one.test", "not a domain", "good-two.test", "127.0.0.1", "  "] }),
    });
    expect(answer.status).toBe(400);
    const refused = invalidLinesBodySchema.parse(answer.body);
    expect(refused.invalid_lines!.map((line) => line.line)).toEqual([2, 4]);
    expect(refused.invalid_lines![1]).toMatchObject({ input: "127.0.0.1", error: "IP addresses are not store domains" });
    expect(await getDb().select().from(batches).where(eq(batches.userId, h.userId))).toHaveLength(before.length);
    expect(
      await getDb()
        .select()
        .from(jobs)
        .where(inArray(jobs.domain, ["good-one.test", "good-two.test"])),
    ).toEqual([]);
  });
});

describe("a batch larger than the plan allows", () => {
  it("is refused whole with 402 plan_limit_reached: no batch, no job, no store row", async () => {
    const free = await createTestUser();
    const { key } = await createTestApiKey(free.id);
    const domains = ["quota-1.test", "quota-2.test", "quota-3.test", "quota-4.test"];
    const answer = await call(batchesRoute.POST, "POST", "/api/batches", { key, body: JSON.stringify({ domains }) });
    expect(answer.status).toBe(402);
    expect(answer.body).toMatchObject({ code: "plan_limit_reached", plan: "free", limit: 3, used: 0 });
    expect(await getDb().select().from(batches).where(eq(batches.userId, free.id))).toEqual([]);
    expect(await getDb().select().from(jobs).where(eq(jobs.userId, free.id))).toEqual([]);
    expect(await getDb().select().from(stores).where(inArray(stores.domain, domains))).toEqual([]);
  });
});

describe("another account", () => {
  it("cannot read, list or export my batch", async () => {
    const created = await call(batchesRoute.POST, "POST", "/api/batches", { body: JSON.stringify({ domains: [DOMAINS[0]] }) });
    expect(created.status).toBe(201);
    const batchId = createdBatchSchema.parse(created.body).batch.id;
    const other = await createTestUser();
    const { key } = await createTestApiKey(other.id);

    // Its job runs under the account's batch key, beside the account's own single jobs' key.
    const [job] = await getDb().select().from(jobs).where(eq(jobs.batchId, batchId));
    expect(job).toMatchObject({ userId: h.userId, concurrencyKey: `batch:${h.userId}`, batchPosition: 0 });

    const read = await call(batchRoute.GET, "GET", `/api/batches/${batchId}`, { key, params: { id: batchId } });
    expect(read.status).toBe(404);
    const exported = await call(exportRoute.GET, "GET", `/api/batches/${batchId}/export`, { key, params: { id: batchId } });
    expect(exported.status).toBe(404);
    const list = await call(batchesRoute.GET, "GET", "/api/batches", { key });
    expect(batchListSchema.parse(list.body).data).toEqual([]);
    const mine = await call(batchesRoute.GET, "GET", "/api/batches", {});
    expect(batchListSchema.parse(mine.body).data.map((batch) => batch.id)).toContain(batchId);
  });
});

describe("a batch whose last job ended outside its run", () => {
  it("is ended by the stalled-jobs cron's pass, once", async () => {
    const [stale] = await getDb()
      .insert(batches)
      .values({ userId: h.userId, total: 0, createdAt: new Date(Date.now() - 10 * 60 * 1000) })
      .returning();
    expect(await settleOpenBatches()).toBeGreaterThanOrEqual(1);
    const [ended] = await getDb().select().from(batches).where(eq(batches.id, stale!.id));
    expect(ended!.endedAt).not.toBeNull();
    expect(await settleBatch(stale!.id)).toBe(false);
  });
});

describe("a batch from a saved list", () => {
  it("analyzes the list's stores now; another account's list is a 404 and starts nothing", async () => {
    // Three of the pasted list's stores, analyzed above, picked by hand into a saved list.
    const picked = await getDb()
      .select({ slug: stores.slug, domain: stores.domain })
      .from(stores)
      .where(inArray(stores.domain, DOMAINS.slice(0, 3)));
    expect(picked).toHaveLength(3);
    const saved = await call(listsRoute.POST, "POST", "/api/lists", {
      body: JSON.stringify({ name: "Picked for a batch", stores: picked.map((store) => store.slug) }),
    });
    expect(saved.status).toBe(201);
    const listId = (saved.body as { id: string }).id;

    const created = await call(batchesRoute.POST, "POST", "/api/batches", { body: JSON.stringify({ list_id: listId }) });
    expect(created.status).toBe(201);
    const { batch } = createdBatchSchema.parse(created.body);
    expect(batch.total).toBe(3);
    const started = await getDb().select({ domain: jobs.domain }).from(jobs).where(eq(jobs.batchId, batch.id));
    expect(started.map((job) => job.domain).sort()).toEqual(DOMAINS.slice(0, 3).sort());

    const other = await createTestUser();
    const { key } = await createTestApiKey(other.id);
    const refused = await call(batchesRoute.POST, "POST", "/api/batches", { key, body: JSON.stringify({ list_id: listId }) });
    expect(refused.status).toBe(404);
    expect(await getDb().select().from(batches).where(eq(batches.userId, other.id))).toEqual([]);

    // One source at a time.
    const both = await call(batchesRoute.POST, "POST", "/api/batches", {
      body: JSON.stringify({ list_id: listId, domains: [DOMAINS[0]] }),
    });
    expect(both.status).toBe(400);
  });
});
