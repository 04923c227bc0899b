/**
 * The x402 v2 `payment-identifier` extension on POST /api/jobs, end to end: @x402/fetch's own
 * client (x402Client with the exact EVM scheme of @x402/evm and a client extension that appends
 * the identifier, as the extension's package does it) pays our real route, which verifies and
 * settles through the loopback facilitator that checks the EIP-3009 signature for real. A client
 * that lost the 201 sends the identical payment again and gets the same job.
 */
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import { declarePaymentIdentifierExtension, generatePaymentId, PAYMENT_IDENTIFIER } from "@x402/extensions/payment-identifier";
import { decodePaymentResponseHeader, wrapFetchWithPayment } from "@x402/fetch";
import { count, eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { decodeXPaymentResponse } from "x402-fetch";
import { getDb } from "@/db";
import { jobs, x402Payments } from "@/db/schema";
import { fixtureStore, passwordStore } from "@/testing/fake-store";
import type { FakeFacilitator } from "@/testing/fake-facilitator";
import type { PipelineHarness } from "@/testing/pipeline";
import type { RouteHandler } from "@/testing/route-host";
import { startPaidPipeline, type PaidPipeline } from "@/testing/x402-harness";
import { payingClient } from "@/testing/x402-client";
import { payJobWithX402 } from "./pay-job";
import { canonicalJson, payloadHash } from "./payment-identifier";
import { settlementResponse } from "./settlement";

const PAY_TO = privateKeyToAccount(generatePrivateKey()).address;
const JOBS_URL = "http://localhost:3000/api/jobs";

let bench: PaidPipeline;
let pipeline: PipelineHarness;
let facilitator: FakeFacilitator;
let post: RouteHandler;

beforeAll(async () => {
  bench = await startPaidPipeline(PAY_TO);
  ({ pipeline, facilitator, post } = bench);
  pipeline.fakeStore.addStore(fixtureStore("idempotent.test"));
  pipeline.fakeStore.addStore(passwordStore("locked-idempotent.test"));
});

afterAll(async () => {
  await bench?.stop();
});

beforeEach(() => bench.reset());

const jobInit = (domain = "idempotent.test") => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ domain }),
});

function submit(headers: Record<string, string>, domain?: string) {
  const init = jobInit(domain);

  return post(new Request(JOBS_URL, { ...init, headers: { ...init.headers, ...headers } }), { params: Promise.resolve({}) });
}

/** fetch as the x402 client sees it, answered by the real route; records the PAYMENT-SIGNATURE it sent. */
function routeFetch(sent: string[]) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const payment = request.headers.get("payment-signature");
    if (payment) sent.push(payment);

    return post(request, { params: Promise.resolve({}) });
  };
}

const payingFetch = (account: PrivateKeyAccount, sent: string[], id?: string) =>
  wrapFetchWithPayment(routeFetch(sent), payingClient(account, id));

async function offered(): Promise<PaymentRequired> {
  const response = await submit({});
  expect(response.status).toBe(402);

  return decodePaymentRequiredHeader(response.headers.get("payment-required")!);
}

/** A payment the official client signs for our 402, not sent yet. */
async function signedPayment(account: PrivateKeyAccount, id?: string): Promise<PaymentPayload> {
  return payingClient(account, id).createPaymentPayload(await offered());
}

/** The same JSON with every object's keys in reverse order. */
const reorder = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reorder)
    : value !== null && typeof value === "object"
      ? Object.fromEntries(
          Object.entries(value)
            .reverse()
            .map(([key, inner]) => [key, reorder(inner)]),
        )
      : value;

const decodeSent = (header: string) => JSON.parse(Buffer.from(header, "base64").toString()) as PaymentPayload;
const nonceOf = (payload: PaymentPayload) => (payload.payload as { authorization: { nonce: string } }).authorization.nonce.toLowerCase();

const settleCalls = (nonce: string) => facilitator.calls.filter((call) => call.path === "/settle" && call.nonce === nonce).length;
const facilitatorCalls = (nonce: string) => facilitator.calls.filter((call) => call.nonce === nonce).length;
const paymentRowsOf = (nonce: string) => getDb().select().from(x402Payments).where(eq(x402Payments.nonce, nonce));
const rowsUnder = (id: string) => getDb().select().from(x402Payments).where(eq(x402Payments.paymentIdentifier, id));

async function x402JobCount() {
  const [row] = await getDb().select({ n: count() }).from(jobs).where(eq(jobs.paymentMethod, "x402"));

  return row!.n;
}

