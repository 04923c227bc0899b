import { getEnv } from "@/lib/env";
import { configuredNetworkCaip2, jobPriceAtomic } from "@/lib/billing/x402/requirements";
import { MCP_CATALOG_PATH, SERVER_CARD_ALIAS_PATH, SERVER_CARD_PATH, SERVER_JSON_PATH } from "@/lib/discovery/paths";
import { siteUrl } from "@/lib/site-url";
import { STORE_TOOLS } from "@/lib/tools";

const DAY_MS = 24 * 3600_000;

/** /.well-known/security.txt (RFC 9116): a contact, an expiry half a year ahead, the canonical URL. */
export function buildSecurityTxt(now = new Date()): string {
  const env = getEnv();
  const base = siteUrl();
  const contact = env.SECURITY_CONTACT ?? `mailto:security@${new URL(base).hostname}`;
  const expires = new Date(now.getTime() + 180 * DAY_MS).toISOString().replace(/\.\d{3}Z$/, "Z");

  return [`Contact: ${contact}`, `Expires: ${expires}`, "Preferred-Languages: en", `Canonical: ${base}/.well-known/security.txt`, ""].join(
    "\n",
  );
}

/** /llms.txt (llmstxt.org): what StoreLens is and how an agent uses its API. */
export function buildLlmsTxt(): string {
  const env = getEnv();
  const base = siteUrl();
  const atomic = jobPriceAtomic();
  const caip2 = configuredNetworkCaip2();

  return `# StoreLens

> StoreLens analyzes Shopify stores from their public storefront data: products, collections, pages, theme, installed apps and PageSpeed. Submit a store domain as a job, follow its progress, then read the report. A public directory of analyzed stores, an app directory and a blog are available too.

All endpoints are JSON under ${base}/api. Errors are \`{"error": "<message>", "code": "<machine_code>"}\`.

## API

- [OpenAPI 3.1 document](${base}/api/openapi.json): every endpoint, parameter, response and who may call it
- [API reference](${base}/docs): the same document, readable

Typical flow:
1. \`POST ${base}/api/jobs\` with \`{"domain": "example.com"}\` (optional \`webhook_url\`, \`notify_email\`) → \`{"job": {"id": …}}\`
2. Poll \`GET ${base}/api/jobs/{id}/status\` until \`status\` is \`completed\` or \`failed\` (or open the WebSocket \`/api/ws/{id}\`, or the SSE stream \`/api/jobs/{id}/events\`)
3. \`GET ${base}/api/reports/{id}\`: products, collections, pages, metadata

Reads need no credentials: jobs, status, reports, PageSpeed, changelog, \`/api/stores\` (directory), \`/api/stores/{slug}\`, \`/api/apps\`, \`/api/blog\`, and \`/api/free-export?slug=…&format=csv|json\` (any analyzed store's latest products as Shopify's product import CSV, or JSON). A completed report never changes: cache \`/api/reports/{job id}\` forever (410 only if it was purged).

## Authentication

- API key: header \`X-API-Key: ${env.API_KEY_PREFIX}_…\`. Create one in the dashboard (API keys tab) or with \`POST /api/api-keys\` while signed in. The raw key is shown once.
- Pay per job, no account (x402, versions 2 and 1): \`POST /api/jobs\` without credentials answers 402 (price USD ${env.X402_PRICE_USD} in USDC on ${env.X402_NETWORK}, CAIP-2 \`${caip2}\`). v2: the \`PAYMENT-REQUIRED\` header holds the requirements (base64 JSON, with a Bazaar discovery declaration of the input and output); retry with the payment in \`PAYMENT-SIGNATURE\`; the 201 carries \`PAYMENT-RESPONSE\`. v1: the requirements are in the JSON body; retry with the signed proof in \`X-PAYMENT\`; the 201 carries \`X-PAYMENT-RESPONSE\`. Settlement adds a few seconds. One authorization pays for one job only, whichever header carries it. An API key, if sent, pays instead and the payment is not used.
- With \`@x402/fetch\` (v2): \`wrapFetchWithPayment(fetch, new x402Client().register("eip155:*", new ExactEvmScheme(account)))\`; its default cap (USD 1) covers our price.
- With the \`x402-fetch\` client (v1), raise its spending cap: \`wrapFetchWithPayment(fetch, account, ${atomic}n)\`. Its default \`maxValue\` is 0.10 USDC (100000 atomic units), below our price, so without it the client refuses to pay.

## MCP

StoreLens is an MCP server (Streamable HTTP, stateless) at \`${base}/api/mcp\`. Add it to an MCP client:

\`\`\`json
{"mcpServers": {"storelens": {"url": "${base}/api/mcp", "headers": {"Authorization": "Bearer ${env.API_KEY_PREFIX}_…"}}}}
\`\`\`

- [MCP server card](${base}${SERVER_CARD_PATH}): the endpoint, revisions, credentials, which tools x402 pays for, and every tool with its input and output schemas, without connecting (also at \`${SERVER_CARD_ALIAS_PATH}\`; the domain's MCP catalog is \`${MCP_CATALOG_PATH}\`)
- [server.json](${base}${SERVER_JSON_PATH}): this server as the official MCP registry describes it

The key (\`Authorization: Bearer …\` or \`X-API-Key\`) is optional for the reads; \`list_tracked_stores\` needs it (your own shops); the inventory, analytics and compare tools of a tracked store follow their endpoints, which take a signed-in session only. One JSON-RPC message per request (no batches). Each tool answers what its HTTP endpoint answers, under the same access rule.

- Revisions: 2026-07-28 (stateless: \`server/discover\`, the revision and client capabilities in every request's \`_meta\`, \`Mcp-Method\`/\`Mcp-Name\` headers) and 2025-11-25 (\`initialize\`), same tools.
- Typed results: every tool has an \`outputSchema\` (its endpoint's answer in the OpenAPI document, or the tool error it may answer instead: the error body with \`status\`, for \`analyze_store\` also the x402 \`PaymentRequired\`) and answers \`structuredContent\` plus the same JSON as text; annotations say which tools only read.
- Pay inside MCP (x402 v2, no account): \`analyze_store\` without a key answers a tool error whose structured content is the x402 v2 \`PaymentRequired\` (code \`payment_required\`); call it again with the signed \`PaymentPayload\` in \`params._meta["x402/payment"]\` and the receipt comes in the result's \`_meta["x402/payment-response"]\`. One authorization buys one job, here or at \`POST /api/jobs\`; a payment header sent to the MCP endpoint is never spent.
- Lost answers: both doors honor x402's \`payment-identifier\` extension. Put an id in the payload (\`extensions["payment-identifier"].info.id\`, 16–128 characters of \`[A-Za-z0-9_-]\`); the identical payload sent again answers the same job and receipt, another payload under that id is a 409 \`conflict\`.
- Progress: call \`analyze_store\` with a \`progressToken\` to get \`notifications/progress\` as the job runs and the finished job as the answer (at most ${Math.round(env.MCP_PROGRESS_WAIT_MS / 1000)} s, then the job as it stands: poll \`get_job_status\`).

Tools:
${STORE_TOOLS.map((tool) => `- \`${tool.name}\` (${tool.endpoint.method} ${tool.endpoint.path}): ${tool.title}`).join("\n")}

## Limits

- Chat (\`POST /api/chat\`): 10 requests per minute and 200,000 tokens per day with a key or session; 3 per minute and 20,000 tokens per day anonymous. A 429 carries \`limit_type\` and \`retry_after\`: wait at least that long, add ±10% jitter, give up after 3 consecutive 429s.
- Paginated lists take \`page\` and \`per_page\` (max 50) and answer \`{"data": […], "pagination": {…}}\`.

## Our crawler

StoreLensBot reads the public storefront data of the stores it is asked about: the home page, \`/meta.json\`, \`/products.json\`, \`/collections.json\`, \`/pages.json\` and the sitemap, one request at a time per store, ${env.SCRAPER_MIN_INTERVAL_MS} ms apart at least. Its requests are signed (Web Bot Auth, HTTP Message Signatures); the keys are at ${base}/.well-known/http-message-signatures-directory. Its robots.txt token is \`StoreLensBot\`. More, and how to opt out: [${base}/bot](${base}/bot).

## Optional

- [Store directory](${base}/stores)
- [App directory](${base}/apps)
- [Blog](${base}/blog) and its [Atom feed](${base}/blog/feed.xml)
- [Sitemap](${base}/sitemap.xml)
`;
}
