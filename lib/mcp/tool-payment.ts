import type { CallToolResult } from "@modelcontextprotocol/server";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import type { PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { ACCESS } from "@/lib/auth/access";
import { paidToolDiscovery } from "@/lib/billing/x402/discovery";
import { JOB_OFFER, paymentRequirementsV2 } from "@/lib/billing/x402/requirements";
import { batchOffer, batchToolOutput } from "@/lib/batches/batch-offer";
import { settlementResponse, type Settled } from "@/lib/billing/x402/settlement";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { runTool, type StoreTool, type ToolCaller } from "@/lib/tools";
import { mcpEndpoint } from "./endpoints";
import { toolError, toolResult } from "./tool-result";

// The x402 MCP transport's tool-result binding (x402 specs/transports-v2/mcp.md): a tool that
// takes payment answers a caller without credentials with a tool error holding the x402 v2
// PaymentRequired, and is paid by a PaymentPayload in the call's `_meta` (docs/decisions.md §8.5).

/** Where a tool call carries its payment, and where its result carries the settlement. */
export const PAYMENT_META_KEY = "x402/payment";
export const PAYMENT_RESPONSE_META_KEY = "x402/payment-response";

/** A tool whose endpoint takes a per-request x402 payment (analyze_store, as POST /api/jobs; analyze_batch, as POST /api/batches). */
export const takesPayment = (tool: StoreTool) => ACCESS[tool.access].x402;

/**
 * Runs a tool for an MCP call. A caller without credentials who sends `_meta["x402/payment"]`
 * to a tool that takes payment calls it as an x402 payer: the same run, the same payment path
 * as a PAYMENT-SIGNATURE header on its endpoint (one authorization pays for one job, or one
 * batch, whichever door it comes through), and the settlement, as x402 v2 reports it, in the
 * result's `_meta`. A
 * caller with an API key or a session pays with its account and the payment is never looked at,
 * as POST /api/jobs does with both; elsewhere a payment in `_meta` is ignored.
 */
export async function runMcpTool(tool: StoreTool, args: unknown, caller: ToolCaller, meta: unknown): Promise<CallToolResult> {
  const payment = meta !== null && typeof meta === "object" ? (meta as Record<string, unknown>)[PAYMENT_META_KEY] : undefined;
  if (payment === undefined || !takesPayment(tool) || caller.principal.kind !== "anonymous") {
    return toolResult(await runTool(tool, args, caller));
  }
  // A free retry settles nothing and has no receipt.
  let settlement: Settled | undefined;
  const payer: ToolCaller = {
    principal: { kind: "x402", ip: caller.principal.ip, payment: { version: 2, payload: payment } },
    settled: (settled) => {
      settlement = settled;
    },
  };
  const result = toolResult(await runTool(tool, args, payer));

  return settlement ? { ...result, _meta: { [PAYMENT_RESPONSE_META_KEY]: settlementResponse(settlement) } } : result;
}

/**
 * A refused or failed MCP call. A payment_required refusal of a tool that takes payment (no
 * credentials and no payment, or a payment refused: invalid, already used, settlement failed) is
 * the binding's tool error: structuredContent is the x402 v2 PaymentRequired of this tool, its
 * `error` saying why, with our error body's code, status and reason beside it; content[0].text is
 * the same JSON. Anything else (unauthorized when x402 is off, settlement_unknown's 503) is our
 * error body as every tool answers it.
 */
export function mcpToolError(tool: StoreTool, error: unknown, requestId: string): CallToolResult {
  if (!takesPayment(tool) || !(error instanceof ApiError) || error.code !== "payment_required") return toolError(error, requestId);
  const reason = typeof error.extra.reason === "string" ? error.extra.reason : undefined;
  const why =
    reason === undefined
      ? `Payment required: call ${tool.name} again with the same arguments and an x402 v2 PaymentPayload for one of accepts in params._meta["${PAYMENT_META_KEY}"], or authenticate with an API key`
      : error.message;
  // The refusal's own offer (PAYMENT-REQUIRED): a batch is priced by its list, so only the refusal knows its price.
  const offered = error.headers["PAYMENT-REQUIRED"];
  const accepts = offered ? decodePaymentRequiredHeader(offered).accepts : undefined;
  const body = { ...toolPaymentRequired(tool, why, accepts), code: error.code, status: error.status, ...(reason ? { reason } : {}) };

  return { isError: true, content: [{ type: "text", text: JSON.stringify(body) }], structuredContent: body };
}

/**
 * The x402 v2 PaymentRequired of a paid tool: the same `accepts` as its endpoint (one price
 * source: a job's, or those the refusal priced for a batch's list), the resource named by our MCP
 * endpoint's URL and the tool, and the tool's Bazaar declaration.
 */
export function toolPaymentRequired(tool: StoreTool, error: string, accepts?: PaymentRequirements[]): PaymentRequired {
  const env = getEnv();
  const buys = tool.endpoint.path === "/api/batches" ? "batch" : "job";
  const description =
    buys === "job"
      ? `${tool.name}: one StoreLens store analysis job (USD ${env.X402_PRICE_USD}).`
      : `${tool.name}: a batch of StoreLens store analysis jobs, paid once (USD ${env.X402_PRICE_USD} a store).`;
  const example = buys === "job" ? { domain: "example.myshopify.com" } : { domains: ["allbirds.com", "gymshark.com"] };

  return {
    x402Version: 2,
    error,
    resource: { url: new URL(mcpEndpoint.path, env.BASE_URL).toString(), description, mimeType: "application/json" },
    // Without a refusal's offer (a declaration read on its own), a batch is priced as its example's two stores.
    accepts: accepts ?? paymentRequirementsV2(buys === "job" ? JOB_OFFER : batchOffer(2)),
    extensions: paidToolDiscovery({
      toolName: tool.name,
      description,
      input: tool.input,
      example,
      ...(buys === "batch" ? { output: batchToolOutput() } : {}),
    }),
  };
}
