/**
 * POST /api/batches paid once with x402, without an account, end to end: the official clients
 * (x402-fetch for v1, @x402/fetch for v2) with a local key pay the real route, which prices the
 * checked list (a job's price times its stores), verifies and settles once through the
 * facilitator on loopback that checks the EIP-3009 signature for real, then admits the batch and
 * all its jobs, which run through the real pipeline against the fake store.
 */
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment as wrapFetchWithPaymentV2, x402Client } from "@x402/fetch";
import { count, eq, isNull } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPaymentHeader } from "x402/client";
import { decodeXPaymentResponse, wrapFetchWithPayment } from "x402-fetch";
import { getDb } from "@/db";
import { batches, jobs, x402Payments } from "@/db/schema";
import * as batchesRoute from "@/app/api/batches/route";
import * as batchRoute from "@/app/api/batches/[id]/route";
import { replayKey } from "@/lib/billing/x402/proof";
import { resetEnvCache } from "@/lib/env";
import { serializeJob } from "@/lib/jobs/serialize-job";
import { apiKeyHeader, createTestApiKey, createTestUser } from "@/testing/auth/fixtures";
import type { FakeFacilitator } from "@/testing/fake-facilitator";
import { fixtureStore, passwordStore } from "@/testing/fake-store";
import { documentedAnswerErrors } from "@/testing/openapi-answers";
import type { PipelineHarness } from "@/testing/pipeline";
import { waitFor } from "@/testing/wait-for";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";
import { startPaidPipeline, type PaidPipeline } from "@/testing/x402-harness";
import { connectMcp, startMcpHost, toolJson } from "@/testing/mcp-host";
import type { RouteHost } from "@/testing/route-host";
import { batchEnvelopeSchema, createdBatchSchema } from "./schemas";

const PAY_TO = privateKeyToAccount(generatePrivateKey()).address;
/** A job's price (USD 0.50 in USDC atomic units). */
const JOB_PRICE = 500_000n;
const BASE = "http://localhost:3000";

let bench: PaidPipeline;
let pipeline: PipelineHarness;
let facilitator: FakeFacilitator;
let receiver: WebhookReceiver;
let mcpHost: RouteHost;

const STORES = ["bulk-a.test", "bulk-b.test", "bulk-c.test", "bulk-d.test", "bulk-e.test"];

beforeAll(async () => {
  bench = await startPaidPipeline(PAY_TO);
  ({ pipeline, facilitator } = bench);
  receiver = await startWebhookReceiver();
  mcpHost = await startMcpHost();
  for (const domain of STORES) pipeline.fakeStore.addStore(fixtureStore(domain));
  pipeline.fakeStore.addStore(passwordStore("bulk-locked.test"));
}, 60_000);

afterAll(async () => {
  await mcpHost?.close();
  await bench?.stop();
  await receiver?.close();
});

