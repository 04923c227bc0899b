// Where the discovery documents are served (app/.well-known/mcp*, app/server.json): named once
// for the routes' documents and the pages that point at them (llms.txt, /docs).

/** The MCP server card (SEP-2127). */
export const SERVER_CARD_PATH = "/.well-known/mcp/server-card.json";
/** The same card at the path of the first draft (SEP-1649), which several crawlers read. */
export const SERVER_CARD_ALIAS_PATH = "/.well-known/mcp.json";
/** The MCP Catalog of the domain: the latest draft's entry point, naming the card's URL. */
export const MCP_CATALOG_PATH = "/.well-known/mcp/catalog.json";
/** The MCP registry's description of this deployment (the repository's server.json, for this BASE_URL). */
export const SERVER_JSON_PATH = "/server.json";
