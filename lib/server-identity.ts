import packageJson from "@/package.json";

/**
 * Who the MCP server says it is, in one place: its `serverInfo` (lib/mcp), its server card and
 * server.json. The version is the package's, so a release bumps all three at once.
 */
export const MCP_SERVER_INFO = { name: "storelens", version: packageJson.version } as const;

/** The display name of the server card and server.json. */
export const MCP_SERVER_TITLE = "StoreLens";

/** What the registry shows in its listing: at most 100 characters (its schema's bound). */
export const MCP_SERVER_DESCRIPTION = "Shopify store analysis: products, apps, theme, PageSpeed, changes over time. Pay per job with x402.";

/**
 * The registry name: the reverse-DNS of the host that serves the MCP endpoint, then the server.
 * The registry admits a domain-based namespace to whoever proves they hold the domain (DNS or
 * an HTTP file on it), so the name follows BASE_URL wherever it is deployed.
 */
export function registryName(origin: string): string {
  return `${new URL(origin).hostname.split(".").reverse().join(".")}/${MCP_SERVER_INFO.name}`;
}
