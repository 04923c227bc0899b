import { ACCESS } from "@/lib/auth/access";
import { STORE_TOOLS } from "@/lib/tools";
import { SERVER_CARD_PATH } from "./paths";
import type { ServerCard } from "./server-card";

/** The official MCP registry's server.json schema this file follows. */
export const SERVER_JSON_SCHEMA = "https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json";

/** The only `_meta` key the official registry keeps from a publisher. */
export const PUBLISHER_META_KEY = "io.modelcontextprotocol.registry/publisher-provided";

/**
 * The MCP registry's server.json, cut from the server card (so from the server itself) for the
 * origin the card was built for. The registry describes a remote server by its name, version,
 * description and streamable-HTTP URL and has no field for tools, so their names (and which
 * an agent may pay for with x402) ride in the publisher's `_meta`, where a drift from the
 * server fails server-json.test.ts.
 */
export function serverJsonFromCard(card: ServerCard, base: string): Record<string, unknown> {
  const listed = new Set(card.tools.map((tool) => tool.name));

  return {
    $schema: SERVER_JSON_SCHEMA,
    name: card.name,
    title: card.title,
    description: card.description,
    version: card.version,
    websiteUrl: card.websiteUrl,
    remotes: card.remotes.map(({ type, url, headers }) => ({ type, url, headers })),
    _meta: {
      [PUBLISHER_META_KEY]: {
        serverCard: `${base}${SERVER_CARD_PATH}`,
        tools: card.tools.map((tool) => tool.name),
        x402PaidTools: STORE_TOOLS.filter((tool) => ACCESS[tool.access].x402 && listed.has(tool.name)).map((tool) => tool.name),
      },
    },
  };
}
