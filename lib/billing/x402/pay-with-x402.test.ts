/**
 * x402 on POST /api/jobs, end to end, in both versions: the official clients (x402-fetch for
 * v1, @x402/fetch with @x402/evm for v2) with a local private key pay our real route, which
 * verifies and settles through a facilitator on loopback that checks the EIP-3009 signature for
 * real (x402's verify → viem verifyTypedData). The job then runs through the real pipeline
 * against the fake store.
 */
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { validateDiscoveryExtension } from "@x402/extensions/bazaar";
import { decodePaymentResponseHeader, wrapFetchWithPayment as wrapFetchWithPaymentV2, x402Client } from "@x402/fetch";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPaymentHeader } from "x402/client";
import { decodeXPaymentResponse, wrapFetchWithPayment } from "x402-fetch";
import { getDb } from "@/db";
import { jobs, stores, x402Payments } from "@/db/schema";
import { getEnv, resetEnvCache } from "@/lib/env";
import { securityHeaders } from "@/lib/security/security-headers";
import { replayKey } from "@/lib/billing/x402/proof";
import { apiKeyHeader, createTestApiKey, createTestUser } from "@/testing/auth/fixtures";
import { fixtureStore, passwordStore } from "@/testing/fake-store";
import { serializeJob } from "@/lib/jobs/serialize-job";
import type { FakeFacilitator } from "@/testing/fake-facilitator";
import { connectMcp, startMcpHost, toolJson } from "@/testing/mcp-host";
import type { PipelineHarness } from "@/testing/pipeline";
import type { RouteHandler } from "@/testing/route-host";
import { startPaidPipeline, type PaidPipeline } from "@/testing/x402-harness";

const PAY_TO = privateKeyToAccount(generatePrivateKey()).address;
/** USD 0.50 in USDC atomic units: above x402-fetch's default cap of 0.10, so it is raised. */
const MAX_VALUE = 500_000n;

let bench: PaidPipeline;
let pipeline: PipelineHarness;
let facilitator: FakeFacilitator;
let post: RouteHandler;

beforeAll(async () => {
  bench = await startPaidPipeline(PAY_TO);
  ({ pipeline, facilitator, post } = bench);
  pipeline.fakeStore.addStore(fixtureStore("paid.test"));
  pipeline.fakeStore.addStore(fixtureStore("squat-paid.co.test"));
  pipeline.fakeStore.addStore(passwordStore("locked-paid.test"));
});

afterAll(async () => {
  await bench?.stop();
});

beforeEach(() => bench.reset());

/** fetch as seen by the x402 clients, answered by the real route handler; records the payment header it sent. */
/** Many sends of one authorization: one job (201), the rest refused (402), one settle, one settled row. */
async function expectPaidOnce(responses: Response[], nonce: string, jobsBefore: number) {
  expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
  expect(responses.filter((r) => r.status === 402)).toHaveLength(responses.length - 1);
  expect(await x402JobCount()).toBe(jobsBefore + 1);
  expect(settleCalls(nonce), "settled once at the facilitator").toBe(1);
  const rows = await paymentRowsOf(nonce);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ status: "settled" });
  expect(rows[0]!.jobId).not.toBeNull();
}

function routeFetch(sent: string[] = []) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const payment = request.headers.get("payment-signature") ?? request.headers.get("x-payment");
    if (payment) sent.push(payment);

    return post(request, { params: Promise.resolve({}) });
  };
}

/** The official v2 client: @x402/fetch with the exact EVM scheme of @x402/evm, signing with a local key. */
const payingFetchV2 = (account: PrivateKeyAccount, sent?: string[]) =>
  wrapFetchWithPaymentV2(routeFetch(sent), new x402Client().register("eip155:*", new ExactEvmScheme(account)));

/** How often the facilitator was asked to settle one authorization (by its EIP-3009 nonce). */
const settleCalls = (nonce: string) =>
  facilitator.calls.filter((call) => call.path === "/settle" && call.nonce === nonce.toLowerCase()).length;

async function paymentRowsOf(nonce: string) {
  return getDb().select().from(x402Payments).where(eq(x402Payments.nonce, nonce.toLowerCase()));
}

