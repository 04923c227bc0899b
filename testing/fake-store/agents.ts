// What a Shopify store serves AI agents (on by default, each can be turned off in the definition):
// the Storefront MCP endpoint (JSON-RPC over POST /api/mcp, shaped as Shopify's answers), a UCP
// business profile at /.well-known/ucp, and an /llms.txt.

import type { FakeStore } from "./fake-store";
import { html, json, type Reply } from "./reply";
import { notFoundHtml } from "./html";

/** The tools Shopify's Storefront MCP lists, in its order. */
export const STOREFRONT_MCP_TOOLS = [
  ["search_shop_catalog", "Search for products from the online store, hosted on Shopify."],
  ["search_shop_policies_and_faqs", "Used to get facts about the stores policies, products, or services."],
  ["get_cart", "Get the cart including items, shipping options, discount info, and checkout url for a given cart id."],
  [
    "update_cart",
    "Perform updates to a cart, including adding/removing/updating line items, buyer information, shipping details, discount codes, gift cards and notes in one consolidated call.",
  ],
  ["get_product_details", "Look up a product by ID and optionally specify variant options to select a specific variant."],
] as const;

export const UCP_VERSION = "2026-04-08";

/** Requests the fake store reads as JSON-RPC bodies, at most (a tools/list call is a few dozen bytes). */
export const MCP_BODY_MAX = 64 * 1024;

const rpcError = (id: unknown, code: number, message: string, status = 200) =>
  json({ jsonrpc: "2.0", id: id ?? null, error: { code, message } }, status);

export function storefrontMcp(method: string, body: string): Reply {
  if (method !== "POST")
    return {
      ...rpcError(null, -32600, "Method not allowed: use POST", 405),
      headers: { "content-type": "application/json; charset=utf-8", allow: "POST" },
    };
  let call: { id?: unknown; method?: unknown };
  try {
    call = JSON.parse(body) as typeof call;
  } catch {
    return rpcError(null, -32700, "Parse error", 400);
  }
  if (call?.method !== "tools/list") return rpcError(call?.id, -32601, "Method not found");

  return json({
    jsonrpc: "2.0",
    id: call.id ?? null,
    result: {
      tools: STOREFRONT_MCP_TOOLS.map(([name, description]) => ({
        name,
        description,
        inputSchema: { type: "object", properties: { query: { type: "string" } }, required: [] },
      })),
    },
  });
}

export function ucpProfile(store: FakeStore): Reply {
  const spec = (part: string) => `https://ucp.dev/${UCP_VERSION}/specification/${part}`;

  return json({
    ucp: {
      version: UCP_VERSION,
      services: {
        "dev.ucp.shopping": [{ version: UCP_VERSION, transport: "mcp", endpoint: `https://${store.domain}/api/ucp/mcp` }],
      },
      capabilities: {
        "dev.ucp.shopping.catalog": [{ version: UCP_VERSION, spec: spec("catalog") }],
        "dev.ucp.shopping.checkout": [{ version: UCP_VERSION, spec: spec("checkout") }],
        "dev.ucp.shopping.fulfillment": [{ version: UCP_VERSION, spec: spec("fulfillment"), extends: "dev.ucp.shopping.checkout" }],
      },
    },
  });
}

export function llmsTxt(store: FakeStore, name: string): Reply {
  const body = `# ${name}\n\n> ${name} online store, on Shopify.\n\n## Shop\n\n- [Catalog](https://${store.domain}/collections/all)\n- [Policies](https://${store.domain}/policies/refund-policy)\n`;

  return { status: 200, headers: { "content-type": "text/plain; charset=utf-8" }, body };
}

/** What a store answers where it serves none of these: Shopify's 404 page. */
export function notServed(store: FakeStore): Reply {
  return html(notFoundHtml(store), 404);
}
