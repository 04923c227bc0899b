import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { getDb } from "@/db";
import { jobs, stores } from "@/db/schema";
import { securityHeaders } from "@/lib/security/security-headers";
import { closeJobEventHub } from "./job-event-hub";
import { createJobSocketServer } from "./job-socket-server";
import { ProgressConnections } from "./progress-connections";

// Hostile upgrades on /api/ws/:jobId: each is answered with a status and a closed socket,
// never an exception in the upgrade listener or a socket left hanging.

let server: Server;
let port: number;
let jobId: string;
const sockets = createJobSocketServer({ connections: new ProgressConnections({ perAddress: 2, total: 3 }), maxPayload: 64 });
const crashes: unknown[] = [];
const onCrash = (error: unknown) => crashes.push(error);

beforeAll(async () => {
  process.on("uncaughtException", onCrash);
  const [store] = await getDb().insert(stores).values({ domain: "sock.test", slug: "sock-test" }).returning();
  const [job] = await getDb().insert(jobs).values({ storeId: store!.id, domain: "sock.test", slug: "sock-test" }).returning();
  jobId = job!.id;
  server = createServer((_req, res) => res.writeHead(404).end());
  server.on("upgrade", (req, socket, head) => {
    if (!sockets.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  process.off("uncaughtException", onCrash);
  await sockets.close();
  server?.close();
  await closeJobEventHub();
});

/** Sends a raw upgrade request and resolves with everything the server wrote before closing. */
function rawUpgrade(path: string, headers: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let received = "";
    socket.on("data", (chunk) => (received += String(chunk)));
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
    const lines = [
      `GET ${path} HTTP/1.1`,
      "Host: 127.0.0.1",
      "Upgrade: websocket",
      "Connection: Upgrade",
      "Sec-WebSocket-Version: 13",
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  });
}

function open(path: string, options: WebSocket.ClientOptions = {}) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, options);
  const outcome = new Promise<{ opened: boolean; status?: number }>((resolve) => {
    socket.once("open", () => resolve({ opened: true }));
    socket.once("unexpected-response", (_req, res) => resolve({ opened: false, status: res.statusCode }));
    socket.once("error", () => resolve({ opened: false }));
  });
  const closed = new Promise<number>((resolve) => socket.on("close", (code) => resolve(code)));

  return { socket, outcome, closed };
}

describe("hostile WebSocket upgrades", () => {
  it("answers a malformed percent-encoding with 400 and closes the socket (no uncaught URIError)", async () => {
    const answer = await rawUpgrade("/api/ws/%E0");

    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"code":"invalid_request"');
    expect(crashes).toEqual([]);
  });

  it("refuses a browser on another origin with 403", async () => {
    const { outcome } = open(`/api/ws/${jobId}`, { origin: "https://evil.example" });

    expect(await outcome).toEqual({ opened: false, status: 403 });
  });

  it("answers a refusal with the security headers every answer carries", async () => {
    const answer = await rawUpgrade(`/api/ws/${jobId}`, { Origin: "https://evil.example" });

    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    const head = answer.slice(0, answer.indexOf("\r\n\r\n")).toLowerCase();
    for (const [name, value] of Object.entries(securityHeaders())) expect(head).toContain(`\r\n${name}: ${value.toLowerCase()}`);
    expect(head).toContain("frame-ancestors 'none'");
  });

  it("admits our own origin", async () => {
    const client = open(`/api/ws/${jobId}`, { origin: "http://localhost:3000" });

    expect(await client.outcome).toEqual({ opened: true });
    client.socket.close();
    await client.closed;
  });

  it("caps open connections per address, and frees the slot when one closes", async () => {
    const first = open(`/api/ws/${jobId}`);
    const second = open(`/api/ws/${jobId}`);
    expect((await first.outcome).opened).toBe(true);
    expect((await second.outcome).opened).toBe(true);

    const third = open(`/api/ws/${jobId}`);
    expect(await third.outcome).toEqual({ opened: false, status: 429 });

    first.socket.close();
    await first.closed;
    const fourth = open(`/api/ws/${jobId}`);
    expect((await fourth.outcome).opened).toBe(true);
    second.socket.close();
    fourth.socket.close();
    await Promise.all([second.closed, fourth.closed]);
  });

  it("closes a socket that sends a frame over the payload cap (1009)", async () => {
    const client = open(`/api/ws/${jobId}`);
    expect((await client.outcome).opened).toBe(true);
    client.socket.send("x".repeat(10_000));

    expect(await client.closed).toBe(1009);
  });
});