/** One signed authorization, encoded both ways: the v1 X-PAYMENT of x402's client, and the same payload as a v2 PAYMENT-SIGNATURE. */
async function oneAuthorizationBothWays(account: PrivateKeyAccount) {
  const v1 = await createPaymentHeader(account, 1, await requirements());
  const payload = JSON.parse(Buffer.from(v1, "base64").toString()).payload;
  const offered = decodePaymentRequiredHeader((await submit({})).headers.get("payment-required")!);
  const v2 = encodePaymentSignatureHeader({ x402Version: 2, resource: offered.resource, accepted: offered.accepts[0]!, payload });

  return { v1, v2, nonce: payload.authorization.nonce as string };
}

function submit(headers: Record<string, string>, body: unknown = { domain: "paid.test" }) {
  return post(
    new Request("http://localhost:3000/api/jobs", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    }),
    { params: Promise.resolve({}) },
  );
}

const jobInit = (body: unknown = { domain: "paid.test" }) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

async function x402JobCount() {
  const [row] = await getDb().select({ n: count() }).from(jobs).where(eq(jobs.paymentMethod, "x402"));

  return row!.n;
}

async function requirements() {
  const response = await submit({});

  return (await response.json()).accepts[0];
}

describe("POST /api/jobs – x402", () => {
  it("402 without credentials, with the v1 payment requirements (USDC on Base, USD 0.50 by default)", async () => {
    const response = await submit({});
    expect(response.status).toBe(402);
    const body = await response.json();
    expect(body).toMatchObject({ x402Version: 1, code: "payment_required" });
    expect(body.accepts).toHaveLength(1);
    expect(body.accepts[0]).toMatchObject({
      scheme: "exact",
      network: "base",
      maxAmountRequired: "500000",
      resource: "http://localhost:3000/api/jobs",
      payTo: PAY_TO,
      asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      mimeType: "application/json",
      maxTimeoutSeconds: 300,
      extra: { name: "USD Coin", version: "2" },
    });
    expect(body.accepts[0].description).toMatch(/maxValue/);
  });

  it("x402-fetch pays → 201 with X-PAYMENT-RESPONSE → the job completes; the payment is recorded and linked", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const response = await wrapFetchWithPayment(routeFetch(), account, MAX_VALUE)("http://localhost:3000/api/jobs", jobInit());
    expect(response.status, await response.clone().text()).toBe(201);
    const { job } = await response.json();
    const settlement = decodeXPaymentResponse(response.headers.get("x-payment-response")!);
    expect(settlement).toMatchObject({ success: true, network: "base", payer: account.address });

    const done = await pipeline.waitForJob(job.id);
    expect(done.status).toBe("completed");
    expect(done.userId).toBeNull();
    expect(done.paymentMethod).toBe("x402");
    const [payment] = await getDb().select().from(x402Payments).where(eq(x402Payments.jobId, job.id));
    expect(payment).toMatchObject({
      status: "settled",
      payer: account.address.toLowerCase(),
      amountAtomic: "500000",
      transaction: settlement.transaction,
    });
  });

  it("the same proof replayed → 402 and no second job; 50 concurrent replays of a fresh proof create exactly one job", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const sent: string[] = [];
    const first = await wrapFetchWithPayment(routeFetch(sent), account, MAX_VALUE)("http://localhost:3000/api/jobs", jobInit());
    expect(first.status).toBe(201);
    const before = await x402JobCount();

    const replay = await submit({ "x-payment": sent[0]! });
    expect(replay.status).toBe(402);
    expect((await replay.json()).reason).toBe("payment_already_used");
    expect(await x402JobCount()).toBe(before);

    const proof = await createPaymentHeader(account, 1, await requirements());
    const nonce = JSON.parse(Buffer.from(proof, "base64").toString()).payload.authorization.nonce;
    const responses = await Promise.all(Array.from({ length: 50 }, () => submit({ "x-payment": proof })));
    await expectPaidOnce(responses, nonce, before);
  });

  it("a forged proof (someone else's `from`) and an underpaying one → 402, no job, nothing settled", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const accepts = await requirements();
    const before = await x402JobCount();
    const settledBefore = facilitator.settled.size;

    const forged = JSON.parse(Buffer.from(await createPaymentHeader(account, 1, accepts), "base64").toString());
    forged.payload.authorization.from = privateKeyToAccount(generatePrivateKey()).address;
    const forgedResponse = await submit({ "x-payment": Buffer.from(JSON.stringify(forged)).toString("base64") });
    expect(forgedResponse.status).toBe(402);
    expect(await forgedResponse.json()).toMatchObject({ reason: "invalid_exact_evm_payload_signature", x402Version: 1 });

    const underpaid = await createPaymentHeader(account, 1, { ...accepts, maxAmountRequired: "1" });
    const underpaidResponse = await submit({ "x-payment": underpaid });
    expect(underpaidResponse.status).toBe(402);
    expect((await underpaidResponse.json()).reason).toBe("invalid_exact_evm_payload_authorization_value");

    const garbage = await submit({ "x-payment": "not-a-proof" });
    expect(garbage.status).toBe(402);
    expect((await garbage.json()).reason).toBe("invalid_payment");

    expect(await x402JobCount()).toBe(before);
    expect(facilitator.settled.size).toBe(settledBefore);
  });

  it("settlement failure → 402 and no job; the proof cannot be reused", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const proof = await createPaymentHeader(account, 1, await requirements());
    const before = await x402JobCount();
    facilitator.failSettlement("insufficient_funds");

    const response = await submit({ "x-payment": proof });
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ reason: "insufficient_funds" });
    expect(await x402JobCount()).toBe(before);

    facilitator.failSettlement(null);
    expect((await submit({ "x-payment": proof })).status).toBe(402);
    expect(await x402JobCount()).toBe(before);
  });

  it("a settlement whose answer never comes is of unknown outcome, not failed: the same proof then settles once and starts one job", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const proof = await createPaymentHeader(account, 1, await requirements());
    const nonce = JSON.parse(Buffer.from(proof, "base64").toString()).payload.authorization.nonce as string;
    const before = await x402JobCount();
    process.env.X402_FACILITATOR_TIMEOUT_MS = "300";
    resetEnvCache();
    try {
      facilitator.loseSettlementAnswers("unanswered");
      const lost = await submit({ "x-payment": proof });
      expect(lost.status).toBe(503);
      expect(await lost.json()).toMatchObject({ code: "unavailable", reason: "settlement_unknown" });
      expect(facilitator.settled.has(nonce.toLowerCase()), "the transfer was made").toBe(true);
      expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settlement_unknown", jobId: null })]);
      expect(await x402JobCount()).toBe(before);
    } finally {
      delete process.env.X402_FACILITATOR_TIMEOUT_MS;
      resetEnvCache();
    }

    facilitator.loseSettlementAnswers(null);
    const retried = await submit({ "x-payment": proof });
    expect(retried.status, await retried.clone().text()).toBe(201);
    const { job } = await retried.json();
    expect(await x402JobCount()).toBe(before + 1);
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settled", jobId: job.id })]);
    expect(settleCalls(nonce)).toBe(2);
    expect((await submit({ "x-payment": proof })).status).toBe(402);
    expect(await x402JobCount()).toBe(before + 1);
  });

  it("a claim its process abandoned before settling: refused while it could still be running, then the same proof settles it once and starts one job", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const accepts = await requirements();
    const proof = await createPaymentHeader(account, 1, accepts);
    const payload = JSON.parse(Buffer.from(proof, "base64").toString());
    const nonce = payload.payload.authorization.nonce as string;
    // What a process that died right after claiming left: verified, never settled, no job.
    const claim = {
      proofHash: replayKey("base", accepts.asset, {
        payer: account.address.toLowerCase(),
        nonce: nonce.toLowerCase(),
        value: payload.payload.authorization.value,
        signature: payload.payload.signature.toLowerCase(),
      }),
      payer: account.address.toLowerCase(),
      nonce: nonce.toLowerCase(),
      network: "base",
      amountAtomic: "500000",
      status: "verified" as const,
    };
    const [row] = await getDb().insert(x402Payments).values(claim).returning();
    const before = await x402JobCount();

    // Just claimed: it may be settling right now, so a second send neither settles nor starts anything.
    const early = await submit({ "x-payment": proof });
    expect(early.status).toBe(402);
    expect(await early.json()).toMatchObject({ reason: "payment_already_used" });
    expect(settleCalls(nonce)).toBe(0);

    // Claimed longer ago than a settlement can take: abandoned, and taken back by the resend.
    await getDb()
      .update(x402Payments)
      .set({ claimedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(x402Payments.id, row!.id));
    const resumed = await Promise.all(Array.from({ length: 3 }, () => submit({ "x-payment": proof })));
    const created = resumed.filter((response) => response.status === 201);
    expect(created).toHaveLength(1);
    const { job } = await created[0]!.json();
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settled", jobId: job.id })]);
    expect(settleCalls(nonce)).toBe(1);
    expect(await x402JobCount()).toBe(before + 1);
  });

  it("a claim abandoned after the facilitator settled it (the outcome never written): the resend finds the nonce spent and starts the job, charging nothing more", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const proof = await createPaymentHeader(account, 1, await requirements());
    const nonce = JSON.parse(Buffer.from(proof, "base64").toString()).payload.authorization.nonce as string;
    const before = await x402JobCount();
    process.env.X402_FACILITATOR_TIMEOUT_MS = "300";
    resetEnvCache();
    try {
      facilitator.loseSettlementAnswers("unanswered");
      expect((await submit({ "x-payment": proof })).status).toBe(503);
    } finally {
      delete process.env.X402_FACILITATOR_TIMEOUT_MS;
      resetEnvCache();
      facilitator.loseSettlementAnswers(null);
    }
    expect(facilitator.settled.has(nonce.toLowerCase()), "the transfer was made").toBe(true);
    // As if the process had died before writing `settlement_unknown`: still `verified`, claimed long ago.
    await getDb()
      .update(x402Payments)
      .set({ status: "verified", claimedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(x402Payments.nonce, nonce.toLowerCase()));

    const resumed = await submit({ "x-payment": proof });
    expect(resumed.status, await resumed.clone().text()).toBe(201);
    const { job } = await resumed.json();
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settled", jobId: job.id })]);
    expect(await x402JobCount()).toBe(before + 1);
    expect((await submit({ "x-payment": proof })).status).toBe(402);
  });

  it("a payment for a domain whose slug and every numbered suffix are held starts its job: never settled without one", async () => {
    await getDb().insert(stores).values({ domain: "squat.paid-co.test", slug: "squat-paid-co-test" });
    for (let n = 2; n <= 50; n += 1)
      await getDb()
        .insert(stores)
        .values({ domain: `squat-paid-co.test-${n}`, slug: `squat-paid-co-test-${n}` });
    const account = privateKeyToAccount(generatePrivateKey());
    const sent: string[] = [];
    const before = await x402JobCount();

    const response = await wrapFetchWithPayment(
      routeFetch(sent),
      account,
      MAX_VALUE,
    )("http://localhost:3000/api/jobs", jobInit({ domain: "squat-paid.co.test" }));
    expect(response.status, await response.clone().text()).toBe(201);
    const { job } = await response.json();
    expect(await x402JobCount()).toBe(before + 1);
    const nonce = JSON.parse(Buffer.from(sent.at(-1)!, "base64").toString()).payload.authorization.nonce as string;
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settled", jobId: job.id })]);

    expect((await pipeline.waitForJob(job.id)).status).toBe("completed");
    const [store] = await getDb().select().from(stores).where(eq(stores.domain, "squat-paid.co.test"));
    expect(store).toMatchObject({ slug: "squat-paid-co-test", latestJobId: job.id });
  });

  it("a payment settled by a process that died before writing the job: the same proof finishes it, once", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const accepts = await requirements();
    const proof = await createPaymentHeader(account, 1, accepts);
    const payload = JSON.parse(Buffer.from(proof, "base64").toString());
    // What the dead process left: the claimed, settled payment and no job.
    await getDb()
      .insert(x402Payments)
      .values({
        proofHash: replayKey("base", accepts.asset, {
          payer: account.address.toLowerCase(),
          nonce: payload.payload.authorization.nonce.toLowerCase(),
          value: payload.payload.authorization.value,
          signature: payload.payload.signature.toLowerCase(),
        }),
        payer: account.address.toLowerCase(),
        nonce: payload.payload.authorization.nonce.toLowerCase(),
        network: "base",
        amountAtomic: "500000",
        transaction: "0xfeed",
        status: "settled",
      });
    const before = await x402JobCount();
    const calls = facilitator.calls.length;

    const responses = await Promise.all(Array.from({ length: 5 }, () => submit({ "x-payment": proof })));
    expect(
      responses.filter((r) => r.status === 201),
      JSON.stringify(await Promise.all(responses.map((r) => r.clone().json()))),
    ).toHaveLength(1);
    expect(responses.filter((r) => r.status === 402)).toHaveLength(4);
    expect(await x402JobCount()).toBe(before + 1);
    expect(facilitator.calls.length, "nothing is verified or settled again").toBe(calls);
    expect((await submit({ "x-payment": proof })).status).toBe(402);
  });

  it("an invalid X-API-Key next to a valid payment is a 401, and the payment is not used", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const proof = await createPaymentHeader(account, 1, await requirements());
    const before = await x402JobCount();

    const response = await submit({ "x-payment": proof, "x-api-key": "sl_not-a-real-key" });
    expect(response.status).toBe(401);
    expect(facilitator.calls.some((call) => JSON.stringify(call.paymentPayload).includes(account.address))).toBe(false);

    expect((await submit({ "x-payment": proof })).status).toBe(201);
    expect(await x402JobCount()).toBe(before + 1);
  });

  it("an invalid domain is refused with 400 before anything is verified or charged", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const proof = await createPaymentHeader(account, 1, await requirements());
    const calls = facilitator.calls.length;

    const response = await submit({ "x-payment": proof }, { domain: "not a domain" });
    expect(response.status).toBe(400);
    expect(facilitator.calls.length).toBe(calls);
  });

  it("a nearly full disk refuses a payment with 503 storage_low before anything is verified, claimed or settled; the same payment pays once space is back", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const proof = await createPaymentHeader(account, 1, await requirements());
    const nonce = JSON.parse(Buffer.from(proof, "base64").toString()).payload.authorization.nonce as string;
    const calls = facilitator.calls.length;
    const before = await x402JobCount();
    const dir = mkdtempSync(path.join(tmpdir(), "storelens-x402-storage-"));
    const reading = path.join(dir, "free-bytes");
    writeFileSync(reading, String(100 * 1024 * 1024));
    process.env.STORAGE_FREE_BYTES_FILE = reading;
    process.env.STORAGE_MIN_FREE_MB = "512";
    resetEnvCache();
    try {
      const refused = await submit({ "x-payment": proof });
      expect(refused.status, await refused.clone().text()).toBe(503);
      expect(await refused.json()).toMatchObject({ code: "storage_low" });
      expect(refused.headers.get("x-payment-response")).toBeNull();
      expect(facilitator.calls.length).toBe(calls);
      expect(await paymentRowsOf(nonce)).toHaveLength(0);
    } finally {
      delete process.env.STORAGE_FREE_BYTES_FILE;
      delete process.env.STORAGE_MIN_FREE_MB;
      resetEnvCache();
      rmSync(dir, { recursive: true, force: true });
    }

    const paid = await submit({ "x-payment": proof });
    expect(paid.status, await paid.clone().text()).toBe(201);
    expect(await x402JobCount()).toBe(before + 1);
    expect(settleCalls(nonce)).toBe(1);
  });

  it("with no pay-to address x402 is off: anonymous POST /api/jobs is a 401 that says to use an API key", async () => {
    delete process.env.X402_PAY_TO;
    resetEnvCache();
    try {
      const response = await submit({});
      expect(response.status).toBe(401);
      const body = await response.json();
      expect(body.code).toBe("unauthorized");
      expect(body.error).toMatch(/API key/);
      expect(body.accepts).toBeUndefined();
    } finally {
      process.env.X402_PAY_TO = PAY_TO;
      resetEnvCache();
    }
  });
});

