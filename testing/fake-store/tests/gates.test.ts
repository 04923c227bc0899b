// Password gate, non-Shopify hosts, Cloudflare-blocked JSON, a proxied listing, storefront HTML markers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockedStore, fixtureStore, notShopifySite, passwordStore, requestAs, startFakeStore, type FakeStoreServer } from "../index";

let server: FakeStoreServer;
const get = (host: string, path: string) => requestAs(server.origin, host, path);

beforeAll(async () => {
  server = await startFakeStore();
  server.addStore(
    fixtureStore("demo.test", {
      apps: [`<script src="https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=X" async></script>`],
    }),
  );
  server.addStore(passwordStore("locked.test"));
  server.addStore(blockedStore("blocked.test"));
  server.addStore(notShopifySite("plain.test"));
  server.addStore(fixtureStore("proxied.test", { listingContentType: `text/html; ${"x".repeat(12_000)}` }));
});
afterAll(() => server.close());

describe("routing by Host", () => {
  it("ignores the port in the Host header", async () => {
    const res = await get("demo.test:8443", "/meta.json");
    expect(res.json<{ domain: string }>().domain).toBe("demo.test");
  });

  it("shopResolve() gives the SHOP_RESOLVE value for this server", () => {
    expect(server.shopResolve()).toBe(`*.test=http://127.0.0.1:${server.port}`);
    expect(server.origin).toBe(`http://127.0.0.1:${server.port}`);
  });
});

describe("storefront HTML", () => {
  it("carries the Shopify globals, theme, app snippets and headers", async () => {
    const res = await get("demo.test", "/");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["powered-by"]).toBe("Shopify");
    expect(res.headers["x-shopid"]).toMatch(/^\d+$/);
    expect(res.body).toContain('Shopify.shop = "demo.myshopify.com";');
    expect(res.body).toContain('Shopify.currency = {"active":"EUR","rate":"1.0"};');
    expect(res.body).toContain('Shopify.country = "PT";');
    expect(res.body).toContain(
      'Shopify.theme = {"name":"Dawn","id":123,"schema_name":"Dawn","schema_version":"15.0.0","theme_store_id":887,"role":"main"};',
    );
    expect(res.body).toContain('<script src="https://static.klaviyo.com/onsite/js/klaviyo.js?company_id=X" async></script>');
  });
});

describe("password-protected store", () => {
  it("redirects HTML pages to /password", async () => {
    for (const path of ["/", "/products/kit-seca-barriga", "/collections/all", "/sitemap.xml"]) {
      const res = await get("locked.test", path);
      expect(res.status, path).toBe(302);
      expect(res.headers.location).toBe("/password");
    }
  });

  it("serves the password page at /password", async () => {
    const res = await get("locked.test", "/password");
    expect(res.status).toBe(200);
    expect(res.body).toContain('name="password"');
  });

  it("answers JSON endpoints with the HTML password page (200 text/html)", async () => {
    for (const path of ["/products.json", "/meta.json", "/collections.json", "/products/kit-seca-barriga.js", "/pages.json"]) {
      const res = await get("locked.test", path);
      expect(res.status, path).toBe(200);
      expect(res.headers["content-type"], path).toMatch(/^text\/html/);
      expect(res.body).toContain("Opening soon");
      expect(() => JSON.parse(res.body)).toThrow();
    }
  });
});

describe("hosts that are not (reachable) Shopify stores", () => {
  it.each(["unknown.test", "plain.test"])("%s answers 200 text/html everywhere, never JSON", async (host) => {
    for (const path of ["/", "/products.json", "/meta.json", "/sitemap.xml"]) {
      const res = await get(host, path);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["powered-by"]).toBeUndefined();
      expect(res.body).not.toContain("Shopify.theme");
    }
  });

  it("a Cloudflare-blocked store answers 403 on JSON endpoints but serves HTML", async () => {
    for (const path of ["/products.json", "/meta.json", "/products/kit-seca-barriga.json"]) {
      const res = await get("blocked.test", path);
      expect(res.status, path).toBe(403);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
    }
    const home = await get("blocked.test", "/");
    expect(home.status).toBe(200);
    expect(home.body).toContain("Shopify.theme");
  });

  it("a store behind a rewriting proxy answers its listing as HTML under the proxy's Content-Type, the rest as Shopify", async () => {
    const listing = await get("proxied.test", "/products.json");
    expect(listing.status).toBe(200);
    expect(listing.headers["content-type"]).toBe(`text/html; ${"x".repeat(12_000)}`);
    expect(listing.body).toMatch(/^<!DOCTYPE html>/);
    const meta = await get("proxied.test", "/meta.json");
    expect(meta.json<{ domain: string }>().domain).toBe("proxied.test");
  });
});