beforeEach(() => bench.reset());

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** POST /api/batches as Next calls it; every JSON answer checked against the OpenAPI document. */
async function submit(headers: Record<string, string>, body: unknown): Promise<Response> {
  const response = await (batchesRoute.POST as Handler)(
    new Request(`${BASE}/api/batches`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
  const parsed: unknown = await response.clone().json();
  expect(documentedAnswerErrors("POST", "/api/batches", response.status, parsed)).toEqual([]);

  return response;
}

/** fetch as the x402 clients see it, answered by the real route handler; records the payment header sent. */
const routeFetch =
  (sent: string[] = []) =>
  async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const payment = request.headers.get("payment-signature") ?? request.headers.get("x-payment");
    if (payment) sent.push(payment);

    return (batchesRoute.POST as Handler)(request, { params: Promise.resolve({}) });
  };

const listInit = (body: unknown) => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

/** The v1 requirements the route offers for this list (its 402). */
async function offerFor(body: unknown) {
  const response = await submit({}, body);
  expect(response.status).toBe(402);

  return (await response.json()).accepts[0];
}

const nonceOf = (header: string) =>
  (JSON.parse(Buffer.from(header, "base64").toString()).payload.authorization.nonce as string).toLowerCase();
const settleCalls = (nonce: string) => facilitator.calls.filter((call) => call.path === "/settle" && call.nonce === nonce).length;
const paymentRowsOf = (nonce: string) => getDb().select().from(x402Payments).where(eq(x402Payments.nonce, nonce));
const ownerlessBatches = async () => (await getDb().select({ n: count() }).from(batches).where(isNull(batches.userId)))[0]!.n;

async function readBatch(id: string, headers: Record<string, string> = {}) {
  return (batchRoute.GET as Handler)(new Request(`${BASE}/api/batches/${id}`, { headers }), { params: Promise.resolve({ id }) });
}

describe("POST /api/batches – x402, priced once for the list", () => {
  it("402 without credentials, priced at a job's price times the list's distinct stores, in v1 and v2; a bad list is 400 with nothing priced", async () => {
    // Four lines, three stores: www. and a URL form of one are the same store.
    const response = await submit({}, { domains: ["bulk-a.test", "www.bulk-a.test", "https://bulk-b.test/", "bulk-c.test"] });
    expect(response.status).toBe(402);
    const body = await response.json();
    expect(body).toMatchObject({ x402Version: 1, code: "payment_required" });
    expect(body.accepts[0]).toMatchObject({
      scheme: "exact",
      network: "base",
      maxAmountRequired: String(3n * JOB_PRICE),
      resource: `${BASE}/api/batches`,
      payTo: PAY_TO,
    });
    const v2 = decodePaymentRequiredHeader(response.headers.get("payment-required")!);
    expect(v2.resource.url).toBe(`${BASE}/api/batches`);
    expect(v2.accepts[0]).toMatchObject({ network: "eip155:8453", amount: String(3n * JOB_PRICE), payTo: PAY_TO });

    const bad = await submit({}, { domains: ["bulk-a.test", "not a domain"] });
    expect(bad.status).toBe(400);
    expect(bad.headers.get("payment-required")).toBeNull();
    expect((await bad.json()).invalid_lines).toHaveLength(1);
    const tooMany = await submit({}, { domains: Array.from({ length: 1_001 }, (_, i) => `bulk-${i}.test`) });
    expect(tooMany.status).toBe(400);
    // A saved list is an account's: nothing to price.
    expect((await submit({}, { list_id: crypto.randomUUID() })).status).toBe(401);
  });

  it("x402-fetch pays once → 201 with X-PAYMENT-RESPONSE: one batch of its N jobs, one settlement; the payer reads it by id; its webhook_url gets batch.completed; a failed store earns a free retry on POST /api/jobs", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const list = { domains: ["bulk-a.test", "bulk-b.test", "bulk-locked.test"], webhook_url: receiver.url("/hooks/paid-batch") };
    const sent: string[] = [];
    const before = await ownerlessBatches();
    const response = await wrapFetchWithPayment(routeFetch(sent), account, 3n * JOB_PRICE)(`${BASE}/api/batches`, listInit(list));
    expect(response.status, await response.clone().text()).toBe(201);
    const settlement = decodeXPaymentResponse(response.headers.get("x-payment-response")!);
    expect(settlement).toMatchObject({ success: true, network: "base", payer: account.address });
    const { batch } = createdBatchSchema.parse(await response.json());
    expect(batch.total).toBe(3);
    expect(batch.jobs.data.map((job) => job.domain)).toEqual(list.domains);
    expect(await ownerlessBatches()).toBe(before + 1);

    const nonce = nonceOf(sent.at(-1)!);
    expect(settleCalls(nonce), "settled once for the whole batch").toBe(1);
    expect(await paymentRowsOf(nonce)).toEqual([
      expect.objectContaining({ status: "settled", batchId: batch.id, jobId: null, amountAtomic: String(3n * JOB_PRICE) }),
    ]);
    const batchJobs = await getDb().select().from(jobs).where(eq(jobs.batchId, batch.id));
    expect(batchJobs).toHaveLength(3);
    for (const job of batchJobs) {
      expect(job).toMatchObject({ userId: null, paymentMethod: "x402", paymentRef: settlement.transaction });
    }

    // No account: the batch is read by its id, anonymously, as an x402 job is.
    const ended = await waitFor(
      async () => {
        const read = await readBatch(batch.id);
        expect(read.status).toBe(200);
        const view = batchEnvelopeSchema.parse(await read.json()).batch;

        return view.status === "completed" ? view : null;
      },
      { timeoutMs: 240_000, intervalMs: 250, what: "the paid batch to complete" },
    );
    expect(ended.counts).toMatchObject({ completed: 2, failed: 1 });
    // batch.completed to its webhook_url, unsigned: nobody's account holds a secret.
    await waitFor(async () => receiver.requests.some((r) => r.path === "/hooks/paid-batch"), {
      timeoutMs: 30_000,
      what: "batch.completed",
    });
    const [hook] = receiver.requests.filter((r) => r.path === "/hooks/paid-batch");
    expect(JSON.parse(hook!.body)).toMatchObject({ type: "batch.completed", data: { batch_id: batch.id, total: 3 } });
    expect(hook!.headers["webhook-signature"]).toBeUndefined();

    // The failed store's free retry: the same wallet's next POST /api/jobs for it is verified, never settled.
    const failed = batchJobs.find((job) => job.domain === "bulk-locked.test")!;
    const failedNow = await pipeline.waitForJob(failed.id);
    expect(serializeJob(failedNow).charge_returned).toBe("free_retry");
    const settlesBefore = facilitator.calls.filter((call) => call.path === "/settle").length;
    const retried = await wrapFetchWithPayment(
      async (input: RequestInfo | URL, init?: RequestInit) => bench.post(new Request(input, init), { params: Promise.resolve({}) }),
      account,
      JOB_PRICE,
    )(`${BASE}/api/jobs`, listInit({ domain: "bulk-locked.test" }));
    expect(retried.status, await retried.clone().text()).toBe(201);
    expect((await retried.json()).job.retry_of).toBe(failed.id);
    expect(facilitator.calls.filter((call) => call.path === "/settle").length, "the retry is free").toBe(settlesBefore);
  }, 300_000);

  it("the same proof sent again starts nothing more (402 payment_already_used); 20 concurrent copies of a fresh one start one batch, settled once", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const list = { domains: ["bulk-c.test", "bulk-d.test"] };
    const proof = await createPaymentHeader(account, 1, await offerFor(list));
    const nonce = nonceOf(proof);
    const before = await ownerlessBatches();

    const responses = await Promise.all(Array.from({ length: 20 }, () => submit({ "x-payment": proof }, list)));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 402)).toHaveLength(19);
    expect(await ownerlessBatches()).toBe(before + 1);
    expect(settleCalls(nonce)).toBe(1);
    const [row] = await paymentRowsOf(nonce);
    expect(row).toMatchObject({ status: "settled" });
    expect(await getDb().$count(jobs, eq(jobs.batchId, row!.batchId!))).toBe(2);

    const replay = await submit({ "x-payment": proof }, list);
    expect(replay.status).toBe(402);
    expect((await replay.json()).reason).toBe("payment_already_used");
    expect(await ownerlessBatches()).toBe(before + 1);
    expect(settleCalls(nonce)).toBe(1);
  });

  it("a payment for another amount than the list's price → 402, nothing claimed or settled, in v1 and v2", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const two = await offerFor({ domains: ["bulk-a.test", "bulk-b.test"] });
    const three = { domains: ["bulk-a.test", "bulk-b.test", "bulk-c.test"] };
    const before = await ownerlessBatches();
    const settledBefore = facilitator.settled.size;

    // Signed for two stores, sent with three (less), and a three-store price sent with two (more).
    const forTwo = await createPaymentHeader(account, 1, two);
    const under = await submit({ "x-payment": forTwo }, three);
    expect(under.status).toBe(402);
    expect(await under.json()).toMatchObject({ reason: "invalid_exact_evm_payload_authorization_value" });
    const forThree = await createPaymentHeader(account, 1, await offerFor(three));
    const over = await submit({ "x-payment": forThree }, { domains: ["bulk-a.test", "bulk-b.test"] });
    expect(over.status).toBe(402);
    expect(await over.json()).toMatchObject({ reason: "invalid_exact_evm_payload_authorization_value" });

    // v2: the payload accepts the two-store offer; sent with three stores, it matches no offer.
    const offered = decodePaymentRequiredHeader(
      (await submit({}, { domains: ["bulk-a.test", "bulk-b.test"] })).headers.get("payment-required")!,
    );
    const payload = JSON.parse(Buffer.from(await createPaymentHeader(account, 1, two), "base64").toString()).payload;
    const v2 = encodePaymentSignatureHeader({ x402Version: 2, resource: offered.resource, accepted: offered.accepts[0]!, payload });
    const v2Refused = await submit({ "payment-signature": v2 }, three);
    expect(v2Refused.status).toBe(402);
    expect(await v2Refused.json()).toMatchObject({ reason: "no_matching_requirements" });

    expect(await ownerlessBatches()).toBe(before);
    expect(facilitator.settled.size).toBe(settledBefore);
    for (const header of [forTwo, forThree]) expect(await paymentRowsOf(nonceOf(header))).toEqual([]);
  });

  it("a settlement whose answer never comes → 503 settlement_unknown and no batch; the same proof sent again settles once more and starts the batch, once", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const list = { domains: ["bulk-d.test", "bulk-e.test"] };
    const proof = await createPaymentHeader(account, 1, await offerFor(list));
    const nonce = nonceOf(proof);
    const before = await ownerlessBatches();
    process.env.X402_FACILITATOR_TIMEOUT_MS = "300";
    resetEnvCache();
    try {
      facilitator.loseSettlementAnswers("unanswered");
      const lost = await submit({ "x-payment": proof }, list);
      expect(lost.status).toBe(503);
      expect(await lost.json()).toMatchObject({ code: "unavailable", reason: "settlement_unknown" });
      expect(facilitator.settled.has(nonce), "the transfer was made").toBe(true);
      expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settlement_unknown", batchId: null })]);
      expect(await ownerlessBatches()).toBe(before);
    } finally {
      delete process.env.X402_FACILITATOR_TIMEOUT_MS;
      resetEnvCache();
    }

    facilitator.loseSettlementAnswers(null);
    const resumed = await submit({ "x-payment": proof }, list);
    expect(resumed.status, await resumed.clone().text()).toBe(201);
    const { batch } = createdBatchSchema.parse(await resumed.json());
    expect(batch.total).toBe(2);
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settled", batchId: batch.id })]);
    // Asked twice: the first moved the money, the second found the nonce spent. Charged once.
    expect(settleCalls(nonce)).toBe(2);
    expect((await submit({ "x-payment": proof }, list)).status).toBe(402);
    expect(await ownerlessBatches()).toBe(before + 1);
  });

  it("a payment settled by a process that died before admitting its batch: 5 copies of the same proof resent start one batch, and nothing is verified or settled again", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const list = { domains: ["bulk-a.test", "bulk-e.test"] };
    const accepts = await offerFor(list);
    const proof = await createPaymentHeader(account, 1, accepts);
    const sent = JSON.parse(Buffer.from(proof, "base64").toString()).payload as {
      signature: string;
      authorization: { nonce: string; value: string };
    };
    // What the dead process left: the claimed, settled payment and no batch.
    await getDb()
      .insert(x402Payments)
      .values({
        proofHash: replayKey("base", accepts.asset, {
          payer: account.address.toLowerCase(),
          nonce: sent.authorization.nonce.toLowerCase(),
          value: sent.authorization.value,
          signature: sent.signature.toLowerCase(),
        }),
        payer: account.address.toLowerCase(),
        nonce: sent.authorization.nonce.toLowerCase(),
        network: "base",
        amountAtomic: String(2n * JOB_PRICE),
        transaction: "0xfeed",
        status: "settled",
      });
    const before = await ownerlessBatches();
    const calls = facilitator.calls.length;

    const responses = await Promise.all(Array.from({ length: 5 }, () => submit({ "x-payment": proof }, list)));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 402)).toHaveLength(4);
    expect(await ownerlessBatches()).toBe(before + 1);
    expect(facilitator.calls.length, "nothing is verified or settled again").toBe(calls);
    const [row] = await paymentRowsOf(sent.authorization.nonce.toLowerCase());
    expect(await getDb().$count(jobs, eq(jobs.batchId, row!.batchId!))).toBe(2);
    expect((await submit({ "x-payment": proof }, list)).status).toBe(402);
  });

  it("@x402/fetch pays in v2 (PAYMENT-SIGNATURE) → 201 with PAYMENT-RESPONSE", async () => {
    const account: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey());
    const pay = wrapFetchWithPaymentV2(routeFetch(), new x402Client().register("eip155:*", new ExactEvmScheme(account)));
    const response = await pay(`${BASE}/api/batches`, listInit({ domains: ["bulk-e.test", "bulk-a.test"] }));
    expect(response.status, await response.clone().text()).toBe(201);
    expect(response.headers.get("payment-response")).toBeTruthy();
    expect(createdBatchSchema.parse(await response.json()).batch.total).toBe(2);
  });

  it("an API key with a payment: the account's plan pays, as on POST /api/jobs, and the payment is not touched", async () => {
    const user = await createTestUser();
    const { key } = await createTestApiKey(user.id);
    const list = { domains: ["bulk-b.test"] };
    const proof = await createPaymentHeader(privateKeyToAccount(generatePrivateKey()), 1, await offerFor(list));
    const response = await submit({ "x-payment": proof, ...apiKeyHeader(key) }, list);
    expect(response.status, await response.clone().text()).toBe(201);
    expect(response.headers.get("x-payment-response")).toBeNull();
    const { batch } = createdBatchSchema.parse(await response.json());
    expect((await getDb().select().from(batches).where(eq(batches.id, batch.id)))[0]!.userId).toBe(user.id);
    expect(await paymentRowsOf(nonceOf(proof))).toEqual([]);
    // An account's batch stays its own: read without the key, it is not found.
    expect((await readBatch(batch.id)).status).toBe(404);
    expect((await readBatch(batch.id, apiKeyHeader(key))).status).toBe(200);
  });

  it("MCP analyze_batch without credentials: a tool error priced for the list; the same call with the payment in _meta starts the batch, settled once, with the receipt", async () => {
    const client = await connectMcp(mcpHost.origin, {});
    try {
      const args = { domains: ["bulk-c.test", "bulk-e.test"] };
      const offered = await client.callTool({ name: "analyze_batch", arguments: args });
      expect(offered.isError).toBe(true);
      const required = offered.structuredContent as unknown as PaymentRequired & { code: string };
      expect(required.code).toBe("payment_required");
      expect(required.accepts[0]!.amount).toBe(String(2n * JOB_PRICE));

      const account = privateKeyToAccount(generatePrivateKey());
      const payload = await new x402Client().register("eip155:*", new ExactEvmScheme(account)).createPaymentPayload(required);
      const nonce = (payload.payload as { authorization: { nonce: string } }).authorization.nonce.toLowerCase();
      const paid = await client.callTool({ name: "analyze_batch", arguments: args, _meta: { "x402/payment": payload } });
      expect(paid.isError ?? false, JSON.stringify(paid.content)).toBe(false);
      const { batch } = createdBatchSchema.parse(toolJson<Record<string, unknown>>(paid).body);
      expect(batch.total).toBe(2);
      expect((paid._meta as Record<string, unknown>)["x402/payment-response"]).toMatchObject({ success: true });
      expect(settleCalls(nonce)).toBe(1);
      expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settled", batchId: batch.id })]);
    } finally {
      await client.close();
    }
  });
});
