import type { Metadata } from "next";
import Link from "next/link";
import { responseExample, successSchema, type JsonSchema } from "@/lib/api-reference/response-example";
import { isOperatorOperation, OPERATOR_SECTION, operationAnchors, tagAnchor, tagOf } from "@/lib/api-reference/sections";
import { curlExample, type DocumentOperation } from "@/lib/endpoints/curl-example";
import { buildOpenApiDocument } from "@/lib/endpoints/openapi";
import { ACCESS } from "@/lib/auth/access";
import { MCP_CATALOG_PATH, SERVER_CARD_ALIAS_PATH, SERVER_CARD_PATH, SERVER_JSON_PATH } from "@/lib/discovery/paths";
import { getEnv } from "@/lib/env";
import { siteUrl } from "@/lib/site-url";
import { STORE_TOOLS } from "@/lib/tools";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "API reference",
  description: "The StoreLens JSON API and MCP server: jobs, reports, the store and app directories, tracked stores, API keys.",
};

type Operation = DocumentOperation & { operationId: string; summary: string; description?: string; tags: string[] };

const AUTH_LABEL: Record<string, string> = { apiKey: "API key", bearer: "Bearer token", session: "session", x402: "x402 payment" };

function who(security: Record<string, unknown>[]): string {
  const names = security.flatMap((entry) => Object.keys(entry));
  if (security.some((entry) => Object.keys(entry).length === 0)) return "anyone";

  return [...new Set(names.map((name) => AUTH_LABEL[name] ?? name))].join(", ");
}

/** Who may call a tool, from its HTTP endpoint's row of the access matrix. */
function toolCallers(access: keyof typeof ACCESS): string {
  const rule = ACCESS[access];
  if (rule.anonymous) return "anyone";

  return rule.x402 ? "API key (without one: x402 payment requirements)" : "API key";
}

const code = "rounded bg-slate-100 px-1";

/** The sections of the page: the guides, then one per tag with its operations. */
function TocList({ tags, operations, anchors, operator }: TocProps) {
  return (
    <ul className="mt-2 space-y-1">
      <li>
        <a href="#quick-start" className="text-indigo-700 hover:underline">
          Quick start
        </a>
      </li>
      <li>
        <a href="#promises" className="text-indigo-700 hover:underline">
          Promises
        </a>
      </li>
      <li>
        <a href="#crawler" className="text-indigo-700 hover:underline">
          The crawler
        </a>
      </li>
      <li>
        <a href="#mcp" className="text-indigo-700 hover:underline">
          MCP server
        </a>
      </li>
      {tags.map((tag) => (
        <li key={tag}>
          <a href={`#${tagAnchor(tag)}`} className="capitalize text-indigo-700 hover:underline">
            {tag}
          </a>
          <ul className="mb-2 ml-3 mt-1 space-y-0.5 border-l border-slate-200 pl-3 text-xs">
            {operations
              .filter(({ op }) => tagOf(op) === tag)
              .map(({ path, method, op }) => (
                <li key={op.operationId}>
                  <a
                    href={`#${anchors.get(op.operationId)}`}
                    className="break-all font-mono text-slate-700 hover:text-indigo-700 hover:underline"
                  >
                    {method} {path}
                  </a>
                </li>
              ))}
          </ul>
        </li>
      ))}
      {operator ? (
        <li>
          <a href={`#${OPERATOR_SECTION}`} className="text-indigo-700 hover:underline">
            Operator endpoints
          </a>
        </li>
      ) : null}
    </ul>
  );
}

type Listed = { path: string; method: string; op: Operation };
type TocProps = { tags: string[]; operations: Listed[]; anchors: Map<string, string>; operator: boolean };

/** Guide sections of the page, each an anchor no tag or operation may take. */
const GUIDES = ["quick-start", "promises", "crawler", "mcp"] as const;

/** Longer than this, an example answer is cut: the whole shape is in /api/openapi.json. */
const EXAMPLE_CHARS = 4_000;

