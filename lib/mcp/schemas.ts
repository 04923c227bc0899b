import { z } from "zod";
import { errorBodySchema } from "@/lib/http/errors";

/** How the MCP endpoint refuses a message it cannot serve: a JSON-RPC 2.0 error, not our error body. */
export const jsonRpcErrorSchema = z.object({
  jsonrpc: z.literal("2.0"),
  id: z.union([z.string(), z.number(), z.null()]),
  error: z.object({
    code: z
      .number()
      .int()
      .describe(
        "-32700 parse error, -32600 invalid request (a batch, a missing Accept), -32601 unknown method, -32602 invalid params; 2026-07-28: -32020 Mcp-Method/Mcp-Name headers missing or disagreeing with the body, -32022 a protocol revision this server does not serve (data names the ones it does)",
      ),
    message: z.string(),
    data: z.unknown().optional(),
  }),
});

/**
 * A refused or failed tool call's structured content (tool-result.ts): the error body the HTTP
 * endpoint answers, with its status. Loose, as the error body is: some codes add fields.
 */
export const toolErrorSchema = errorBodySchema
  .extend({ status: z.number().int().describe("The HTTP status the endpoint answers this error with") })
  .describe("A tool error (isError: true): the HTTP error body and its status");

/** One way to pay, as x402 v2 states it (an entry of PaymentRequired.accepts). */
const paymentRequirementsV2Schema = z.looseObject({
  scheme: z.string().describe('The x402 scheme, "exact"'),
  network: z.string().describe("CAIP-2 network, e.g. eip155:8453"),
  amount: z.string().describe("Price in atomic units of the asset"),
  asset: z.string().describe("USDC contract address"),
  payTo: z.string(),
  maxTimeoutSeconds: z.number().int(),
  extra: z.record(z.string(), z.unknown()).optional().describe("EIP-712 domain of the asset (name, version)"),
});

/**
 * A paid tool's answer to a caller without credentials, or whose payment was refused (the x402 MCP
 * transport's tool-result binding, tool-payment.ts): the x402 v2 PaymentRequired, with our error
 * body's code, status and reason beside it.
 */
export const toolPaymentRequiredSchema = z
  .looseObject({
    x402Version: z.literal(2),
    error: z.string().describe("Why payment is required, and how to pay"),
    resource: z.looseObject({ url: z.string(), description: z.string().optional(), mimeType: z.string().optional() }),
    accepts: z.array(paymentRequirementsV2Schema).min(1),
    extensions: z.record(z.string(), z.unknown()).optional().describe("The tool's Bazaar declaration"),
    code: z.literal("payment_required"),
    status: z.literal(402),
    reason: z.string().optional().describe("Why a payment sent was refused, e.g. payment_already_used"),
  })
  .describe(
    'A tool error (isError: true) asking for payment: the x402 v2 PaymentRequired; pay by calling again with a PaymentPayload for one of accepts in params._meta["x402/payment"]',
  );
