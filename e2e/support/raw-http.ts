/**
 * Requests as an attacker sends them, which a browser or Playwright's request context would
 * tidy up first: the path exactly as written (dot segments, `%2e`, backslashes kept), any
 * method token, and header values as raw Latin-1 bytes.
 */
import { request, type IncomingHttpHeaders } from "node:http";
import { connect } from "node:net";

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: string };

export function rawRequest(
  baseURL: string,
  options: { method: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseURL);
  const body = options.body ?? "";

  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: hostname,
        port,
        method: options.method,
        path: options.path,
        headers: { ...options.headers, ...(body ? { "content-length": String(Buffer.byteLength(body)) } : {}) },
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error(`no answer to ${options.method} ${options.path}`)));
    req.on("error", reject);
    req.end(body || undefined);
  });
}

/** Bytes that are not a valid HTTP request, and everything the server sends back before closing. */
export function rawExchange(baseURL: string, bytes: string): Promise<string> {
  const { hostname, port } = new URL(baseURL);

  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(bytes, "latin1"));
    const chunks: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy(new Error("no answer")));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("close", () => resolve(Buffer.concat(chunks).toString("utf8")));
    socket.on("error", reject);
  });
}

/** Whether an answer carries the error body of docs/decisions.md §7: JSON with a string `error` and `code`. */
export function hasErrorBody(answer: RawAnswer): boolean {
  if (!String(answer.headers["content-type"]).startsWith("application/json")) return false;
  try {
    const body = JSON.parse(answer.body) as { error?: unknown; code?: unknown };

    return typeof body.error === "string" && typeof body.code === "string";
  } catch {
    return false;
  }
}

/** A JSON-RPC error response: how the MCP server (/api/mcp) answers a malformed message. */
export function isJsonRpcError(answer: RawAnswer): boolean {
  if (!String(answer.headers["content-type"]).startsWith("application/json")) return false;
  try {
    const body = JSON.parse(answer.body) as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } };

    return body.jsonrpc === "2.0" && typeof body.error?.code === "number" && typeof body.error.message === "string";
  } catch {
    return false;
  }
}
