import { boundText, QUOTED_TEXT_MAX } from "@/lib/bound-text";
import { fetchStore, type StoreFetchOptions, type StoreResponse } from "@/lib/shopify-reader/fetch-store";
import type { StoreFailure } from "@/lib/shopify-reader/outcomes";
import { looksLikeHtml, readLlmsHeading, readToolsList, readUcpProfile } from "./parse-agent-answers";
import type { AgentEndpoints, AgentEndpointStatus } from "./schemas";

/** Answers these small documents past this are not read (an llms.txt, a profile, a tool list are a few KB). */
export const AGENT_ANSWER_MAX_BYTES = 64 * 1024;

/** The one request sent to the Storefront MCP endpoint: list its tools, call none. */
export const TOOLS_LIST_REQUEST = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';

/** Statuses that refuse us rather than say "nothing here". */
const REFUSING = new Set([401, 403, 423, 429, 430]);

type Outcome = { status: AgentEndpointStatus; http_status: number | null; detail: string | null };

/**
 * Sends the three agent readiness requests (Storefront MCP `tools/list`, the UCP profile,
 * llms.txt), one each: through fetchStore like every store request (paced, signed, robots.txt
 * obeyed, SSRF-guarded, capped at 64 KB), and never retried, so a store that refuses or fails
 * one costs us one request. Nothing here fails: a store without them is the common case.
 */
export async function checkAgentReadiness(domain: string, options: StoreFetchOptions = {}): Promise<AgentEndpoints> {
  const once: StoreFetchOptions = { maxBytes: AGENT_ANSWER_MAX_BYTES, ...options, maxRetries: 0 };
  const mcp = await fetchStore(domain, "/api/mcp", "json", { ...once, jsonBody: TOOLS_LIST_REQUEST });
  const ucp = await fetchStore(domain, "/.well-known/ucp", "json", once);
  const llms = await fetchStore(domain, "/llms.txt", "text", once);

  return { storefront_mcp: storefrontMcp(mcp), ucp_profile: ucpProfile(ucp), llms_txt: llmsTxt(llms) };
}

function storefrontMcp(answer: StoreResponse | StoreFailure): AgentEndpoints["storefront_mcp"] {
  const tools = answer.status === "ok" ? readToolsList(answer.json) : null;
  if (answer.status !== "ok" || !tools) return { ...notAnswering(answer, "not a JSON-RPC tools/list answer"), tools: [], tool_count: 0 };

  return { status: "answers", http_status: answer.httpStatus, detail: null, tools: tools.names, tool_count: tools.count };
}

function ucpProfile(answer: StoreResponse | StoreFailure): AgentEndpoints["ucp_profile"] {
  const profile = answer.status === "ok" ? readUcpProfile(answer.json) : null;
  if (answer.status !== "ok" || !profile) {
    return { ...notAnswering(answer, "JSON without a ucp object"), version: null, capabilities: [], capability_count: 0 };
  }

  return {
    status: "answers",
    http_status: answer.httpStatus,
    detail: null,
    version: profile.version,
    capabilities: profile.names,
    capability_count: profile.count,
  };
}

function llmsTxt(answer: StoreResponse | StoreFailure): AgentEndpoints["llms_txt"] {
  if (answer.status !== "ok" || looksLikeHtml(answer.headers["content-type"], answer.body)) {
    return { ...notAnswering(answer, "an HTML page, not a text file"), bytes: null, heading: null };
  }

  return {
    status: "answers",
    http_status: answer.httpStatus,
    detail: null,
    bytes: Buffer.byteLength(answer.body),
    heading: readLlmsHeading(answer.body),
  };
}

/** What an answer that is not the document asked for says; `wrongKind` for a 200 of another kind. */
function notAnswering(answer: StoreResponse | StoreFailure, wrongKind: string): Outcome {
  const detail = (text: string) => boundText(text, QUOTED_TEXT_MAX);
  switch (answer.status) {
    case "ok":
      return { status: "absent", http_status: answer.httpStatus, detail: wrongKind };
    case "disallowed":
      return { status: "disallowed", http_status: null, detail: "robots.txt disallows it for StoreLensBot" };
    case "not_json":
      return { status: "absent", http_status: answer.httpStatus, detail: "not JSON" };
    case "http_error":
      return REFUSING.has(answer.httpStatus)
        ? { status: "refused", http_status: answer.httpStatus, detail: `refused (${answer.httpStatus})` }
        : { status: "absent", http_status: answer.httpStatus, detail: `HTTP ${answer.httpStatus}` };
    case "blocked":
    case "rate_limited":
    case "password":
      return { status: "refused", http_status: "httpStatus" in answer ? answer.httpStatus : null, detail: detail(answer.message) };
    case "too_large":
      return { status: "error", http_status: null, detail: "larger than 64 KB" };
    default:
      return { status: "error", http_status: "httpStatus" in answer ? answer.httpStatus : null, detail: detail(answer.message) };
  }
}