describe("POST /api/jobs – x402 v2 beside v1", () => {
  it("the 402 carries the v2 PAYMENT-REQUIRED header (CAIP-2 network, Bazaar discovery) and v1's outputSchema in the body", async () => {
    const response = await submit({});
    expect(response.status).toBe(402);
    const body = await response.json();
    expect(body.accepts[0].outputSchema.input).toMatchObject({ type: "http", method: "POST", bodyFields: { domain: { required: true } } });
    expect(body.accepts[0].outputSchema.output.required).toEqual(["job"]);

    const offered = decodePaymentRequiredHeader(response.headers.get("payment-required")!);
    expect(offered).toMatchObject({
      x402Version: 2,
      error: "payment_required",
      resource: { url: "http://localhost:3000/api/jobs", mimeType: "application/json" },
    });
    expect(offered.accepts).toEqual([
      {
        scheme: "exact",
        network: "eip155:8453",
        amount: "500000",
        asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
        payTo: PAY_TO,
        maxTimeoutSeconds: 300,
        extra: { name: "USD Coin", version: "2" },
      },
    ]);
    const bazaar = offered.extensions?.bazaar as Parameters<typeof validateDiscoveryExtension>[0];
    expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
    expect(bazaar.info.input).toMatchObject({ type: "http", method: "POST", bodyType: "json" });
    const inputSchema = (bazaar.schema.properties.input.properties as unknown as { body: { required: string[] } }).body;
    expect(inputSchema.required).toEqual(["domain"]);
    const declaredJob = (bazaar.info.output as { example: { job: Record<string, unknown> } }).example.job;
    expect(Object.keys(declaredJob).sort()).toEqual(["id", "report_url", "status_url"]);
  });

  it("the 402's headers, with the security headers the server adds, fit a reverse proxy's default 4 KB header buffer", async () => {
    const response = await submit({});
    expect(response.status).toBe(402);
    // nginx's proxy_buffer_size is one memory page (4 KB on x86-64) and answers 502 past it; the
    // status line, Date, Connection, Content-Length, Vary and a deployment's own headers need room too.
    const headers = { ...Object.fromEntries(response.headers), ...securityHeaders(getEnv(), "n".repeat(24)) };
    const block = Object.entries(headers).reduce(
      (bytes, [name, value]) => bytes + name.length + value.length + 4,
      "HTTP/1.1 402 Payment Required\r\n".length,
    );
    expect(block).toBeLessThan(3_300);
  });

  it("@x402/fetch pays with PAYMENT-SIGNATURE → 201, PAYMENT-RESPONSE decodes to the settlement, the job completes", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const sent: string[] = [];
    const response = await payingFetchV2(account, sent)("http://localhost:3000/api/jobs", jobInit());
    expect(response.status, await response.clone().text()).toBe(201);
    expect(sent).toHaveLength(1);
    const { job } = await response.json();

    const settlement = decodePaymentResponseHeader(response.headers.get("payment-response")!);
    expect(settlement).toMatchObject({ success: true, network: "eip155:8453", payer: account.address });
    expect(settlement.transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(decodeXPaymentResponse(response.headers.get("x-payment-response")!)).toMatchObject({
      success: true,
      network: "base",
      transaction: settlement.transaction,
    });
    const nonce = JSON.parse(Buffer.from(sent[0]!, "base64").toString()).payload.authorization.nonce;
    expect(facilitator.calls.filter((call) => call.nonce === nonce.toLowerCase()).map((call) => [call.path, call.x402Version])).toEqual([
      ["/verify", 2],
      ["/settle", 2],
    ]);

    const done = await pipeline.waitForJob(job.id);
    expect(done).toMatchObject({ status: "completed", userId: null, paymentMethod: "x402" });
    const [payment] = await getDb().select().from(x402Payments).where(eq(x402Payments.jobId, job.id));
    expect(payment).toMatchObject({
      status: "settled",
      network: "base",
      payer: account.address.toLowerCase(),
      amountAtomic: "500000",
      transaction: settlement.transaction,
    });
  });

  it("one authorization sent as v1 and then as v2 pays once: one job, one settle, the row settled", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const { v1, v2, nonce } = await oneAuthorizationBothWays(account);
    const before = await x402JobCount();

    expect((await submit({ "x-payment": v1 })).status).toBe(201);
    const replay = await submit({ "payment-signature": v2 });
    expect(replay.status).toBe(402);
    expect(await replay.json()).toMatchObject({ code: "payment_required", reason: "payment_already_used" });
    expect(replay.headers.get("payment-required")).toBeTruthy();

    expect(await x402JobCount()).toBe(before + 1);
    expect(settleCalls(nonce)).toBe(1);
    const rows = await paymentRowsOf(nonce);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "settled" });
  });

  it("one authorization sent as v1 and as v2 at the same time, many times: exactly one job and one settle", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const { v1, v2, nonce } = await oneAuthorizationBothWays(account);
    const before = await x402JobCount();

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => submit(i % 2 ? { "payment-signature": v2 } : { "x-payment": v1 })),
    );
    await expectPaidOnce(responses, nonce, before);
  });

  it("a forged v2 signature and a v2 payment for another amount → 402, nothing settled", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const { v2, nonce } = await oneAuthorizationBothWays(account);
    const before = await x402JobCount();

    const forged = JSON.parse(Buffer.from(v2, "base64").toString());
    forged.payload.authorization.from = privateKeyToAccount(generatePrivateKey()).address;
    const forgedResponse = await submit({ "payment-signature": Buffer.from(JSON.stringify(forged)).toString("base64") });
    expect(forgedResponse.status).toBe(402);
    expect((await forgedResponse.json()).reason).toBe("invalid_exact_evm_payload_signature");

    const cheaper = JSON.parse(Buffer.from(v2, "base64").toString());
    cheaper.accepted.amount = "1";
    const cheaperResponse = await submit({ "payment-signature": Buffer.from(JSON.stringify(cheaper)).toString("base64") });
    expect(cheaperResponse.status).toBe(402);
    expect((await cheaperResponse.json()).reason).toBe("no_matching_requirements");

    expect(await x402JobCount()).toBe(before);
    expect(settleCalls(nonce)).toBe(0);
  });

  it("a v2 settlement failure → 402 with its reason and no job; the authorization is not taken again in either version", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const { v1, v2, nonce } = await oneAuthorizationBothWays(account);
    const before = await x402JobCount();
    facilitator.failSettlement("insufficient_funds");

    const response = await submit({ "payment-signature": v2 });
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ code: "payment_required", reason: "insufficient_funds" });
    facilitator.failSettlement(null);
    expect((await submit({ "payment-signature": v2 })).status).toBe(402);
    expect((await submit({ "x-payment": v1 })).status).toBe(402);

    expect(await x402JobCount()).toBe(before);
    expect(settleCalls(nonce)).toBe(1);
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "failed", jobId: null })]);
  });

  it("a v2 settlement whose connection drops before the transfer: the authorization sent again, as v1, settles it once", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const { v1, v2, nonce } = await oneAuthorizationBothWays(account);
    const before = await x402JobCount();
    facilitator.loseSettlementAnswers("dropped");

    const lost = await submit({ "payment-signature": v2 });
    expect(lost.status).toBe(503);
    expect(await lost.json()).toMatchObject({ code: "unavailable", reason: "settlement_unknown" });
    expect(facilitator.settled.has(nonce.toLowerCase())).toBe(false);
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settlement_unknown", jobId: null })]);

    facilitator.loseSettlementAnswers(null);
    const retried = await submit({ "x-payment": v1 });
    expect(retried.status, await retried.clone().text()).toBe(201);
    expect(await x402JobCount()).toBe(before + 1);
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settled", jobId: (await retried.json()).job.id })]);
    expect(settleCalls(nonce)).toBe(2);
    expect(facilitator.settled.has(nonce.toLowerCase()), "transferred by the second settlement").toBe(true);
    expect((await submit({ "payment-signature": v2 })).status).toBe(402);
  });

  it("a malformed PAYMENT-SIGNATURE is a 402 with our error body, never a 500", async () => {
    const json = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64");
    const calls = facilitator.calls.length;
    for (const header of [
      "not-a-proof!",
      Buffer.from("{not json").toString("base64"),
      json({ x402Version: 2 }),
      json({ x402Version: 2, accepted: { scheme: "exact" }, payload: {} }),
      json(null),
      "A".repeat(10_000),
    ]) {
      const response = await submit({ "payment-signature": header });
      expect(response.status, header.slice(0, 40)).toBe(402);
      const body = await response.json();
      expect(body).toMatchObject({ code: "payment_required", x402Version: 1 });
      expect(typeof body.error).toBe("string");
      expect(["invalid_payment", "no_matching_requirements"]).toContain(body.reason);
    }
    expect(facilitator.calls.length).toBe(calls);
  });

  it("an API key with a v2 payment: a bad key is a 401 and the payment stays unused; a good key's plan pays and the payment is not taken", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const { v2, nonce } = await oneAuthorizationBothWays(account);
    const before = await x402JobCount();

    expect((await submit({ "payment-signature": v2, "x-api-key": "sl_not-a-real-key" })).status).toBe(401);
    const user = await createTestUser();
    const { key } = await createTestApiKey(user.id);
    const onPlan = await submit({ "payment-signature": v2, ...apiKeyHeader(key) });
    expect(onPlan.status, await onPlan.clone().text()).toBe(201);
    expect(onPlan.headers.get("payment-response")).toBeNull();
    const [planJob] = await getDb()
      .select()
      .from(jobs)
      .where(eq(jobs.id, (await onPlan.json()).job.id));
    expect(planJob).toMatchObject({ userId: user.id, paymentMethod: "plan" });
    expect(facilitator.calls.some((call) => call.nonce === nonce.toLowerCase())).toBe(false);

    expect((await submit({ "payment-signature": v2 })).status).toBe(201);
    expect(await x402JobCount()).toBe(before + 1);
  });

  it("a signed authorization sent to the MCP endpoint is never verified nor settled there; it still pays POST /api/jobs once", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const { v1, v2, nonce } = await oneAuthorizationBothWays(account);
    const before = await x402JobCount();
    const host = await startMcpHost();
    try {
      for (const headers of [{ "payment-signature": v2 }, { "x-payment": v1 }] as Record<string, string>[]) {
        const agent = await connectMcp(host.origin, headers);
        const answer = toolJson<{ code: string; x402Version: number; accepts: unknown[]; reason?: string }>(
          await agent.callTool({ name: "analyze_store", arguments: { domain: "paid.test" } }),
        );
        await agent.close();

        // The header is no payment here: the answer is the plain PaymentRequired, refusing nothing it read.
        expect(answer.isError).toBe(true);
        expect(answer.body).toMatchObject({ code: "payment_required", status: 402, x402Version: 2 });
        expect(answer.body.reason).toBeUndefined();
        expect(answer.body.accepts).toHaveLength(1);
      }
    } finally {
      await host.close();
    }
    expect(
      facilitator.calls.some((call) => call.nonce === nonce.toLowerCase()),
      "the facilitator never saw it",
    ).toBe(false);
    expect(await paymentRowsOf(nonce)).toHaveLength(0);
    expect(await x402JobCount()).toBe(before);

    await expectPaidOnce([await submit({ "payment-signature": v2 })], nonce, before);
  });
});

