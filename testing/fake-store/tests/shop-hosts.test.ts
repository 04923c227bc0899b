// One shop under several hosts (served or redirected), and hosts whose meta.json poses as another shop.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { controlRequest, generatedStore, requestAs, startFakeStore, type FakeStoreServer } from "../index";

type Meta = { id: number; domain: string; myshopify_domain: string };

let server: FakeStoreServer;
const get = (host: string, path: string) => requestAs(server.origin, host, path);

beforeAll(async () => {
  server = await startFakeStore();
  server.addStore(
    generatedStore("www.brand.test", {
      products: 3,
      aliases: ["brand.myshopify.com"],
      redirectFrom: ["brand.test", "brand.alt.test"],
      myshopifyDomain: "brand.myshopify.com",
    }),
  );
});
afterAll(() => server.close());

describe("hosts of one shop", () => {
  it("serves the same shop under an alias, meta.json naming the primary domain", async () => {
    const primary = (await get("www.brand.test", "/meta.json")).json<Meta>();
    const alias = await get("brand.myshopify.com", "/meta.json");
    expect(alias.json<Meta>()).toEqual(primary);
    expect(primary).toMatchObject({ domain: "www.brand.test", myshopify_domain: "brand.myshopify.com" });
    expect(alias.headers["x-shopid"]).toBe(String(primary.id));
    expect((await get("brand.myshopify.com", "/products.json")).body).toBe((await get("www.brand.test", "/products.json")).body);
  });

  it("redirects its other domains to the same path on the primary one (301)", async () => {
    const res = await get("brand.alt.test", "/meta.json?x=1");
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe("https://www.brand.test/meta.json?x=1");
  });

  it("lists the shop once, and replacing or removing it frees all its hosts", async () => {
    expect(server.stores().filter((s) => s.domain === "www.brand.test")).toHaveLength(1);
    server.addStore(generatedStore("www.brand.test", { products: 1 }));
    expect(server.findStore("brand.myshopify.com")).toBeUndefined();
    expect(server.findStore("brand.test")).toBeUndefined();
    server.removeStore("www.brand.test");
    expect(server.findStore("www.brand.test")).toBeUndefined();
  });
});

describe("claims", () => {
  it("lets a host claim another shop's myshopify domain and id (meta.json, Shopify.shop, x-shopid)", async () => {
    const created = await controlRequest(server.origin, "POST", "stores", {
      kind: "shopify",
      domain: "poser.test",
      catalog: { source: "generated", products: 2 },
      myshopifyDomain: "victim.myshopify.com",
      shopId: 12345,
    });
    expect(created.status).toBe(201);
    const meta = await get("poser.test", "/meta.json");
    expect(meta.json<Meta>()).toMatchObject({ id: 12345, domain: "poser.test", myshopify_domain: "victim.myshopify.com" });
    expect(meta.headers["x-shopid"]).toBe("12345");
    expect((await get("poser.test", "/")).body).toContain('Shopify.shop = "victim.myshopify.com";');
  });
});
