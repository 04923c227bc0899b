import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { Readable } from "node:stream";
import { getEnv } from "@/lib/env";
import { setClientAddress } from "@/lib/http/client-address";

export type RouteHandler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** One served route: `path` is matched against the whole pathname; its named groups are the params. */
export type HostedRoute = { method: string; path: RegExp; handler: RouteHandler };

export type RouteHost = { origin: string; port: number; close(): Promise<void> };

/**
 * App Router handlers served on loopback the way the custom server and Next serve them: the
 * client-address rule of server.ts first (TRUST_PROXY read per request, so a test may switch it), the request body streamed to the handler, the
 * request's signal aborted when the client goes away, and the answer streamed back (a reader
 * that stops is cancelled). `upgrade` owns WebSocket upgrades, as server.ts's job sockets do.
 */
export async function startRouteHost(options: {
  routes: HostedRoute[];
  upgrade?: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
}): Promise<RouteHost> {
  const server = createServer((req, res) => {
    setClientAddress(req, getEnv().TRUST_PROXY);
    void serve(options.routes, req, res).catch(() => res.destroy());
  });
  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!options.upgrade?.(req, socket, head)) socket.destroy();
  });
  // Node closes an idle keep-alive connection after 5 s. Client and server share this process: on
  // a loaded machine a stalled event loop let a client write its next request on a connection the
  // server's timer then closed (ECONNRESET in a test). Idle connections outlive any test's pause.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function serve(routes: HostedRoute[], req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://localhost:3000");
  let params: Record<string, string> = {};
  const route = routes.find((candidate) => {
    const match = candidate.method === req.method ? candidate.path.exec(url.pathname) : null;
    if (match) params = { ...match.groups };

    return match !== null;
  });
  if (!route) {
    res.writeHead(404).end();
    return;
  }

  const gone = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) gone.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const request = new Request(url, {
    method: req.method,
    headers,
    signal: gone.signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  } as RequestInit);

  const response = await route.handler(request, { params: Promise.resolve(params) });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => {}));
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}