describe("POST /api/jobs – x402 payment-identifier", () => {
  it("the 402 declares the extension, optional, in PAYMENT-REQUIRED; the header stays small", async () => {
    const response = await submit({});
    const header = response.headers.get("payment-required")!;
    const declared = decodePaymentRequiredHeader(header).extensions ?? {};
    expect(declared[PAYMENT_IDENTIFIER]).toEqual(declarePaymentIdentifierExtension(false));
    expect(declared.bazaar, "next to the Bazaar declaration").toBeDefined();
    // The whole 402 header block is held under a proxy's 4 KB in pay-with-x402.test.ts; this is
    // the header itself, with room left for the others.
    expect(header.length).toBeLessThan(3_000);
  });

  it("the 201 lost, the identical payment sent again: the same job, 201, the settlement headers; one settle, one row, one job", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const id = generatePaymentId();
    const sent: string[] = [];
    const before = await x402JobCount();

    const first = await payingFetch(account, sent, id)(JOBS_URL, jobInit());
    expect(first.status, await first.clone().text()).toBe(201);
    expect(sent).toHaveLength(1);
    // The client echoes every declared extension: still far below the server's cap on a payment header.
    expect(sent[0]!.length).toBeLessThan(6_000);
    const payload = decodeSent(sent[0]!);
    expect((payload.extensions?.[PAYMENT_IDENTIFIER] as { info: { id: string } }).info.id).toBe(id);
    const nonce = nonceOf(payload);
    const firstJob = (await first.json()).job;

    // The answer never reached the client: it sends the very same PAYMENT-SIGNATURE again.
    const again = await submit({ "payment-signature": sent[0]! });
    expect(again.status, await again.clone().text()).toBe(201);
    const { job } = await again.json();
    expect(job.id).toBe(firstJob.id);
    expect(Object.keys(job).sort()).toEqual(Object.keys(firstJob).sort());
    expect(decodePaymentResponseHeader(again.headers.get("payment-response")!)).toEqual(
      decodePaymentResponseHeader(first.headers.get("payment-response")!),
    );
    expect(decodeXPaymentResponse(again.headers.get("x-payment-response")!)).toEqual(
      decodeXPaymentResponse(first.headers.get("x-payment-response")!),
    );
    expect(decodePaymentResponseHeader(again.headers.get("payment-response")!)).toMatchObject({ success: true, payer: account.address });

    expect(settleCalls(nonce)).toBe(1);
    expect(await x402JobCount()).toBe(before + 1);
    expect(await paymentRowsOf(nonce)).toEqual([
      expect.objectContaining({ status: "settled", jobId: job.id, paymentIdentifier: id, payloadHash: payloadHash(payload) }),
    ]);

    // Once the job has run, the answer is still the same job.
    expect((await pipeline.waitForJob(job.id)).status).toBe("completed");
    const later = await submit({ "payment-signature": sent[0]! });
    expect(later.status).toBe(201);
    expect((await later.json()).job).toMatchObject({ id: job.id, status: "completed" });
    expect(settleCalls(nonce)).toBe(1);
    expect(await x402JobCount()).toBe(before + 1);
  });

  it("the same payload with its JSON keys in another order is the same payment", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const id = generatePaymentId();
    const payload = await signedPayment(account, id);
    const first = await submit({ "payment-signature": encodePaymentSignatureHeader(payload) });
    expect(first.status, await first.clone().text()).toBe(201);

    const reordered = Buffer.from(JSON.stringify(reorder(payload))).toString("base64");
    expect(reordered).not.toBe(encodePaymentSignatureHeader(payload));
    expect(canonicalJson(reorder(payload))).toBe(canonicalJson(payload));

    const again = await submit({ "payment-signature": reordered });
    expect(again.status, await again.clone().text()).toBe(201);
    expect((await again.json()).job.id).toBe((await first.json()).job.id);
    expect(settleCalls(nonceOf(payload))).toBe(1);
  });

  it("the same payload as an object (as an MCP call carries it), keys in another order, is the same payment under its identifier", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const payload = await signedPayment(account, generatePaymentId());
    const first = await submit({ "payment-signature": encodePaymentSignatureHeader(payload) });
    expect(first.status, await first.clone().text()).toBe(201);
    const before = await x402JobCount();

    const paid = await payJobWithX402({ version: 2, payload: reorder(payload) }, { domain: "idempotent.test" });
    expect(paid.job.id).toBe((await first.json()).job.id);
    expect(settlementResponse(paid.settlement!)).toEqual(decodePaymentResponseHeader(first.headers.get("payment-response")!));
    expect(await x402JobCount()).toBe(before);
    expect(settleCalls(nonceOf(payload))).toBe(1);
  });

  it("another payment under the same identifier → 409 payment_identifier_conflict; nothing verified, claimed, settled or started", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const id = generatePaymentId();
    const first = await payingFetch(account, [], id)(JOBS_URL, jobInit());
    expect(first.status, await first.clone().text()).toBe(201);
    const before = await x402JobCount();
    const rowsBefore = await getDb().select({ n: count() }).from(x402Payments);

    const sent: string[] = [];
    const other = await payingFetch(account, sent, id)(JOBS_URL, jobInit());
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({
      code: "conflict",
      reason: "payment_identifier_conflict",
      error: expect.stringMatching(/payment-identifier/),
    });
    const nonce = nonceOf(decodeSent(sent[0]!));
    expect(facilitatorCalls(nonce), "the facilitator never saw it").toBe(0);
    expect(await paymentRowsOf(nonce)).toHaveLength(0);
    expect(await x402JobCount()).toBe(before);
    expect(await getDb().select({ n: count() }).from(x402Payments)).toEqual(rowsBefore);
    expect(await rowsUnder(id)).toHaveLength(1);

    // Its authorization is untouched: sent under a fresh identifier, it pays for a job.
    const fresh = decodeSent(sent[0]!);
    (fresh.extensions![PAYMENT_IDENTIFIER] as { info: { id: string } }).info.id = generatePaymentId();
    const paid = await submit({ "payment-signature": encodePaymentSignatureHeader(fresh) });
    expect(paid.status, await paid.clone().text()).toBe(201);
    expect(settleCalls(nonce)).toBe(1);
  });

  it("a malformed identifier → 400 invalid_payment_identifier before anything is verified or claimed; the payment stays usable", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const payload = await signedPayment(account, generatePaymentId());
    const nonce = nonceOf(payload);
    const before = await x402JobCount();
    const withExtension = (extension: unknown) =>
      encodePaymentSignatureHeader({ ...payload, extensions: { ...payload.extensions, [PAYMENT_IDENTIFIER]: extension } });
    const declared = payload.extensions![PAYMENT_IDENTIFIER] as { info: Record<string, unknown>; schema: unknown };
    const malformed = [
      { ...declared, info: { required: false, id: "too-short" } },
      { ...declared, info: { required: false, id: "has spaces and ! in it, long enough" } },
      { ...declared, info: { required: false, id: "x".repeat(129) } },
      { ...declared, info: { required: false, id: 12345678901234567890 } },
      { schema: declared.schema },
      "payment-identifier",
    ];
    for (const extension of malformed) {
      const response = await submit({ "payment-signature": withExtension(extension) });
      expect(response.status, JSON.stringify(extension)).toBe(400);
      expect(await response.json()).toMatchObject({ code: "invalid_request", reason: "invalid_payment_identifier" });
    }
    expect(facilitatorCalls(nonce)).toBe(0);
    expect(await paymentRowsOf(nonce)).toHaveLength(0);
    expect(await x402JobCount()).toBe(before);

    // The schema a client echoes is never compiled: its identifier is checked against ours, so a
    // catastrophic pattern of its own costs nothing, and the well-formed id pays.
    const hostile = {
      info: { required: false, id: `${"a".repeat(40)}b` },
      schema: { type: "object", properties: { id: { pattern: "^(a+)+$" } } },
    };
    const paid = await submit({ "payment-signature": withExtension(hostile) });
    expect(paid.status, await paid.clone().text()).toBe(201);
    expect(settleCalls(nonce)).toBe(1);
    expect(await x402JobCount()).toBe(before + 1);
  });

  it("the same payment under the same identifier sent many times at once: one job, one settle; each answer is that job or a 503 to retry", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const id = generatePaymentId();
    const header = encodePaymentSignatureHeader(await signedPayment(account, id));
    const nonce = nonceOf(decodeSent(header));
    const before = await x402JobCount();

    const responses = await Promise.all(Array.from({ length: 20 }, () => submit({ "payment-signature": header })));
    const bodies = await Promise.all(responses.map((r) => r.clone().json()));
    const created = responses.filter((r) => r.status === 201);
    expect(created.length, JSON.stringify(bodies)).toBeGreaterThanOrEqual(1);
    for (const [index, response] of responses.entries()) {
      if (response.status === 201) continue;
      expect(response.status, JSON.stringify(bodies[index])).toBe(503);
      expect(bodies[index]).toMatchObject({ code: "unavailable", reason: "payment_in_progress" });
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    const jobIds = new Set(bodies.filter((body) => body.job).map((body) => body.job.id));
    expect(jobIds.size).toBe(1);
    expect(await x402JobCount()).toBe(before + 1);
    expect(settleCalls(nonce)).toBe(1);
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settled", paymentIdentifier: id })]);

    const again = await submit({ "payment-signature": header });
    expect(again.status).toBe(201);
    expect(jobIds.has((await again.json()).job.id)).toBe(true);
  });

  it("two different payments under one identifier at once: one pays, the other is a 409", async () => {
    const id = generatePaymentId();
    const payloads = await Promise.all([0, 1].map(() => signedPayment(privateKeyToAccount(generatePrivateKey()), id)));
    const before = await x402JobCount();

    const responses = await Promise.all(payloads.map((payload) => submit({ "payment-signature": encodePaymentSignatureHeader(payload) })));
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await x402JobCount()).toBe(before + 1);
    expect(payloads.map((payload) => settleCalls(nonceOf(payload))).sort()).toEqual([0, 1]);
    expect(await rowsUnder(id)).toHaveLength(1);
  });

  it("a settlement whose answer was lost: the same payment under its identifier settles it and starts one job, then answers that job", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const header = encodePaymentSignatureHeader(await signedPayment(account, generatePaymentId()));
    const nonce = nonceOf(decodeSent(header));
    const before = await x402JobCount();
    facilitator.loseSettlementAnswers("dropped");

    const lost = await submit({ "payment-signature": header });
    expect(lost.status).toBe(503);
    expect(await lost.json()).toMatchObject({ code: "unavailable", reason: "settlement_unknown" });
    facilitator.loseSettlementAnswers(null);

    const retried = await submit({ "payment-signature": header });
    expect(retried.status, await retried.clone().text()).toBe(201);
    const { job } = await retried.json();
    expect(retried.headers.get("payment-response")).toBeTruthy();
    expect(settleCalls(nonce)).toBe(2);

    const again = await submit({ "payment-signature": header });
    expect(again.status).toBe(201);
    expect((await again.json()).job.id).toBe(job.id);
    expect(settleCalls(nonce)).toBe(2);
    expect(await x402JobCount()).toBe(before + 1);
  });

  it("a resend while the first request is still settling (claimed, no job) → 503 payment_in_progress; nothing is verified or settled", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const id = generatePaymentId();
    const payload = await signedPayment(account, id);
    const nonce = nonceOf(payload);
    // What the first request has written so far: its claim, before the settlement's answer.
    await getDb()
      .insert(x402Payments)
      .values({
        proofHash: `in-progress-${id}`,
        payer: account.address.toLowerCase(),
        nonce,
        network: "base",
        amountAtomic: "500000",
        status: "verified",
        paymentIdentifier: id,
        payloadHash: payloadHash(payload),
      });
    const before = await x402JobCount();

    const resend = await submit({ "payment-signature": encodePaymentSignatureHeader(payload) });
    expect(resend.status).toBe(503);
    expect(Number(resend.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await resend.json()).toMatchObject({ code: "unavailable", reason: "payment_in_progress" });
    expect(facilitatorCalls(nonce)).toBe(0);
    expect(await x402JobCount()).toBe(before);
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "verified", jobId: null })]);
  });

  it("a free retry under an identifier (verified, never settled) sent again: the same retry job, still without a settlement", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const paid = await payingFetch(account, [], generatePaymentId())(JOBS_URL, jobInit("locked-idempotent.test"));
    expect(paid.status, await paid.clone().text()).toBe(201);
    expect((await pipeline.waitForJob((await paid.json()).job.id)).status).toBe("failed");
    const settles = facilitator.calls.filter((call) => call.path === "/settle").length;

    const sent: string[] = [];
    const retried = await payingFetch(account, sent, generatePaymentId())(JOBS_URL, jobInit("locked-idempotent.test"));
    expect(retried.status, await retried.clone().text()).toBe(201);
    const { job: retry } = await retried.json();
    expect(retry.retry_of).not.toBeNull();
    expect(retried.headers.get("payment-response")).toBeNull();

    const again = await submit({ "payment-signature": sent[0]! }, "locked-idempotent.test");
    expect(again.status, await again.clone().text()).toBe(201);
    expect((await again.json()).job.id).toBe(retry.id);
    expect(again.headers.get("payment-response")).toBeNull();
    expect(facilitator.calls.filter((call) => call.path === "/settle").length).toBe(settles);
    expect(await paymentRowsOf(nonceOf(decodeSent(sent[0]!)))).toEqual([expect.objectContaining({ status: "waived", jobId: retry.id })]);
  });

  it("a v2 payment without an identifier behaves as before: the client echoes the declaration, a replay is payment_already_used", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const sent: string[] = [];
    const first = await payingFetch(account, sent)(JOBS_URL, jobInit());
    expect(first.status, await first.clone().text()).toBe(201);
    const payload = decodeSent(sent[0]!);
    expect(payload.extensions?.[PAYMENT_IDENTIFIER]).toEqual(declarePaymentIdentifierExtension(false));
    const before = await x402JobCount();

    const replay = await submit({ "payment-signature": sent[0]! });
    expect(replay.status).toBe(402);
    expect(await replay.json()).toMatchObject({ code: "payment_required", reason: "payment_already_used" });
    expect(await x402JobCount()).toBe(before);
    expect(await paymentRowsOf(nonceOf(payload))).toEqual([
      expect.objectContaining({ status: "settled", paymentIdentifier: null, payloadHash: null }),
    ]);
  });
});
