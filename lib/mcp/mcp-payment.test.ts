/**
 * analyze_store paid inside MCP with x402 v2 (the x402 MCP transport's tool-result binding), end
 * to end: an agent with only a wallet (the official MCP client, and @x402/fetch's x402Client with
 * @x402/evm's exact scheme signing with a local key) reads the PaymentRequired from the tool
 * error, signs, and calls again with the payment in `_meta`. Our real MCP route verifies and
 * settles through a facilitator on loopback that checks the EIP-3009 signature for real, and the
 * job runs through the real pipeline. One authorization buys one job whichever door it comes
 * through: MCP `_meta` or POST /api/jobs's PAYMENT-SIGNATURE.
 */
import type { Client } from "@modelcontextprotocol/client";
import { decodePaymentRequiredHeader, encodePaymentSignatureHeader } from "@x402/core/http";
import { PaymentRequiredV2Schema } from "@x402/core/schemas";
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import { ExactEvmScheme } from "@x402/evm/exact/client";
import { validateDiscoveryExtension } from "@x402/extensions/bazaar";
import { wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { count, eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, x402Payments } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { apiKeyHeader, createTestApiKey, createTestUser } from "@/testing/auth/fixtures";
import { fixtureStore } from "@/testing/fake-store";
import type { FakeFacilitator } from "@/testing/fake-facilitator";
import { connectMcp, MCP_REVISIONS, startMcpHost, toolJson, type McpRevision } from "@/testing/mcp-host";
import type { PipelineHarness } from "@/testing/pipeline";
import { startPaidPipeline, type PaidPipeline } from "@/testing/x402-harness";
import type { RouteHandler, RouteHost } from "@/testing/route-host";
import { payingClient } from "@/testing/x402-client";
import { waitFor } from "@/testing/wait-for";

const PAY_TO = privateKeyToAccount(generatePrivateKey()).address;
const DOMAIN = "mcp-paid.test";

let bench: PaidPipeline;
let pipeline: PipelineHarness;
let facilitator: FakeFacilitator;
let host: RouteHost;
let post: RouteHandler;
const clients: Client[] = [];
/** The revision the running block's clients speak. */
let revision: McpRevision = "2025-11-25";

beforeAll(async () => {
  bench = await startPaidPipeline(PAY_TO);
  ({ pipeline, facilitator, post } = bench);
  pipeline.fakeStore.addStore(fixtureStore(DOMAIN));
  host = await startMcpHost();
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await host?.close();
  await bench?.stop();
});

beforeEach(() => bench.reset());

async function agent(headers: Record<string, string> = {}) {
  const connected = await connectMcp(host.origin, headers, revision);
  clients.push(connected);

  return connected;
}

/** The binding's PaymentRequired with our error fields beside it. */
type Required = PaymentRequired & { code: string; status: number; reason?: string };
type Receipt = { success: boolean; transaction: string; network: string; payer: string };

async function analyze(c: Client, payment?: unknown, domain = DOMAIN) {
  const result = await c.callTool({
    name: "analyze_store",
    arguments: { domain },
    ...(payment === undefined ? {} : { _meta: { "x402/payment": payment } }),
  });
  const receipt = (result._meta as Record<string, unknown> | undefined)?.["x402/payment-response"] as Receipt | undefined;

  return { ...toolJson<Record<string, unknown>>(result), receipt, text: (result.content as { text: string }[])[0]!.text };
}

/** What a wallet-only agent does with the tool error: sign the PaymentRequired it holds. */
async function payFor(account: PrivateKeyAccount, required: PaymentRequired): Promise<PaymentPayload> {
  return new x402Client().register("eip155:*", new ExactEvmScheme(account)).createPaymentPayload(required);
}

async function signedPayment(account = privateKeyToAccount(generatePrivateKey())) {
  const offered = await analyze(await agent());
  const payload = await payFor(account, offered.body as unknown as PaymentRequired);

  return { account, payload, nonce: nonceOf(payload) };
}

const nonceOf = (payload: PaymentPayload) => (payload.payload as { authorization: { nonce: string } }).authorization.nonce.toLowerCase();

const settleCalls = (nonce: string) => facilitator.calls.filter((call) => call.path === "/settle" && call.nonce === nonce).length;
const facilitatorSaw = (nonce: string) => facilitator.calls.some((call) => call.nonce === nonce);
const paymentRowsOf = (nonce: string) => getDb().select().from(x402Payments).where(eq(x402Payments.nonce, nonce));

async function x402JobCount() {
  const [row] = await getDb().select({ n: count() }).from(jobs).where(eq(jobs.paymentMethod, "x402"));

  return row!.n;
}

function submit(headers: Record<string, string>) {
  return post(
    new Request("http://localhost:3000/api/jobs", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify({ domain: DOMAIN }),
    }),
    { params: Promise.resolve({}) },
  );
}

