/**
 * Open progress connections are capped per client address and per process, and WebSocket
 * and SSE connections count together: a client refused one kind cannot open the other
 * instead. Everything goes over real HTTP on loopback: the custom server's client-address
 * rule, the SSE route handler, and the job-socket upgrade.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { getDb } from "@/db";
import { jobs, stores } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { GET as eventsRoute } from "@/app/api/jobs/[id]/events/route";
import { startRouteHost, type RouteHost } from "@/testing/route-host";
import { documentedAnswerErrors } from "@/testing/openapi-answers";
import { waitFor } from "@/testing/wait-for";
import { closeJobEventHub } from "./job-event-hub";
import { createJobSocketServer } from "./job-socket-server";
import { progressConnections } from "./progress-connections";

let host: RouteHost;
let jobId: string;
const sockets = createJobSocketServer();
const opened: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  Object.assign(process.env, { PROGRESS_CONNECTIONS_PER_ADDRESS: "2", PROGRESS_CONNECTIONS_MAX: "3" });
  resetEnvCache();
  // A queued job that never finishes: its progress connections stay open until we close them.
  const [store] = await getDb().insert(stores).values({ domain: "caps.test", slug: "caps-test" }).returning();
  const [job] = await getDb().insert(jobs).values({ storeId: store!.id, domain: "caps.test", slug: "caps-test" }).returning();
  jobId = job!.id;
  host = await startRouteHost({
    routes: [{ method: "GET", path: /^\/api\/jobs\/(?<id>[^/]+)\/events$/, handler: eventsRoute }],
    upgrade: (req, socket, head) => sockets.handleUpgrade(req, socket, head),
  });
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((connection) => connection.close()));
  await waitFor(() => progressConnections().open() === 0, { what: "every slot released" });
  delete process.env.TRUST_PROXY;
  resetEnvCache();
});

afterAll(async () => {
  await sockets.close();
  await host?.close();
  await closeJobEventHub();
  delete process.env.PROGRESS_CONNECTIONS_PER_ADDRESS;
  delete process.env.PROGRESS_CONNECTIONS_MAX;
  resetEnvCache();
});

type Refusal = { status: number; retryAfter: string | null; body: Record<string, unknown> };

/** Opens the SSE stream; an admitted one stays open (and is remembered for closing). */
async function openEvents(forwardedFor?: string): Promise<{ status: 200; close(): Promise<void> } | Refusal> {
  const aborter = new AbortController();
  const response = await fetch(`${host.origin}/api/jobs/${jobId}/events`, {
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
    signal: aborter.signal,
  });
  if (response.status !== 200) {
    return {
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      body: (await response.json()) as Record<string, unknown>,
    };
  }
  const reader = response.body!.getReader();
  const first = await reader.read(); // the job's current state
  expect(new TextDecoder().decode(first.value)).toMatch(/^event: progress\n/);
  const connection = {
    status: 200 as const,
    close: async () => {
      aborter.abort();
      await reader.closed.catch(() => {});
    },
  };
  opened.push(connection);

  return connection;
}

