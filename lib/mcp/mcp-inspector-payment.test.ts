/**
 * analyze_store paid through the MCP Inspector's CLI, a client nobody here wrote, in both of its
 * protocol eras: called without credentials it prints the tool error whose structuredContent is
 * our x402 v2 PaymentRequired, from which the test reads the price; a payment signed for those
 * requirements (the official x402 client with the exact EVM scheme and a local key) goes back
 * through the CLI's `--tool-metadata x402/payment=<JSON>` as `params._meta`, and the answer is
 * the job with the receipt. The CLI lists the tools first and checks each answer's
 * structuredContent against analyze_store's outputSchema (a mismatch would print its own error
 * instead of our body), so both answers pass a client's check. Our real MCP route on loopback, the
 * real pipeline, and a facilitator on loopback checking the signature. The same payment sent
 * again starts no second job.
 */
import type { PaymentPayload, PaymentRequired } from "@x402/core/types";
import { count, eq } from "drizzle-orm";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, x402Payments } from "@/db/schema";
import { configuredNetworkCaip2, jobPriceAtomic } from "@/lib/billing/x402/requirements";
import { fixtureStore } from "@/testing/fake-store";
import { inspectorResult, runInspector, type InspectorEra } from "@/testing/mcp-inspector";
import { startMcpHost } from "@/testing/mcp-host";
import type { RouteHost } from "@/testing/route-host";
import { payingClient } from "@/testing/x402-client";
import { startPaidPipeline, type PaidPipeline } from "@/testing/x402-harness";

const PAY_TO = privateKeyToAccount(generatePrivateKey()).address;
/** Not the default (0.50): the price the Inspector shows must be the configured one. */
const PRICE_USD = "0.75";
/** USDC on Base, the configured network's asset. */
const USDC_BASE = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";

let bench: PaidPipeline;
let host: RouteHost;

/** A tools/call the Inspector sent, as the route received it. */
type SentCall = { revision: string | null; name: unknown; meta: Record<string, unknown> };
const sentCalls: SentCall[] = [];

/** Records each tools/call: the revision it was sent in, and its `_meta` (where the payment rides). */
async function recordToolCalls(request: Request) {
  const message = JSON.parse(await request.text()) as { method?: string; params?: { name?: unknown; _meta?: Record<string, unknown> } };
  if (message.method !== "tools/call") return;
  sentCalls.push({
    revision: request.headers.get("mcp-protocol-version"),
    name: message.params?.name,
    meta: message.params?._meta ?? {},
  });
}

beforeAll(async () => {
  bench = await startPaidPipeline(PAY_TO, { X402_PRICE_USD: PRICE_USD });
  host = await startMcpHost({ tap: recordToolCalls });
});

afterAll(async () => {
  await host?.close();
  await bench?.stop();
});

beforeEach(() => {
  bench.reset();
  sentCalls.length = 0;
});

/** A tools/call result as the Inspector prints it. */
type Printed = {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content?: { type: string; text?: string }[];
  _meta?: Record<string, unknown>;
};

/** `--method tools/call --tool-name analyze_store --tool-arg domain=…`, with the payment in `--tool-metadata`. */
async function analyzeThroughInspector(era: InspectorEra, domain: string, payment?: PaymentPayload) {
  const run = await runInspector(host.origin, era, [
    "--method",
    "tools/call",
    "--tool-name",
    "analyze_store",
    "--tool-arg",
    `domain=${domain}`,
    ...(payment === undefined ? [] : ["--tool-metadata", `x402/payment=${JSON.stringify(payment)}`]),
  ]);

  return { run, printed: inspectorResult<Printed>(run) };
}

const nonceOf = (payload: PaymentPayload) => (payload.payload as { authorization: { nonce: string } }).authorization.nonce.toLowerCase();

async function x402JobCount() {
  const [row] = await getDb().select({ n: count() }).from(jobs).where(eq(jobs.paymentMethod, "x402"));

  return row!.n;
}

