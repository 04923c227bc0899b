import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixtureStore, flakyStore, requestAs, startFakeStore, type FakeStoreServer } from "../index";

let server: FakeStoreServer;
const get = (host: string, path: string) => requestAs(server.origin, host, path);
async function statuses(host: string, count: number, path = "/products.json"): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push((await get(host, path)).status);
  return out;
}

beforeAll(async () => {
  server = await startFakeStore();
});
afterAll(() => server.close());

describe("fault injection", () => {
  it("fails the first N requests with 429 + Retry-After, then serves normally", async () => {
    server.addStore(flakyStore("first.test", { rateLimit: { firstN: 3, retryAfterSeconds: 7 } }));
    const first = await get("first.test", "/products.json");
    expect(first.status).toBe(429);
    expect(first.headers["retry-after"]).toBe("7");
    expect(await statuses("first.test", 4)).toEqual([429, 429, 200, 200]);
    const counters = server.store("first.test").counters();
    expect(counters).toMatchObject({ requests: 5, rateLimited: 3, securityRejected: 0, serverErrors: 0 });
    expect(counters.byStatus).toEqual({ 200: 2, 429: 3 });
  });

  it("can omit Retry-After", async () => {
    server.addStore(flakyStore("noretry.test", { rateLimit: { firstN: 1, retryAfterSeconds: null } }));
    const res = await get("noretry.test", "/products.json");
    expect(res.status).toBe(429);
    expect(res.headers["retry-after"]).toBeUndefined();
  });

  it("serves 430 and cycling 5xx on every k-th request, counted per kind", async () => {
    server.addStore(
      flakyStore("every.test", {
        securityRejection: { everyK: 4 },
        serverErrors: { everyK: 3, statuses: [500, 502, 503] },
      }),
    );
    // n:        1    2    3    4    5    6    7    8    9    10   11   12
    // 430 wins on 4, 8, 12 (checked before 5xx); 5xx on 3, 6, 9 cycles 500, 502, 503.
    expect(await statuses("every.test", 12)).toEqual([200, 200, 500, 430, 200, 502, 200, 430, 503, 200, 200, 430]);
    expect(server.store("every.test").counters()).toMatchObject({ requests: 12, securityRejected: 3, serverErrors: 3, rateLimited: 0 });
  });

  it("keeps a request log with path and status, and setFaults restarts the numbering", async () => {
    server.addStore(fixtureStore("log.test"));
    const store = server.store("log.test");
    await get("log.test", "/meta.json");
    store.setFaults({ serverErrors: { firstN: 1, statuses: [502] } });
    await get("log.test", "/products.json?limit=5");
    await get("log.test", "/products.json?limit=5");
    expect(store.log().map(({ seq, method, path, status }) => ({ seq, method, path, status }))).toEqual([
      { seq: 1, method: "GET", path: "/meta.json", status: 200 },
      { seq: 2, method: "GET", path: "/products.json?limit=5", status: 502 },
      { seq: 3, method: "GET", path: "/products.json?limit=5", status: 200 },
    ]);
    store.resetCounters();
    expect(store.counters().requests).toBe(0);
    expect(store.log()).toEqual([]);
  });

  it("scope 'json' leaves HTML pages alone", async () => {
    server.addStore(flakyStore("jsononly.test", { rateLimit: { everyK: 1 }, scope: "json" }));
    expect((await get("jsononly.test", "/")).status).toBe(200);
    expect((await get("jsononly.test", "/products.json")).status).toBe(429);
  });

  it("adds the configured latency to every response", async () => {
    server.addStore(flakyStore("slow.test", { latencyMs: 150 }));
    const started = performance.now();
    await get("slow.test", "/meta.json");
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
  });
});