/** Opens the job's WebSocket; an admitted one stays open (and is remembered for closing). */
function openSocket(forwardedFor?: string): Promise<{ status: 101; close(): Promise<void> } | Refusal> {
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/api/ws/${jobId}`, {
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));

  return new Promise((resolve, reject) => {
    socket.once("open", () => {
      const connection = {
        status: 101 as const,
        close: async () => {
          socket.close();
          await closed;
        },
      };
      opened.push(connection);
      resolve(connection);
    });
    socket.once("unexpected-response", (_req, res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += String(chunk)));
      res.on("end", () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: (res.headers["retry-after"] as string | undefined) ?? null,
          body: JSON.parse(text) as Record<string, unknown>,
        }),
      );
    });
    socket.once("error", reject);
  });
}

const statusOf = async (attempt: Promise<{ status: number }>) => (await attempt).status;

describe("progress connections share one cap", () => {
  it("refuses an SSE stream past the per-address cap with 429 and the error body, and frees the slot when one closes", async () => {
    const first = await openEvents();
    expect(first.status).toBe(200);
    expect(await statusOf(openEvents())).toBe(200);

    const refused = await openEvents();
    expect(refused).toEqual({
      status: 429,
      retryAfter: "10",
      body: {
        error: "Too many open progress connections from this address; close one, or poll GET /api/jobs/:id/status",
        code: "rate_limited",
        limit_type: "open_connections",
        retry_after: 10,
      },
    });
    expect(documentedAnswerErrors("GET", "/api/jobs/{id}/events", 429, (refused as Refusal).body)).toEqual([]);

    await (first as { close(): Promise<void> }).close();
    await waitFor(() => progressConnections().open("127.0.0.1") === 1, { what: "the closed stream's slot" });
    expect(await statusOf(openEvents())).toBe(200);
  });

  it("counts WebSocket and SSE connections together, per address", async () => {
    const socket = await openSocket();
    expect(socket.status).toBe(101);
    expect(await statusOf(openEvents())).toBe(200);

    // The socket's refusal is the same 429 as the stream's, Retry-After included.
    expect(await openSocket()).toMatchObject({
      status: 429,
      retryAfter: "10",
      body: { code: "rate_limited", limit_type: "open_connections" },
    });
    expect(await openEvents()).toMatchObject({ status: 429, body: { code: "rate_limited" } });

    await (socket as { close(): Promise<void> }).close();
    await waitFor(() => progressConnections().open("127.0.0.1") === 1, { what: "the closed socket's slot" });
    expect(await statusOf(openEvents())).toBe(200);
  });

  it("answers 503 with the error body once the process holds its total, whichever kind is asked", async () => {
    process.env.TRUST_PROXY = "true";
    resetEnvCache();
    expect(await statusOf(openEvents("198.51.100.1"))).toBe(200);
    expect(await statusOf(openSocket("198.51.100.2"))).toBe(101);
    expect(await statusOf(openEvents("198.51.100.3"))).toBe(200);

    expect(await openEvents("198.51.100.4")).toMatchObject({ status: 503, body: { code: "unavailable" } });
    expect(await openSocket("198.51.100.4")).toMatchObject({ status: 503, body: { code: "unavailable" } });
  });
});

describe("the WebSocket's client address is the HTTP one", () => {
  it("without TRUST_PROXY, a forged X-Forwarded-For that changes per connection buys no extra sockets", async () => {
    expect(await statusOf(openSocket("203.0.113.1"))).toBe(101);
    expect(await statusOf(openSocket("203.0.113.2"))).toBe(101);

    expect(await openSocket("203.0.113.3")).toMatchObject({ status: 429, body: { code: "rate_limited" } });
  });

  it("with TRUST_PROXY, the key is the last X-Forwarded-For entry (the proxy's), not what the client wrote before it", async () => {
    process.env.TRUST_PROXY = "true";
    resetEnvCache();
    expect(await statusOf(openSocket("6.6.6.1, 198.51.100.7"))).toBe(101);
    expect(await statusOf(openSocket("6.6.6.2, 198.51.100.7"))).toBe(101);
    expect(await openSocket("6.6.6.3, 198.51.100.7")).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    // The same address over SSE is the same client.
    expect(await openEvents("6.6.6.4, 198.51.100.7")).toMatchObject({ status: 429 });

    // Another client of the proxy has its own share.
    expect(await statusOf(openSocket("6.6.6.1, 198.51.100.8"))).toBe(101);
  });

  it("counts the addresses of one IPv6 /64 as one client, WebSocket and SSE alike; another /64 has its own share", async () => {
    process.env.TRUST_PROXY = "true";
    resetEnvCache();
    expect(await statusOf(openSocket("2001:db8:9:1::1"))).toBe(101);
    expect(await statusOf(openEvents("2001:db8:9:1::2"))).toBe(200);
    expect(await openSocket("2001:db8:9:1:ffff::3")).toMatchObject({ status: 429, body: { code: "rate_limited" } });
    expect(await openEvents("2001:db8:9:1::4")).toMatchObject({ status: 429, body: { code: "rate_limited" } });

    expect(await statusOf(openSocket("2001:db8:9:2::1"))).toBe(101);
  });

  it("counts an IPv4-mapped address as its IPv4 address", async () => {
    process.env.TRUST_PROXY = "true";
    resetEnvCache();
    expect(await statusOf(openSocket("198.51.100.30"))).toBe(101);
    expect(await statusOf(openEvents("::ffff:198.51.100.30"))).toBe(200);
    expect(await openSocket("::ffff:c633:641e")).toMatchObject({ status: 429, body: { code: "rate_limited" } });
  });
});
