import { SUPPORTED_PROTOCOL_VERSIONS } from "@modelcontextprotocol/server";
import { ACCESS } from "@/lib/auth/access";
import { isX402Enabled, x402JobPriceUsd } from "@/lib/billing/x402/enabled";
import { configuredNetworkCaip2 } from "@/lib/billing/x402/requirements";
import { getEnv } from "@/lib/env";
import { handleMcpRequest } from "@/lib/mcp";
import { mcpEndpoint } from "@/lib/mcp/endpoints";
import { PAYMENT_META_KEY, PAYMENT_RESPONSE_META_KEY } from "@/lib/mcp/tool-payment";
import { siteUrl } from "@/lib/site-url";
import { STORE_TOOLS } from "@/lib/tools";
import { MCP_CATALOG_PATH, SERVER_CARD_PATH, SERVER_JSON_PATH } from "./paths";
import { MCP_SERVER_DESCRIPTION, MCP_SERVER_INFO, MCP_SERVER_TITLE, registryName } from "@/lib/server-identity";

/**
 * The MCP server card (SEP-2127, "MCP Server Cards"; docs/chat-and-mcp.md says which draft and
 * why). Its capabilities, revisions and tools are what the
 * server itself answers to `server/discover` and `tools/list`, asked in process through the
 * same handler POST /api/mcp runs: the card cannot list a tool the server does not have.
 */
export const SERVER_CARD_SCHEMA = "https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json";

/** The revision whose stateless `server/discover` states the server's identity and capabilities. */
const MODERN_REVISION = "2026-07-28";

export type ListedTool = { name: string; title?: string; description?: string; inputSchema: Record<string, unknown> } & Record<
  string,
  unknown
>;

export type ServerCard = {
  $schema: string;
  name: string;
  version: string;
  title: string;
  description: string;
  websiteUrl: string;
  remotes: {
    type: "streamable-http";
    url: string;
    supportedProtocolVersions: string[];
    headers: { name: string; description: string; isRequired: boolean; isSecret: boolean }[];
    authentication: { required: boolean; schemes: string[] };
  }[];
  capabilities: Record<string, unknown>;
  tools: ListedTool[];
  /** SEP-1649's fields, which crawlers that read /.well-known/mcp.json still look for. */
  serverInfo: { name: string; title: string; version: string };
  transport: { type: "streamable-http"; endpoint: string };
  _meta: Record<string, unknown>;
};

type Discovered = { supportedVersions: string[]; capabilities: Record<string, unknown>; serverInfo: { name: string; version: string } };