/** The revision each era of the Inspector speaks: 2025-11-25 after `initialize`, or 2026-07-28. */
const REVISION_OF: Record<InspectorEra, string> = { legacy: "2025-11-25", modern: "2026-07-28" };

describe.each(["legacy", "modern"] as const)("the MCP Inspector CLI (--protocol-era %s) pays for analyze_store", (era) => {
  const domain = `inspector-paid-${era}.test`;

  beforeAll(() => {
    bench.pipeline.fakeStore.addStore(fixtureStore(domain));
  });

  it("reads the configured price from the tool error, pays it in --tool-metadata, gets the job and the receipt; the same payment again starts nothing", async () => {
    const before = await x402JobCount();

    // 1. No credentials: the tool error, exit 5, the PaymentRequired as structuredContent.
    const offered = await analyzeThroughInspector(era, domain);
    expect(offered.run.exitCode, offered.run.stderr).toBe(5);
    expect(offered.printed.isError).toBe(true);
    const required = offered.printed.structuredContent as unknown as PaymentRequired & { code: string; status: number };
    expect(required).toMatchObject({ x402Version: 2, code: "payment_required", status: 402 });
    expect(JSON.parse(offered.printed.content![0]!.text!)).toEqual(required);
    const [offer] = required.accepts;
    expect(jobPriceAtomic()).toBe("750000");
    expect(offer).toMatchObject({
      scheme: "exact",
      amount: jobPriceAtomic(),
      payTo: PAY_TO,
      network: configuredNetworkCaip2(),
      asset: USDC_BASE,
    });
    expect(await x402JobCount()).toBe(before);

    // 2. Signed for what the Inspector printed, sent back through it in params._meta.
    const account = privateKeyToAccount(generatePrivateKey());
    const payload = await payingClient(account).createPaymentPayload(required);
    const nonce = nonceOf(payload);
    const paid = await analyzeThroughInspector(era, domain, payload);
    expect(paid.run.exitCode, `${paid.run.stderr}\n${paid.run.stdout}`).toBe(0);
    expect(paid.printed.isError ?? false).toBe(false);
    const job = (paid.printed.structuredContent as { job: { id: string; domain: string; status: string } }).job;
    expect(job.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(job.domain).toBe(domain);
    expect(["queued", "running", "completed"]).toContain(job.status);
    const settles = () => bench.facilitator.calls.filter((call) => call.path === "/settle" && call.nonce === nonce).length;
    expect(settles()).toBe(1);
    expect(paid.printed._meta?.["x402/payment-response"]).toEqual({
      success: true,
      transaction: bench.facilitator.settled.get(nonce),
      network: configuredNetworkCaip2(),
      payer: account.address,
    });
    expect(await x402JobCount()).toBe(before + 1);

    // 3. The same payment again: the binding's refusal, no second job, no second settle.
    const again = await analyzeThroughInspector(era, domain, payload);
    expect(again.run.exitCode).toBe(5);
    expect(again.printed.structuredContent).toMatchObject({ x402Version: 2, code: "payment_required", reason: "payment_already_used" });
    expect(await x402JobCount()).toBe(before + 1);
    expect(settles()).toBe(1);
    expect(await getDb().select().from(x402Payments).where(eq(x402Payments.nonce, nonce))).toEqual([
      expect.objectContaining({ status: "settled", jobId: job.id, amountAtomic: "750000" }),
    ]);

    // What the Inspector sent: three calls in its era's revision, the payment in _meta as the
    // object signed (not a string of it) in the second and third.
    expect(sentCalls.map((call) => [call.name, call.revision])).toEqual(Array(3).fill(["analyze_store", REVISION_OF[era]]));
    expect(sentCalls.map((call) => call.meta["x402/payment"])).toEqual([undefined, payload, payload]);

    // The job is real: the pipeline completes it, paid with x402 by nobody's account.
    expect(await bench.pipeline.waitForJob(job.id)).toMatchObject({ status: "completed", userId: null, paymentMethod: "x402" });
  });
});