function ExampleAnswer({ op, schemas, baseUrl }: { op: Operation; schemas: Record<string, JsonSchema>; baseUrl: string }) {
  const success = successSchema(op.responses as never);
  if (!success) return null;
  const json = JSON.stringify(responseExample(success.schema, schemas, baseUrl), null, 2);
  const cut = json.length > EXAMPLE_CHARS;

  return (
    <details className="mt-2 text-xs">
      <summary className="cursor-pointer text-indigo-700 hover:underline">Example answer ({success.status})</summary>
      <pre className="mt-1 max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 text-slate-800 ring-1 ring-slate-200" tabIndex={0}>
        <code>{cut ? `${json.slice(0, EXAMPLE_CHARS)}\n… (cut here: the whole shape is in /api/openapi.json)` : json}</code>
      </pre>
    </details>
  );
}

/** One operation: its method and path, who may call it, a curl command and an example answer. */
function OperationItem({
  entry: { path, method, op },
  anchor,
  baseUrl,
  cookie,
  schemas,
}: {
  entry: Listed;
  anchor: string;
  baseUrl: string;
  cookie: string;
  schemas: Record<string, JsonSchema>;
}) {
  return (
    <li id={anchor} className="min-w-0 scroll-mt-4 p-4">
      <h3 className="break-all font-mono text-sm font-normal">
        <span className="mr-2 rounded bg-indigo-50 px-1.5 py-0.5 font-semibold text-indigo-800">{method}</span>
        {path}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{op.summary}</p>
      {op.description?.split("\n\n").map((paragraph) => (
        <p key={paragraph} className="mt-1 text-sm text-slate-600">
          {paragraph}
        </p>
      ))}
      <p className="mt-1 text-xs text-slate-600">
        Who: {who(op.security)} · Answers: {Object.keys(op.responses).join(", ")}
        {op.parameters.length > 0 ? ` · Parameters: ${op.parameters.map((p) => `${p.name} (${p.in})`).join(", ")}` : ""}
      </p>
      <pre className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100" tabIndex={0}>
        <code>{curlExample(method, path, op, baseUrl, cookie)}</code>
      </pre>
      <ExampleAnswer op={op} schemas={schemas} baseUrl={baseUrl} />
    </li>
  );
}

/** The table of contents on a phone: folded, under the page's heading. */
function FoldedContents(props: TocProps) {
  return (
    <nav aria-label="On this page" className="text-sm lg:hidden">
      <details className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <summary className="cursor-pointer font-semibold text-slate-900">On this page</summary>
        <TocList {...props} />
      </details>
    </nav>
  );
}

/** The table of contents on a wide screen: open beside the page, staying in view while it scrolls. */
function SideContents(props: TocProps) {
  return (
    <nav aria-label="On this page" className="hidden text-sm lg:sticky lg:top-4 lg:block lg:max-h-[calc(100vh-2rem)] lg:overflow-y-auto">
      <p className="font-semibold text-slate-900">On this page</p>
      <TocList {...props} />
    </nav>
  );
}

