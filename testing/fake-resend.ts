import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeResendRequest = {
  method: string;
  url: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
};

export type FakeResend = {
  baseUrl: string;
  requests: FakeResendRequest[];
  /** Makes the next POST /emails answer with this status and a Resend error body. */
  failNext(status: number, name: string, message: string): void;
  close(): Promise<void>;
};

/** A stand-in for the Resend API on loopback (POST /emails), for tests and demos. */
export async function startFakeResend(expectedKey: string): Promise<FakeResend> {
  const requests: FakeResendRequest[] = [];
  let failure: { status: number; name: string; message: string } | undefined;

  const server: Server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    req.on("end", () => {
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
      requests.push({ method: req.method ?? "", url: req.url ?? "", authorization: req.headers.authorization, body });
      res.setHeader("content-type", "application/json");
      if (req.headers.authorization !== `Bearer ${expectedKey}`) {
        res.writeHead(401).end(JSON.stringify({ statusCode: 401, name: "validation_error", message: "API key is invalid" }));
      } else if (failure) {
        const { status, name, message } = failure;
        failure = undefined;
        res.writeHead(status).end(JSON.stringify({ statusCode: status, name, message }));
      } else if (req.method === "POST" && req.url === "/emails") {
        res.writeHead(200).end(JSON.stringify({ id: `email_${requests.length}` }));
      } else {
        res.writeHead(404).end(JSON.stringify({ statusCode: 404, name: "not_found", message: "Not found" }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    failNext(status, name, message) {
      failure = { status, name, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
