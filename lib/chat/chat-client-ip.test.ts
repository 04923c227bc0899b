/**
 * Anonymous chat is limited per client address (an IPv6 /64 counting as one address), and
 * TRUST_PROXY decides which address that is. Requests go over real HTTP through the custom server's address rule (the same
 * function server.ts applies) into the chat route.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetEnvCache } from "@/lib/env";
import { setClientAddress } from "@/lib/http/client-address";
import { startFakeModel, type FakeModelServer } from "@/testing/fake-model";
import { createChatHandler } from "@/app/api/chat/chat-handler";

let model: FakeModelServer;
let clock = new Date("2026-03-10T12:00:00.000Z");
const POST = createChatHandler({ now: () => new Date(clock) });

/** The app behind the custom server's client-address rule, on loopback. */
async function startApp(trustProxy: boolean): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    setClientAddress(req, trustProxy);
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
      void POST(new Request(`http://localhost:3000${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) }), {
        params: Promise.resolve({}),
      }).then(async (response) => {
        res.writeHead(response.status, { "content-type": response.headers.get("content-type") ?? "application/json" });
        res.end(Buffer.from(await response.arrayBuffer()));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const ask = async (url: string, forwardedFor?: string) => {
  const response = await fetch(`${url}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    body: JSON.stringify({ messages: [{ role: "user", content: "hi" }] }),
  });

  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

beforeAll(async () => {
  model = await startFakeModel({ script: () => ({ text: "hello", usage: { prompt: 10, completion: 2 } }) });
  process.env.CHAT_BASE_URL = model.baseUrl;
  resetEnvCache();
});

afterAll(async () => {
  delete process.env.CHAT_BASE_URL;
  resetEnvCache();
  await model?.close();
});

it("without TRUST_PROXY, anonymous callers are keyed on the socket address: a forged X-Forwarded-For buys no extra requests", async () => {
  clock = new Date("2026-03-10T12:00:00.000Z");
  const app = await startApp(false);
  try {
    const statuses = [];
    for (const forged of ["203.0.113.1", "203.0.113.2", undefined, "203.0.113.4"]) statuses.push((await ask(app.url, forged)).status);

    expect(statuses).toEqual([200, 200, 200, 429]);
  } finally {
    await app.close();
  }
});

it("with TRUST_PROXY, they are keyed on the address the proxy appended, not on what the client wrote before it", async () => {
  clock = new Date("2026-03-10T13:00:00.000Z");
  const app = await startApp(true);
  try {
    // One client behind the proxy, writing a different fake address each time.
    const statuses = [];
    for (const forged of ["6.6.6.1", "6.6.6.2", "6.6.6.3", "6.6.6.4"])
      statuses.push((await ask(app.url, `${forged}, 198.51.100.7`)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    // Another client of the proxy has its own window.
    expect((await ask(app.url, "6.6.6.1, 198.51.100.8")).status).toBe(200);
    // The loopback peer (the proxy itself) is not what was limited.
    expect((await ask(app.url)).status).toBe(200);
  } finally {
    await app.close();
  }
});

it("counts every address of one IPv6 /64 as one anonymous caller; another /64 has its own window, and an IPv4-mapped address is its IPv4 address", async () => {
  clock = new Date("2026-03-10T14:00:00.000Z");
  const app = await startApp(true);
  try {
    // One host handing itself a new address of its /64 for every request.
    const statuses = [];
    for (const address of ["2001:db8:7:1::1", "2001:db8:7:1::2", "2001:db8:7:1:a:b:c:d", "2001:db8:7:1:ffff::9"])
      statuses.push((await ask(app.url, address)).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await ask(app.url, "2001:db8:7:2::1")).status).toBe(200);

    for (const address of ["198.51.100.20", "::ffff:198.51.100.20", "198.51.100.20"])
      expect((await ask(app.url, address)).status).toBe(200);
    expect((await ask(app.url, "::ffff:198.51.100.20")).status).toBe(429);
  } finally {
    await app.close();
  }
});
