import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string; at: number };

export type WebhookReceiver = {
  url: (path?: string) => string;
  requests: ReceivedRequest[];
  /** Status answered from now on, and an optional delay before answering. */
  respondWith(status: number, delayMs?: number): void;
  /** The next `count` requests get `status` instead (a receiver that is down for a while). */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
};

/** A real HTTP server on loopback that records every request it gets (webhook tests). */
export async function startWebhookReceiver(status = 200): Promise<WebhookReceiver> {
  const requests: ReceivedRequest[] = [];
  let answer = { status, delayMs: 0 };
  let failures = { count: 0, status: 500 };
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, at: Date.now() });
      const { delayMs } = answer;
      const code = failures.count > 0 ? failures.status : answer.status;
      if (failures.count > 0) failures = { ...failures, count: failures.count - 1 };
      setTimeout(() => {
        res.writeHead(code, { "content-type": "text/plain" });
        res.end(code < 300 ? "ok" : "nope");
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (path = "/hooks/secret-path") => `http://127.0.0.1:${port}${path}`,
    requests,
    respondWith(code, delayMs = 0) {
      answer = { status: code, delayMs };
    },
    failNext(count, code = 500) {
      failures = { count, status: code };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A received request's three Standard Webhooks headers, as a receiver hands them to the `standardwebhooks` library. */
export const standardWebhookHeaders = (request: ReceivedRequest) => ({
  "webhook-id": String(request.headers["webhook-id"]),
  "webhook-timestamp": String(request.headers["webhook-timestamp"]),
  "webhook-signature": String(request.headers["webhook-signature"]),
});