/** The binding: a tool error whose structured content is a v2 PaymentRequired, also as the text. */
function expectPaymentRequired(answer: Awaited<ReturnType<typeof analyze>>, reason?: string) {
  expect(answer.isError, answer.text).toBe(true);
  expect(PaymentRequiredV2Schema.safeParse(answer.body).success, answer.text).toBe(true);
  expect(answer.body).toMatchObject({ x402Version: 2, code: "payment_required", status: 402 });
  expect(typeof answer.body.error).toBe("string");
  expect(JSON.parse(answer.text)).toEqual(answer.body);
  expect(answer.receipt).toBeUndefined();
  if (reason) expect(answer.body.reason).toBe(reason);
  else expect(answer.body.reason).toBeUndefined();

  return answer.body as unknown as Required;
}

describe.each(MCP_REVISIONS)("MCP analyze_store – x402 v2 tool-result binding, a client of revision %s", (spoken) => {
  beforeAll(() => {
    revision = spoken;
  });

  it("speaks the revision asked for", async () => {
    expect((await agent()).getNegotiatedProtocolVersion()).toBe(spoken);
  });

  it("without credentials: a tool error holding the v2 PaymentRequired (POST /api/jobs's accepts, the MCP tool's Bazaar declaration), nothing admitted", async () => {
    const before = await x402JobCount();
    const answer = await analyze(await agent());
    const required = expectPaymentRequired(answer);

    expect(required.resource).toEqual({
      url: "http://localhost:3000/api/mcp",
      description: expect.stringContaining("analyze_store"),
      mimeType: "application/json",
    });
    expect(required.error).toContain('_meta["x402/payment"]');
    const http = decodePaymentRequiredHeader((await submit({})).headers.get("payment-required")!);
    expect(required.accepts).toEqual(http.accepts);
    expect(required.accepts).toEqual([
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

    const bazaar = required.extensions?.bazaar as Parameters<typeof validateDiscoveryExtension>[0];
    expect(validateDiscoveryExtension(bazaar)).toEqual({ valid: true });
    expect(bazaar.info.input).toMatchObject({
      type: "mcp",
      toolName: "analyze_store",
      transport: "streamable-http",
      example: { domain: "example.myshopify.com" },
    });
    const inputSchema = (bazaar.info.input as unknown as { inputSchema: { properties: Record<string, unknown>; required: string[] } })
      .inputSchema;
    expect(inputSchema.required).toEqual(["domain"]);
    expect(Object.keys(inputSchema.properties).sort()).toEqual(["domain", "notify_email", "webhook_url"]);
    expect((bazaar.info.output as { example: { job: Record<string, unknown> } }).example.job).toMatchObject({ status: "queued" });
    expect(await x402JobCount()).toBe(before);
  });

  it("a wallet-only agent pays in _meta: the job (queued, then completed by the pipeline) and the receipt of the one settle; the same authorization is then refused through MCP and through POST /api/jobs", async () => {
    const { account, payload, nonce } = await signedPayment();
    const before = await x402JobCount();
    const c = await agent();

    const paid = await analyze(c, payload);
    expect(paid.isError, paid.text).toBe(false);
    const job = paid.body.job as { id: string; status: string; domain: string };
    expect(["queued", "running"]).toContain(job.status);
    expect(job.domain).toBe(DOMAIN);
    expect(settleCalls(nonce)).toBe(1);
    expect(paid.receipt).toEqual({
      success: true,
      transaction: facilitator.settled.get(nonce),
      network: "eip155:8453",
      payer: account.address,
    });
    expect(facilitator.calls.filter((call) => call.nonce === nonce).map((call) => [call.path, call.x402Version])).toEqual([
      ["/verify", 2],
      ["/settle", 2],
    ]);
    const done = await pipeline.waitForJob(job.id);
    expect(done).toMatchObject({ status: "completed", userId: null, paymentMethod: "x402" });

    const again = await analyze(c, payload);
    expectPaymentRequired(again, "payment_already_used");
    expect(again.body.error).toMatch(/already used/);
    const header = await submit({ "payment-signature": encodePaymentSignatureHeader(payload) });
    expect(header.status).toBe(402);
    expect(await header.json()).toMatchObject({ code: "payment_required", reason: "payment_already_used" });

    expect(await x402JobCount()).toBe(before + 1);
    expect(settleCalls(nonce)).toBe(1);
    expect(await paymentRowsOf(nonce)).toEqual([
      expect.objectContaining({ status: "settled", jobId: job.id, transaction: paid.receipt!.transaction, amountAtomic: "500000" }),
    ]);
  });

  it("a paid call with a progressToken waits for its job with progress, and keeps the receipt in _meta", async () => {
    const { payload, nonce } = await signedPayment();
    const progress: number[] = [];
    const result = await (
      await agent()
    ).callTool(
      { name: "analyze_store", arguments: { domain: DOMAIN }, _meta: { "x402/payment": payload } },
      { onprogress: (p) => void progress.push(p.progress) },
    );

    expect(toolJson<{ job: { status: string } }>(result).body.job.status).toBe("completed");
    expect(progress.at(-1)).toBe(100);
    expect((result._meta as Record<string, unknown> | undefined)?.["x402/payment-response"]).toMatchObject({
      success: true,
      transaction: facilitator.settled.get(nonce),
    });
    expect(settleCalls(nonce)).toBe(1);
  });

  it("a neighbour at the same address cannot end a paid call's progress wait: its notifications/cancelled is not heard", async () => {
    const domain = `mcp-paid-neighbour-${revision.slice(0, 4)}.test`;
    pipeline.fakeStore.addStore(fixtureStore(domain));
    const release = pipeline.fakeStore.store(domain).holdRequests(/products\.json/);
    try {
      const offered = await analyze(await agent(), undefined, domain);
      const payload = await payFor(privateKeyToAccount(generatePrivateKey()), offered.body as unknown as PaymentRequired);
      const progress: number[] = [];
      const call = (await agent()).callTool(
        { name: "analyze_store", arguments: { domain }, _meta: { "x402/payment": payload } },
        { onprogress: (p) => void progress.push(p.progress), timeout: 60_000 },
      );
      await waitFor(() => progress.length > 0, { what: "the paid call's first progress notification" });

      // Another anonymous client behind the same address (127.0.0.1), cancelling every id a
      // client numbers its first requests with, as a 2025-11-25 client cancels.
      for (let requestId = 0; requestId < 16; requestId++) {
        const answer = await fetch(new URL("/api/mcp", host.origin), {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
            "mcp-protocol-version": "2025-11-25",
          },
          body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId, reason: "not yours" } }),
        });
        expect(answer.status).toBeLessThan(500);
      }
      // Still waiting: the job ends, and the call answers it ended.
      release();
      const answered = toolJson<{ job: { status: string } }>(await call);
      expect(answered.body.job.status).toBe("completed");
      expect(progress.at(-1)).toBe(100);
    } finally {
      release();
    }
  });

  it("a lost answer is recovered by the payment's identifier: the identical payment again answers the same job and receipt; another payment under it is a 409", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const c = await agent();
    const offered = expectPaymentRequired(await analyze(c));
    expect(offered.extensions?.["payment-identifier"]).toMatchObject({ info: { required: false } });
    const id = `pay_mcp_${spoken.replaceAll("-", "")}_${account.address.slice(2, 18)}`;
    const wallet = payingClient(account, id);
    const payload = await wallet.createPaymentPayload(offered);
    const before = await x402JobCount();

    // The agent pays, and the answer is lost on the way back.
    const first = await analyze(c, payload);
    expect(first.isError, first.text).toBe(false);
    const again = await analyze(await agent(), payload);
    expect(again.isError, again.text).toBe(false);
    expect((again.body.job as { id: string }).id).toBe((first.body.job as { id: string }).id);
    expect(again.receipt).toEqual(first.receipt);
    expect(settleCalls(nonceOf(payload))).toBe(1);

    // A new authorization under the used identifier: refused before the facilitator hears of it.
    const other = await wallet.createPaymentPayload(offered);
    const conflict = await analyze(c, other);
    expect(conflict).toMatchObject({ isError: true, body: { code: "conflict", status: 409, reason: "payment_identifier_conflict" } });
    expect(facilitatorSaw(nonceOf(other))).toBe(false);
    expect(await x402JobCount()).toBe(before + 1);
  });

  it("an authorization that paid POST /api/jobs first is refused when sent again inside MCP: one job, one settle", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const sent: string[] = [];
    const routeFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(input, init);
      const header = request.headers.get("payment-signature");
      if (header) sent.push(header);

      return post(request, { params: Promise.resolve({}) });
    };
    const before = await x402JobCount();
    const response = await wrapFetchWithPayment(routeFetch, new x402Client().register("eip155:*", new ExactEvmScheme(account)))(
      "http://localhost:3000/api/jobs",
      { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ domain: DOMAIN }) },
    );
    expect(response.status, await response.clone().text()).toBe(201);
    const payload = JSON.parse(Buffer.from(sent[0]!, "base64").toString()) as PaymentPayload;
    const nonce = nonceOf(payload);

    expectPaymentRequired(await analyze(await agent(), payload), "payment_already_used");

    expect(await x402JobCount()).toBe(before + 1);
    expect(settleCalls(nonce)).toBe(1);
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settled", jobId: (await response.json()).job.id })]);
  });

  it("a malformed, oversized, mismatched or forged payment in _meta → the binding with its reason; nothing verified, settled or written", async () => {
    const { payload, nonce } = await signedPayment();
    const rowsBefore = await getDb().$count(x402Payments);
    const before = await x402JobCount();
    const c = await agent();
    const cases: [unknown, string][] = [
      [null, "invalid_payment"],
      ["not a payment", "invalid_payment"],
      [{ x402Version: 2 }, "invalid_payment"],
      [{ x402Version: 2, accepted: { scheme: "exact" }, payload: {} }, "invalid_payment"],
      [{ ...payload, payload: {} }, "invalid_payment"],
      [{ ...payload, extensions: { padding: "x".repeat(10_000) } }, "invalid_payment"],
      [{ ...payload, payload: { ...(payload.payload as object), signature: "0x\u0000" } }, "invalid_payment"],
      [{ ...payload, accepted: { ...payload.accepted, amount: "1" } }, "no_matching_requirements"],
      [
        { ...payload, accepted: { ...payload.accepted, payTo: privateKeyToAccount(generatePrivateKey()).address } },
        "no_matching_requirements",
      ],
    ];
    const calls = facilitator.calls.length;
    for (const [sent, reason] of cases) {
      const answer = await analyze(c, sent);
      expectPaymentRequired(answer, reason);
      if (reason === "invalid_payment") expect(answer.body.error, reason).toContain('_meta["x402/payment"]');
    }
    expect(facilitator.calls.length, "the facilitator was never asked").toBe(calls);

    const forged = structuredClone(payload) as PaymentPayload & { payload: { authorization: { from: string } } };
    forged.payload.authorization.from = privateKeyToAccount(generatePrivateKey()).address;
    expectPaymentRequired(await analyze(c, forged), "invalid_exact_evm_payload_signature");

    expect(settleCalls(nonce)).toBe(0);
    expect(await getDb().$count(x402Payments)).toBe(rowsBefore);
    expect(await x402JobCount()).toBe(before);
    // Untouched by the refusals, the authorization still pays once.
    expect((await analyze(c, payload)).isError).toBe(false);
  });

  it("a settlement refused by the facilitator → the binding with its reason, no job; the authorization is not taken again", async () => {
    const { payload, nonce } = await signedPayment();
    const before = await x402JobCount();
    const c = await agent();
    facilitator.failSettlement("insufficient_funds");

    expectPaymentRequired(await analyze(c, payload), "insufficient_funds");
    facilitator.failSettlement(null);
    expectPaymentRequired(await analyze(c, payload), "payment_already_used");

    expect(await x402JobCount()).toBe(before);
    expect(settleCalls(nonce)).toBe(1);
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "failed", jobId: null })]);
  });

  it("a settlement without an answer is our 503 saying to send the same payment again; sent again, it settles once and starts one job", async () => {
    const { payload, nonce } = await signedPayment();
    const before = await x402JobCount();
    const c = await agent();
    facilitator.loseSettlementAnswers("dropped");

    const lost = await analyze(c, payload);
    expect(lost.isError).toBe(true);
    expect(lost.body).toMatchObject({ code: "unavailable", status: 503, reason: "settlement_unknown" });
    expect(lost.body.error).toMatch(/send the same payment again/);
    expect(lost.receipt).toBeUndefined();
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settlement_unknown", jobId: null })]);

    facilitator.loseSettlementAnswers(null);
    const retried = await analyze(c, payload);
    expect(retried.isError, retried.text).toBe(false);
    expect(retried.receipt).toMatchObject({ success: true, transaction: facilitator.settled.get(nonce) });
    const job = retried.body.job as { id: string };
    expect(await paymentRowsOf(nonce)).toEqual([expect.objectContaining({ status: "settled", jobId: job.id })]);
    expect(settleCalls(nonce)).toBe(2);
    expect(await x402JobCount()).toBe(before + 1);
  });

  it("an API key with a payment in _meta: the account's plan pays and the payment is never looked at; it still pays once later", async () => {
    const { payload, nonce } = await signedPayment();
    const user = await createTestUser();
    const { key } = await createTestApiKey(user.id);

    const onPlan = await analyze(await agent(apiKeyHeader(key)), payload);
    expect(onPlan.isError, onPlan.text).toBe(false);
    expect(onPlan.receipt).toBeUndefined();
    const [planJob] = await getDb()
      .select()
      .from(jobs)
      .where(eq(jobs.id, (onPlan.body.job as { id: string }).id));
    expect(planJob).toMatchObject({ userId: user.id, paymentMethod: "plan" });
    expect(facilitatorSaw(nonce)).toBe(false);
    expect(await paymentRowsOf(nonce)).toHaveLength(0);

    const paid = await analyze(await agent(), payload);
    expect(paid.isError, paid.text).toBe(false);
    expect(paid.receipt?.success).toBe(true);
  });

  it("a payment in _meta of a tool that takes none is ignored; a payment header on /api/mcp is still never spent", async () => {
    const { payload, nonce } = await signedPayment();
    const read = await agent();
    const status = await read.callTool({ name: "search_stores", arguments: { q: "x" }, _meta: { "x402/payment": payload } });
    expect(status.isError ?? false).toBe(false);
    expect(status._meta?.["x402/payment-response"]).toBeUndefined();

    const withHeader = await agent({ "payment-signature": encodePaymentSignatureHeader(payload) });
    expectPaymentRequired(await analyze(withHeader));
    expect(facilitatorSaw(nonce)).toBe(false);
    expect(await paymentRowsOf(nonce)).toHaveLength(0);
  });

  it("with x402 off the answer stays unauthorized, also with a payment in _meta", async () => {
    const { payload, nonce } = await signedPayment();
    delete process.env.X402_PAY_TO;
    resetEnvCache();
    try {
      const c = await agent();
      for (const sent of [undefined, payload]) {
        const answer = await analyze(c, sent);
        expect(answer.isError).toBe(true);
        expect(answer.body).toMatchObject({ code: "unauthorized", status: 401 });
        expect(answer.body.x402Version).toBeUndefined();
      }
    } finally {
      process.env.X402_PAY_TO = PAY_TO;
      resetEnvCache();
    }
    expect(facilitatorSaw(nonce)).toBe(false);
  });
});
