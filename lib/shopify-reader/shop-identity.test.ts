import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseResolveRules } from "@/lib/net";
import { generatedStore, startFakeStore, type FakeStoreServer } from "@/testing/fake-store";
import type { StoreFetchOptions } from "./fetch-store";
import { isStoreFailure } from "./outcomes";
import { createPacer } from "./pacer";
import { resolveStore } from "./resolve-store";
import { confirmShopIdentity } from "./shop-identity";

// What a store says about itself (meta.json myshopify_domain and id) is confirmed on Shopify's side.

let server: FakeStoreServer;
let options: StoreFetchOptions;

beforeAll(async () => {
  server = await startFakeStore();
  options = {
    pacer: createPacer({ minIntervalMs: 0 }),
    net: {
      allowPrivateNetwork: false,
      resolveRules: parseResolveRules(`${server.shopResolve("*.test")},${server.shopResolve("*.myshopify.com")}`),
    },
    maxRetries: 0,
  };
  // Served directly under its myshopify host; another domain of the shop redirects to it.
  const shop = server.addStore(
    generatedStore("shop.test", { products: 2, aliases: ["shop.myshopify.com"], redirectFrom: ["shop-alt.test"] }),
  );
  // As on Shopify: the bare domain and the myshopify host redirect to the primary www domain.
  server.addStore(
    generatedStore("www.brand.test", {
      products: 2,
      redirectFrom: ["brand.test", "brand.myshopify.com"],
      myshopifyDomain: "brand.myshopify.com",
    }),
  );
  server.addStore(generatedStore("poser.test", { products: 1, myshopifyDomain: "shop.myshopify.com" }));
  server.addStore(generatedStore("copycat.test", { products: 1, myshopifyDomain: "shop.myshopify.com", shopId: shop.shopId }));
  server.addStore(generatedStore("ghost.test", { products: 1, myshopifyDomain: "nobody.myshopify.com" }));
  for (const claim of ["shop.test", "shop.myshopify.com.poser.test", "a.shop.myshopify.com", "-x.myshopify.com", "myshopify.com"]) {
    server.addStore(generatedStore(`claims-${server.stores().length}.test`, { products: 1, myshopifyDomain: claim, shopId: shop.shopId }));
  }
});

afterAll(() => server.close());

async function confirm(domain: string) {
  const resolved = await resolveStore(domain, options);
  if (isStoreFailure(resolved)) throw new Error(`${domain}: ${resolved.message}`);

  return confirmShopIdentity(resolved, options);
}

describe("confirmShopIdentity", () => {
  it("confirms a shop whose myshopify host answers with the same id and names its domain", async () => {
    expect(await confirm("shop.test")).toBe("shop.myshopify.com");
    // Another domain redirecting to it is another site as far as a request can tell: refused, named.
    expect(await resolveStore("shop-alt.test", options)).toMatchObject({ status: "redirected_off_store", host: "shop.test" });
  });

  it("confirms through Shopify's redirect from the myshopify host to the primary domain, either spelling", async () => {
    expect(await confirm("brand.test")).toBe("brand.myshopify.com");
    expect(await confirm("www.brand.test")).toBe("brand.myshopify.com");
  });

  it("takes the myshopify host's own word without asking again", async () => {
    server.store("shop.test").resetCounters();
    expect(await confirm("shop.myshopify.com")).toBe("shop.myshopify.com");
    expect(server.store("shop.test").counters().requests).toBe(1);
    expect(await confirm("brand.myshopify.com")).toBe("brand.myshopify.com");
  });

  it("refuses a host naming another shop, even with that shop's id copied", async () => {
    expect(await confirm("poser.test")).toBeNull();
    expect(await confirm("copycat.test")).toBeNull();
    expect(await confirm("ghost.test")).toBeNull();
  });

  it("ignores a claim that is not one *.myshopify.com host, without fetching it", async () => {
    const claimants = server.stores().filter((store) => store.domain.startsWith("claims-"));
    expect(claimants).toHaveLength(5);
    server.store("shop.test").resetCounters();
    for (const claimant of claimants) expect(await confirm(claimant.domain), claimant.myshopifyDomain).toBeNull();
    expect(server.store("shop.test").counters().requests).toBe(0);
  });
});