export default function DocsPage() {
  const doc = buildOpenApiDocument();
  const all: Listed[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ path, method: method.toUpperCase(), op: op as Operation })),
  );
  // A customer's endpoints first; the operator's (admin, Stripe's webhook) in a last part of their own.
  const operations = all.filter(({ op }) => !isOperatorOperation(op));
  const operator = all.filter(({ op }) => isOperatorOperation(op));
  const tags = [...new Set(operations.map(({ op }) => tagOf(op)))];
  const anchors = operationAnchors(
    all.map(({ op }) => op),
    GUIDES,
  );
  const baseUrl = doc.servers[0]!.url;
  const cookie = doc.components.securitySchemes.session.name;
  const schemas = doc.components.schemas as Record<string, JsonSchema>;
  const createJob = all.find(({ op }) => op.operationId === "createJob");
  const getReport = all.find(({ op }) => op.operationId === "getReport");
  const toc = { tags, operations, anchors, operator: operator.length > 0 };

  return (
    <div className="grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <aside className="hidden min-w-0 lg:block">
        <SideContents {...toc} />
      </aside>
      <div className="min-w-0 space-y-8">
        <header>
          <h1 className="text-2xl font-bold tracking-tight">API reference</h1>
          <p className="text-slate-600">
            JSON over HTTPS. Authenticate with <code className="rounded bg-slate-100 px-1">X-API-Key</code> (create keys in the dashboard).
            Errors are <code className="rounded bg-slate-100 px-1">{`{ "error", "code" }`}</code>. Machine-readable:{" "}
            <a href="/api/openapi.json" className="text-indigo-700 underline">
              /api/openapi.json
            </a>{" "}
            (OpenAPI 3.1). Live progress: WebSocket <code className="rounded bg-slate-100 px-1">/api/ws/:jobId</code>. Breaking changes are
            dated in the{" "}
            <a href="/docs/changelog" className="text-indigo-700 underline">
              API changelog
            </a>
            .
          </p>
        </header>
        <FoldedContents {...toc} />
        <section id="quick-start" className="scroll-mt-4 space-y-3 text-sm text-slate-700">
          <h2 className="text-lg font-semibold text-slate-900">Quick start: analyze a store</h2>
          <div className="space-y-2">
            <h3 className="font-semibold text-slate-900">With an API key</h3>
            <p>
              Create a key in the{" "}
              <Link href="/dashboard/api-keys" className="text-indigo-700 underline">
                dashboard
              </Link>
              , put it in <code className={code}>$STORELENS_API_KEY</code> and send the store&apos;s domain:
            </p>
            {createJob ? (
              <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100" tabIndex={0}>
                <code>{curlExample(createJob.method, createJob.path, createJob.op, baseUrl, cookie)}</code>
              </pre>
            ) : null}
            <p>
              The answer is the job, its <code className={code}>id</code> among its fields. Once its status is{" "}
              <code className={code}>completed</code> (a minute or so; follow it at <code className={code}>GET /api/jobs/:id/status</code>),
              read the report:
            </p>
            {getReport ? (
              <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100" tabIndex={0}>
                <code>{curlExample(getReport.method, getReport.path, getReport.op, baseUrl, cookie)}</code>
              </pre>
            ) : null}
          </div>
          <div className="space-y-2">
            <h3 className="font-semibold text-slate-900">From an MCP client</h3>
            <p>
              Add <code className={code}>{`${siteUrl()}/api/mcp`}</code> to Claude Desktop, Cursor or any Streamable HTTP client with the
              key as <code className={code}>Authorization: Bearer</code>, then ask it to analyze a store: it calls{" "}
              <code className={code}>analyze_store</code>. The configuration and every tool are under{" "}
              <a href="#mcp" className="text-indigo-700 underline">
                MCP server
              </a>
              .
            </p>
          </div>
          <div className="space-y-2">
            <h3 className="font-semibold text-slate-900">Without an account: pay per report with x402</h3>
            <p>
              Send the same request without a key: the answer is <code className={code}>402</code> with the price in its{" "}
              <code className={code}>PAYMENT-REQUIRED</code> header. An x402 client signs the payment; send the request again with it in{" "}
              <code className={code}>PAYMENT-SIGNATURE</code> and the answer is the job, the receipt in{" "}
              <code className={code}>PAYMENT-RESPONSE</code>.
            </p>
            <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100" tabIndex={0}>
              <code>{`curl -i -X POST '${baseUrl}/api/jobs' \\
  -H 'Content-Type: application/json' \\
  -d '{"domain":"allbirds.com"}'
# 402 Payment Required, PAYMENT-REQUIRED: <the payment requirements>

curl -X POST '${baseUrl}/api/jobs' \\
  -H 'Content-Type: application/json' \\
  -H 'PAYMENT-SIGNATURE: <the signed payment>' \\
  -d '{"domain":"allbirds.com"}'`}</code>
            </pre>
          </div>
        </section>
        <section id="promises" className="scroll-mt-4 space-y-2 text-sm text-slate-700">
          <h2 className="text-lg font-semibold text-slate-900">Promises</h2>
          <p>
            <strong>A completed report never changes.</strong> <code className="rounded bg-slate-100 px-1">GET /api/reports/:jobId</code>{" "}
            answers the same bytes under the same ETag for good, in every encoding, as do its pages (
            <code className="rounded bg-slate-100 px-1">products_page</code>) and its changelog: cache it forever. Should a report ever have
            to be removed, it answers 410 Gone, never a different body.
          </p>
          <p>
            <strong>Reports are published 30 days after they complete.</strong> The report page{" "}
            <code className="rounded bg-slate-100 px-1">/reports/:jobId</code> is then indexable, canonical and in the sitemap, linked from
            its store page; before, it is <code className="rounded bg-slate-100 px-1">noindex</code>. A published report stays published.
          </p>
          <p>
            <strong>Any analyzed store can be exported.</strong> <code className="rounded bg-slate-100 px-1">GET /api/free-export</code>{" "}
            serves the latest completed report of any store as Shopify&apos;s product import CSV or JSON, published or not: publication is
            about search engines, not about who may read.
          </p>
        </section>
        <section id="crawler" className="scroll-mt-4 space-y-2 text-sm text-slate-700">
          <h2 className="text-lg font-semibold text-slate-900">The crawler</h2>
          <p>
            Reports are made by StoreLensBot, which reads a store&apos;s public pages and Shopify&apos;s public JSON endpoints, one request
            at a time per store, with signed requests (Web Bot Auth; keys at{" "}
            <code className="rounded bg-slate-100 px-1">/.well-known/http-message-signatures-directory</code>). Store owners opt out with{" "}
            <code className="rounded bg-slate-100 px-1">User-agent: StoreLensBot</code> in robots.txt.{" "}
            <Link href="/bot" className="text-indigo-700 underline hover:text-indigo-900">
              What it fetches, how fast, and whom to contact
            </Link>
            .
          </p>
        </section>
        <section id="mcp" className="scroll-mt-4 space-y-2 text-sm text-slate-700">
          <h2 className="text-lg font-semibold text-slate-900">Use StoreLens from an MCP client</h2>
          <p>
            StoreLens is an MCP server (Streamable HTTP, stateless) at <code className={code}>/api/mcp</code>. Add it to your MCP client
            (Claude Desktop, Cursor, or any client that speaks Streamable HTTP) with an API key:
          </p>
          <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 text-xs text-slate-100" tabIndex={0}>
            {JSON.stringify(
              {
                mcpServers: {
                  storelens: { url: `${siteUrl()}/api/mcp`, headers: { Authorization: `Bearer ${getEnv().API_KEY_PREFIX}_…` } },
                },
              },
              null,
              2,
            )}
          </pre>
          <p>
            The key (<code className={code}>Authorization: Bearer</code> or <code className={code}>X-API-Key</code>) may be left out for the
            reads. Each tool answers what its endpoint answers, under the same access rule; a refusal is a tool error carrying the
            endpoint&apos;s error body. Send one JSON-RPC message per request (a batch is refused).
          </p>
          <ul className="list-disc space-y-1 pl-5">
            <li>
              <strong>Both revisions.</strong> Clients of MCP 2026-07-28 (stateless: <code className={code}>server/discover</code>, the
              revision in each request&apos;s <code className={code}>_meta</code>) and of 2025-11-25 (
              <code className={code}>initialize</code>) get the same tools.
            </li>
            <li>
              <strong>Typed results.</strong> Every tool declares an <code className={code}>outputSchema</code> (the endpoint&apos;s answer,
              as in the API reference below) and answers <code className={code}>structuredContent</code> plus the same JSON as text.
            </li>
            <li>
              <strong>Pay inside MCP, no account.</strong> Without a key, <code className={code}>analyze_store</code> answers a tool error
              whose structured content is the x402 v2 <code className={code}>PaymentRequired</code>; call it again with the signed payment
              in <code className={code}>params._meta[&quot;x402/payment&quot;]</code> and the receipt comes in the result&apos;s{" "}
              <code className={code}>_meta[&quot;x402/payment-response&quot;]</code>. One authorization buys one job, here or at{" "}
              <code className={code}>POST /api/jobs</code>; an x402 header sent to the MCP endpoint is never spent. Give the payment an x402{" "}
              <code className={code}>payment-identifier</code> and a lost answer is recovered by sending the identical payment again (same
              job, same receipt; another payment under that id is a 409).
            </li>
            <li>
              <strong>Discovery.</strong> The server card at{" "}
              <a href={`${siteUrl()}${SERVER_CARD_PATH}`} className="text-indigo-700 hover:underline">
                <code className={code}>{SERVER_CARD_PATH}</code>
              </a>{" "}
              (also at <code className={code}>{SERVER_CARD_ALIAS_PATH}</code>, listed by <code className={code}>{MCP_CATALOG_PATH}</code>)
              names the endpoint, the revisions, the credentials, which tools x402 pays for, and every tool with its schemas, before any
              connection. The MCP registry&apos;s description of this server is{" "}
              <a href={`${siteUrl()}${SERVER_JSON_PATH}`} className="text-indigo-700 hover:underline">
                <code className={code}>{SERVER_JSON_PATH}</code>
              </a>
              .
            </li>
            <li>
              <strong>Progress without polling.</strong> Call <code className={code}>analyze_store</code> with a{" "}
              <code className={code}>progressToken</code>: progress notifications follow the job and the answer is the finished job (or,
              after {Math.round(getEnv().MCP_PROGRESS_WAIT_MS / 1000)} s, the job as it stands: then poll{" "}
              <code className={code}>get_job_status</code>).
            </li>
          </ul>
          <ul className="divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
            {STORE_TOOLS.map((tool) => (
              <li key={tool.name} className="p-3">
                <p className="font-mono text-sm font-semibold">{tool.name}</p>
                <p className="mt-1">{tool.description}</p>
                <p className="mt-1 text-xs text-slate-600">
                  Who: {toolCallers(tool.access)} · Same figures as: {tool.endpoint.method} {tool.endpoint.path}
                </p>
              </li>
            ))}
          </ul>
        </section>
        <p className="text-sm text-slate-700">
          The examples read the key from <code className={code}>$STORELENS_API_KEY</code>; session-only operations take the browser&apos;s
          session cookie in <code className={code}>$STORELENS_SESSION</code>. Replace each <code className={code}>&lt;placeholder&gt;</code>{" "}
          with a value.
        </p>
        {tags.map((tag) => (
          <section key={tag} id={tagAnchor(tag)} className="scroll-mt-4" aria-labelledby={`${tagAnchor(tag)}-heading`}>
            <h2 id={`${tagAnchor(tag)}-heading`} className="text-lg font-semibold capitalize">
              {tag}
            </h2>
            <ul className="mt-2 divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
              {operations
                .filter(({ op }) => tagOf(op) === tag)
                .map((entry) => (
                  <OperationItem
                    key={`${entry.method} ${entry.path}`}
                    entry={entry}
                    anchor={anchors.get(entry.op.operationId)!}
                    baseUrl={baseUrl}
                    cookie={cookie}
                    schemas={schemas}
                  />
                ))}
            </ul>
          </section>
        ))}
        {operator.length > 0 ? (
          <section id={OPERATOR_SECTION} className="scroll-mt-4" aria-labelledby={`${OPERATOR_SECTION}-heading`}>
            <h2 id={`${OPERATOR_SECTION}-heading`} className="text-lg font-semibold">
              Operator endpoints
            </h2>
            <p className="mt-1 text-sm text-slate-600">
              For whoever runs this server, not for customers: the admin pages&apos; endpoints (the server&apos;s administrators only) and
              the webhook Stripe calls.
            </p>
            <ul className="mt-2 divide-y divide-slate-200 rounded-xl bg-white ring-1 ring-slate-200">
              {operator.map((entry) => (
                <OperationItem
                  key={`${entry.method} ${entry.path}`}
                  entry={entry}
                  anchor={anchors.get(entry.op.operationId)!}
                  baseUrl={baseUrl}
                  cookie={cookie}
                  schemas={schemas}
                />
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
