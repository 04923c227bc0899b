/**
 * The servers bench/reports.ts loads, each in its own process so the load generator never
 * shares their CPU time:
 *   --mode=app      GET /api/reports/:id through its real route handler (stored body)
 *   --mode=rebuild  the previous behavior: load, validate and serialize every product per request
 *   --mode=static   a bare Node http server sending fixed bytes (--file, --headers) for every request
 * Prints nothing; tells the parent its port over IPC, and answers "rss" with its RSS.
 */
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const mode = arg("mode");

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

async function routeServer(handler: Handler) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const id = decodeURIComponent(url.pathname.split("/").pop() ?? "");
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    const response = await handler(new Request(url, { headers }), { params: Promise.resolve({ id }) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (!response.body) return void res.end();
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (!res.write(chunk)) await once(res, "drain");
    }
    res.end();
  };
}

async function listener(): Promise<(req: IncomingMessage, res: ServerResponse) => void | Promise<void>> {
  if (mode === "static") {
    const bytes = readFileSync(arg("file")!);
    const headers = { ...(JSON.parse(arg("headers") ?? "{}") as Record<string, string>), "content-length": String(bytes.length) };

    return (_req, res) => {
      res.writeHead(200, headers);
      res.end(bytes);
    };
  }
  if (mode === "app") return routeServer((await import("@/app/api/reports/[id]/route")).GET as Handler);
  if (mode === "rebuild") {
    const { getReport } = await import("@/lib/reports/get-report");

    return routeServer(async (_req, { params }) => Response.json(await getReport((await params).id ?? "")));
  }
  throw new Error(`unknown --mode=${mode}`);
}

const handle = await listener();
const server = createServer((req, res) => {
  Promise.resolve(handle(req, res)).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  });
});
server.keepAliveTimeout = 60_000;
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
process.send!({ port: (server.address() as AddressInfo).port });
process.on("message", (message) => {
  if (message === "rss") process.send!({ rss: process.memoryUsage().rss });
});
process.on("disconnect", () => process.exit(0));
