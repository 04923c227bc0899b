// HTTP helper for tests: Node's fetch (undici) refuses to override the Host header, so stores
// are addressed with node:http and an explicit `host` header, the way SHOP_RESOLVE sends them.

import { request } from "node:http";

export interface FakeResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Parses the body as JSON (throws if it is not). */
  json<T = unknown>(): T;
}

export interface RequestAsInit {
  method?: string;
  headers?: Record<string, string>;
  /** Objects are sent as JSON. */
  body?: string | object;
}

/** `requestAs("http://127.0.0.1:4010", "demo.test", "/products.json?limit=250")` */
export function requestAs(origin: string, host: string, path: string, init: RequestAsInit = {}): Promise<FakeResponse> {
  const url = new URL(path, origin);
  const payload = init.body === undefined ? undefined : typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method: init.method ?? (payload === undefined ? "GET" : "POST"),
        headers: {
          host,
          ...(payload !== undefined ? { "content-type": "application/json", "content-length": String(Buffer.byteLength(payload)) } : {}),
          ...init.headers,
        },
        // No connection pooling: tests often count requests, and pooled sockets outlive close().
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body) as T });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** Calls the control API (`/__fake/...`) of a fake store server. */
export function controlRequest(origin: string, method: string, path: string, body?: object): Promise<FakeResponse> {
  return requestAs(origin, new URL(origin).host, `/__fake/${path.replace(/^\/+/, "")}`, { method, ...(body ? { body } : {}) });
}