describe("POST /api/jobs – x402: a failed paid job earns one free retry", () => {
  const nonceOf = (header: string) => JSON.parse(Buffer.from(header, "base64").toString()).payload.authorization.nonce as string;
  const settles = () => facilitator.calls.filter((call) => call.path === "/settle").length;

  it("the same wallet's next job for the store is verified but never settled, once; the one after pays, and another wallet always pays", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const locked = jobInit({ domain: "locked-paid.test" });
    const paid = await wrapFetchWithPayment(routeFetch(), account, MAX_VALUE)("http://localhost:3000/api/jobs", locked);
    expect(paid.status, await paid.clone().text()).toBe(201);
    const failed = await pipeline.waitForJob((await paid.json()).job.id);
    expect(failed).toMatchObject({ status: "failed", errorCode: "store_password_protected", paymentMethod: "x402" });
    expect(serializeJob(failed).charge_returned).toBe("free_retry");

    const settledBefore = settles();
    const sent: string[] = [];
    const retried = await wrapFetchWithPayment(routeFetch(sent), account, MAX_VALUE)("http://localhost:3000/api/jobs", locked);
    expect(retried.status, await retried.clone().text()).toBe(201);
    const { job: retry } = await retried.json();
    expect(retry.retry_of).toBe(failed.id);
    expect(settles(), "the retry's authorization is not settled").toBe(settledBefore);
    const [waived] = await paymentRowsOf(nonceOf(sent[0]!));
    expect(waived).toMatchObject({ status: "waived", jobId: retry.id });
    const retryEnded = await pipeline.waitForJob(retry.id);
    expect(retryEnded).toMatchObject({ status: "failed", paymentMethod: "retry" });
    // A free retry that fails earns nothing more.
    expect(serializeJob(retryEnded).charge_returned).toBeNull();

    const again = await wrapFetchWithPayment(routeFetch(), account, MAX_VALUE)("http://localhost:3000/api/jobs", locked);
    expect(again.status).toBe(201);
    expect(settles()).toBe(settledBefore + 1);
    expect((await pipeline.waitForJob((await again.json()).job.id)).paymentMethod).toBe("x402");

    const stranger = await wrapFetchWithPayment(
      routeFetch(),
      privateKeyToAccount(generatePrivateKey()),
      MAX_VALUE,
    )("http://localhost:3000/api/jobs", jobInit({ domain: "locked-paid.test" }));
    expect(stranger.status).toBe(201);
    expect(settles()).toBe(settledBefore + 2);
  });
});
