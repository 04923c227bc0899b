/**
 * x402 v1 on POST /api/jobs, end to end: the official x402-fetch client with a local private
 * key pays our real route, which verifies and settles through a facilitator on loopback that
 * checks the EIP-3009 signature for real (x402's verify → viem verifyTypedData). The job then
 * runs through the real pipeline against the fake store.
 */
import { count, eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPaymentHeader } from "x402/client";
import { decodeXPaymentResponse, wrapFetchWithPayment } from "x402-fetch";
import { getDb } from "@/db";
import { jobs, x402Payments } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { fixtureStore } from "@/testing/fake-store";
import { startFakeFacilitator, type FakeFacilitator } from "@/testing/fake-facilitator";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

const PAY_TO = privateKeyToAccount(generatePrivateKey()).address;
/** USD 0.50 in USDC atomic units: above x402-fetch's default cap of 0.10, so it is raised. */
const MAX_VALUE = 500_000n;

let pipeline: PipelineHarness;
let facilitator: FakeFacilitator;
let post: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

beforeAll(async () => {
  facilitator = await startFakeFacilitator();
  pipeline = await startPipeline({ X402_PAY_TO: PAY_TO, X402_FACILITATOR_URL: facilitator.url });
  pipeline.fakeStore.addStore(fixtureStore("paid.test"));
  post = (await import("@/app/api/jobs/route")).POST;
});

afterAll(async () => {
  delete process.env.X402_PAY_TO;
  delete process.env.X402_FACILITATOR_URL;
  resetEnvCache();
  await pipeline?.stop();
  await facilitator?.close();
});

beforeEach(() => {
  facilitator.failSettlement(null);
});

/** fetch as seen by x402-fetch, answered by the real route handler; records the X-PAYMENT it sent. */
function routeFetch(sent: string[] = []) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    if (headers["X-PAYMENT"]) sent.push(headers["X-PAYMENT"]);

    return post(new Request(input, init), { params: Promise.resolve({}) });
  };
}

function submit(headers: Record<string, string>, body: unknown = { domain: "paid.test" }) {
  return post(
    new Request("http://localhost:3000/api/jobs", { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) }),
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
    expect(payment).toMatchObject({ status: "settled", payer: account.address.toLowerCase(), amountAtomic: "500000", transaction: settlement.transaction });
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
    const responses = await Promise.all(Array.from({ length: 50 }, () => submit({ "x-payment": proof })));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 402)).toHaveLength(49);
    expect(await x402JobCount()).toBe(before + 1);
    expect(facilitator.settled.size).toBeGreaterThanOrEqual(2);
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

  it("a payment settled by a process that died before writing the job: the same proof finishes it, once", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const proof = await createPaymentHeader(account, 1, await requirements());
    const payload = JSON.parse(Buffer.from(proof, "base64").toString());
    const { createHash } = await import("node:crypto");
    // What the dead process left: the claimed, settled payment and no job.
    await getDb()
      .insert(x402Payments)
      .values({
        proofHash: createHash("sha256").update(proof).digest("hex"),
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
    expect(responses.filter((r) => r.status === 201), JSON.stringify(await Promise.all(responses.map((r) => r.clone().json())))).toHaveLength(1);
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
