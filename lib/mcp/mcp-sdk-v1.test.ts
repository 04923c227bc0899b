/**
 * The MCP server as an agent on the TypeScript SDK 1.x sees it (`mcp-sdk-v1`, an alias of
 * @modelcontextprotocol/sdk@1): that client lists the tools first and then checks every
 * structured content against the tool's outputSchema, a tool error's too. A refusal, and
 * analyze_store's price, must reach it as data it can act on, not as a thrown -32602; and it
 * pays inside MCP as a 2.x client does (mcp-payment.test.ts), through the real route, the real
 * pipeline and a facilitator on loopback checking the signature.
 */
import type { Client } from "mcp-sdk-v1/client";
import { PaymentRequiredV2Schema } from "@x402/core/schemas";
import type { PaymentRequired } from "@x402/core/types";
import Ajv2020 from "ajv/dist/2020";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fixtureStore } from "@/testing/fake-store";
import { connectMcpV1, startMcpHost } from "@/testing/mcp-host";
import type { RouteHost } from "@/testing/route-host";
import { payingClient } from "@/testing/x402-client";
import { startPaidPipeline, type PaidPipeline } from "@/testing/x402-harness";

const PAY_TO = privateKeyToAccount(generatePrivateKey()).address;
const DOMAIN = "mcp-sdk-v1.test";

let bench: PaidPipeline;
let host: RouteHost;
const clients: Client[] = [];

beforeAll(async () => {
  bench = await startPaidPipeline(PAY_TO);
  bench.pipeline.fakeStore.addStore(fixtureStore(DOMAIN));
  host = await startMcpHost();
});

afterAll(async () => {
  for (const c of clients) await c.close().catch(() => {});
  await host?.close();
  await bench?.stop();
});

beforeEach(() => bench.reset());

/** A 1.x agent that has listed the tools, as every real client does before calling one. */
async function agent() {
  const c = await connectMcpV1(host.origin);
  clients.push(c);
  const { tools } = await c.listTools();

  return { c, tools };
}

type Answer = {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { type: string; text: string }[];
  _meta?: Record<string, unknown>;
};

describe("MCP through a TypeScript SDK 1.x client", () => {
  it("analyze_store without credentials: the price as a tool error (x402 v2 PaymentRequired), then paid in _meta: the job and the receipt", async () => {
    const { c, tools } = await agent();
    expect(tools.find((tool) => tool.name === "analyze_store")?.outputSchema).toMatchObject({ type: "object" });

    const offered = (await c.callTool({ name: "analyze_store", arguments: { domain: DOMAIN } })) as Answer;
    expect(offered.isError, offered.content[0]?.text).toBe(true);
    const required = offered.structuredContent as unknown as PaymentRequired & { code: string; status: number };
    expect(PaymentRequiredV2Schema.safeParse(required).success).toBe(true);
    expect(required).toMatchObject({ x402Version: 2, code: "payment_required", status: 402 });
    expect(JSON.parse(offered.content[0]!.text)).toEqual(required);
    expect(required.accepts).toEqual([expect.objectContaining({ network: "eip155:8453", amount: "500000", payTo: PAY_TO })]);

    const account = privateKeyToAccount(generatePrivateKey());
    const payload = await payingClient(account).createPaymentPayload(required);
    const paid = (await c.callTool({
      name: "analyze_store",
      arguments: { domain: DOMAIN },
      _meta: { "x402/payment": payload },
    })) as Answer;
    expect(paid.isError ?? false, paid.content[0]?.text).toBe(false);
    const job = (paid.structuredContent as { job: { id: string; domain: string; status: string } }).job;
    expect(job.domain).toBe(DOMAIN);
    expect(["queued", "running"]).toContain(job.status);
    expect(paid._meta?.["x402/payment-response"]).toMatchObject({ success: true, network: "eip155:8453", payer: account.address });

    // The same authorization again: refused, and the refusal is still data, with its reason.
    const again = (await c.callTool({
      name: "analyze_store",
      arguments: { domain: DOMAIN },
      _meta: { "x402/payment": payload },
    })) as Answer;
    expect(again.isError).toBe(true);
    expect(again.structuredContent).toMatchObject({ x402Version: 2, code: "payment_required", reason: "payment_already_used" });
    // Waited for last: a call after this idle wait, on the same client, twice met a reset connection
    // (ECONNRESET) on a loaded machine; the cause (a keep-alive race?) is not pinned down.
    expect(await bench.pipeline.waitForJob(job.id)).toMatchObject({ status: "completed", paymentMethod: "x402" });
  });

  it("a refusal of any other tool reaches it as a tool error with our error body", async () => {
    const { c } = await agent();
    const cases: [string, Record<string, unknown>, string, number][] = [
      ["list_tracked_stores", {}, "unauthorized", 401],
      ["get_store", { slug: "no-such-store-v1" }, "not_found", 404],
      ["get_report", { id: "00000000-0000-4000-8000-000000000000" }, "not_found", 404],
    ];
    for (const [name, args, code, status] of cases) {
      const answer = (await c.callTool({ name, arguments: args })) as Answer;
      expect(answer.isError, name).toBe(true);
      expect(answer.structuredContent, name).toMatchObject({ code, status, error: expect.any(String) });
    }
  });

  it("every tool's declared outputSchema admits its tool error, and still refuses an answer it does not describe", async () => {
    const { tools } = await agent();
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const refusal = { error: "Authentication required", code: "unauthorized", status: 401 };

    for (const tool of tools) {
      const validate = ajv.compile(tool.outputSchema!);
      expect(validate(refusal), tool.name).toBe(true);
      // Neither the answer nor an error: a body without an error's fields.
      expect(validate({ unexpected: true }), tool.name).toBe(false);
    }
  });
});