/** One JSON-RPC request of the 2026-07-28 revision, answered by the MCP handler for an anonymous caller. */
async function askServer<T>(method: string, base: string): Promise<T> {
  const meta = {
    "io.modelcontextprotocol/protocolVersion": MODERN_REVISION,
    "io.modelcontextprotocol/clientCapabilities": {},
    "io.modelcontextprotocol/clientInfo": { name: "storelens-server-card", version: MCP_SERVER_INFO.version },
  };
  const request = new Request(`${base}${mcpEndpoint.path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": MODERN_REVISION,
      "mcp-method": method,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: { _meta: meta } }),
  });
  const response = await handleMcpRequest(request, { kind: "anonymous", ip: "127.0.0.1" }, "server-card");
  const text = await response.text();
  // JSON, or one SSE `data:` line carrying it.
  const json = text.trimStart().startsWith("{") ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? "null");
  const answer = JSON.parse(json) as { result?: T; error?: { message: string } } | null;
  if (!answer?.result) throw new Error(`the MCP server did not answer ${method}: ${answer?.error?.message ?? text.slice(0, 200)}`);

  return answer.result;
}

/** How an agent pays for a paid tool without an account: x402 v2 inside the MCP call (lib/mcp/tool-payment.ts). */
function x402Meta(): Record<string, unknown> {
  if (!isX402Enabled()) return {};
  const paid = STORE_TOOLS.filter((tool) => ACCESS[tool.access].x402);

  return {
    x402: {
      x402Version: 2,
      scheme: "exact",
      network: configuredNetworkCaip2(),
      priceUsd: x402JobPriceUsd(),
      tools: paid.map((tool) => tool.name),
      http: paid.map((tool) => `${tool.endpoint.method} ${tool.endpoint.path}`),
      paymentMeta: PAYMENT_META_KEY,
      receiptMeta: PAYMENT_RESPONSE_META_KEY,
    },
  };
}

async function buildServerCard(base: string): Promise<ServerCard> {
  const discovered = await askServer<Discovered & { _meta?: Record<string, { name: string; version: string }> }>("server/discover", base);
  const serverInfo = discovered.serverInfo ?? discovered._meta?.["io.modelcontextprotocol/serverInfo"];
  if (!serverInfo) throw new Error("server/discover named no server");
  const { tools, nextCursor } = await askServer<{ tools: ListedTool[]; nextCursor?: string }>("tools/list", base);
  // A paged tool list would need a cursor loop; the card must never hold half of it.
  if (nextCursor) throw new Error("tools/list answered a page: the server card needs the whole list");
  const endpoint = `${base}${mcpEndpoint.path}`;
  const versions = [...new Set([...discovered.supportedVersions, ...SUPPORTED_PROTOCOL_VERSIONS])];
  const env = getEnv();

  return {
    $schema: SERVER_CARD_SCHEMA,
    name: registryName(base),
    version: serverInfo.version,
    title: MCP_SERVER_TITLE,
    description: MCP_SERVER_DESCRIPTION,
    websiteUrl: `${base}/docs`,
    remotes: [
      {
        type: "streamable-http",
        url: endpoint,
        supportedProtocolVersions: versions,
        headers: [
          {
            name: "Authorization",
            description: `Optional: Bearer ${env.API_KEY_PREFIX}_… (an API key). Reads need none; your tracked stores need one; a paid tool is paid by it or by x402.`,
            isRequired: false,
            isSecret: true,
          },
          { name: "X-API-Key", description: "The same API key, as a header of its own", isRequired: false, isSecret: true },
        ],
        // No credential is needed to connect: each tool applies its endpoint's access rule.
        authentication: { required: false, schemes: isX402Enabled() ? ["bearer", "x402"] : ["bearer"] },
      },
    ],
    capabilities: discovered.capabilities,
    tools,
    serverInfo: { name: serverInfo.name, title: MCP_SERVER_TITLE, version: serverInfo.version },
    transport: { type: "streamable-http", endpoint },
    _meta: {
      ...x402Meta(),
      links: {
        catalog: `${base}${MCP_CATALOG_PATH}`,
        serverJson: `${base}${SERVER_JSON_PATH}`,
        openapi: `${base}/api/openapi.json`,
        llmsTxt: `${base}/llms.txt`,
        docs: `${base}/docs`,
      },
    },
  };
}

/** The tools and the server cannot change while the process runs: one card per origin, built once. */
const cards = new Map<string, Promise<ServerCard>>();

export function serverCard(): Promise<ServerCard> {
  const base = siteUrl();
  let card = cards.get(base);
  if (!card) {
    card = buildServerCard(base);
    // A failure is not remembered: the next request tries again.
    card.catch(() => cards.delete(base));
    cards.set(base, card);
  }

  return card;
}

/**
 * The MCP Catalog of the latest discovery draft: the domain's entry point, naming the card's
 * URL (a client reads the catalog, then the card it points at).
 */
export function mcpCatalog(): Record<string, unknown> {
  const base = siteUrl();

  return {
    specVersion: "draft",
    entries: [
      {
        identifier: `urn:air:${new URL(base).hostname}:${MCP_SERVER_INFO.name}`,
        displayName: MCP_SERVER_TITLE,
        type: "application/mcp-server-card+json",
        url: `${base}${SERVER_CARD_PATH}`,
      },
    ],
  };
}

/** The headers of every discovery document: readable from any origin (the draft requires it) and cacheable. */
export const DISCOVERY_HEADERS = {
  "content-type": "application/json",
  "cache-control": "public, max-age=3600",
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET",
  "access-control-allow-headers": "Content-Type",
} as const;
