// The HTTP control API lets another process create, fault and advance stores.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controlRequest, fixtureStore, generatedStore, requestAs, startFakeStore, type FakeChange, type FakeStoreServer } from "../index";

let server: FakeStoreServer;
const control = (method: string, path: string, body?: object) => controlRequest(server.origin, method, path, body);

beforeAll(async () => {
  server = await startFakeStore();
  server.addStore(fixtureStore("demo.test"));
});
afterAll(() => server.close());

describe("control API", () => {
  it("lists stores", async () => {
    const res = await control("GET", "stores");
    expect(res.status).toBe(200);
    expect(res.json<{ stores: Array<{ domain: string; products: number }> }>().stores).toEqual([
      expect.objectContaining({ domain: "demo.test", kind: "shopify", products: 22, currency: "EUR" }),
    ]);
  });

  it("creates a store from a definition and serves it by Host", async () => {
    const res = await control("POST", "stores", generatedStore("Remote.TEST", { products: 40, seed: 3, currency: "USD", country: "US" }));
    expect(res.status).toBe(201);
    expect(res.json<{ store: { domain: string } }>().store.domain).toBe("remote.test");
    const meta = (await requestAs(server.origin, "remote.test", "/meta.json")).json<{
      currency: string;
      published_products_count: number;
    }>();
    expect(meta).toMatchObject({ currency: "USD", published_products_count: 40 });
  });

  it("rejects invalid definitions", async () => {
    expect((await control("POST", "stores", { kind: "shopify", domain: "x.test" })).status).toBe(400);
    expect((await requestAs(server.origin, "127.0.0.1", "/__fake/stores", { method: "POST", body: "{nope" })).status).toBe(400);
  });

  it("advances a store and returns the changes", async () => {
    const res = await control("POST", "stores/demo.test/advance", { sales: 2, priceChanges: 1, seed: 99 });
    expect(res.status).toBe(200);
    const { changes } = res.json<{ changes: FakeChange[] }>();
    expect(changes.map((c) => c.kind)).toEqual(["sale", "sale", "price_change"]);
    const change = changes[2];
    if (change?.kind !== "price_change") throw new Error("no price change");
    const product = (await requestAs(server.origin, "demo.test", `/products/${change.handle}.json`)).json<{
      product: { variants: Array<{ id: number; price: string }> };
    }>().product;
    expect(product.variants.find((v) => v.id === change.variantId)?.price).toBe(change.priceAfter);
    expect((await control("POST", "stores/demo.test/advance", { sales: [{ variantId: 1, quantity: 1 }] })).status).toBe(400);
  });

  it("sets faults, exposes counters and the log, resets them", async () => {
    expect((await control("PUT", "stores/demo.test/faults", { rateLimit: { firstN: 1, retryAfterSeconds: 3 } })).status).toBe(200);
    await control("POST", "stores/demo.test/reset");
    expect((await requestAs(server.origin, "demo.test", "/products.json")).status).toBe(429);
    expect((await requestAs(server.origin, "demo.test", "/products.json")).status).toBe(200);
    const summary = (await control("GET", "stores/demo.test")).json<{ store: { counters: { requests: number; rateLimited: number } } }>();
    expect(summary.store.counters).toMatchObject({ requests: 2, rateLimited: 1 });
    const { log } = (await control("GET", "stores/demo.test/log")).json<{ log: Array<{ path: string; status: number }> }>();
    expect(log.map((e) => e.status)).toEqual([429, 200]);
    // Control calls are not storefront traffic: they are not counted.
    expect(server.store("demo.test").counters().requests).toBe(2);
  });

  it("deletes a store (its host then answers like a non-Shopify site)", async () => {
    expect((await control("DELETE", "stores/remote.test")).status).toBe(204);
    expect((await control("GET", "stores/remote.test")).status).toBe(404);
    const res = await requestAs(server.origin, "remote.test", "/products.json");
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
  });
});
