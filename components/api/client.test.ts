import { describe, expect, expectTypeOf, it } from "vitest";
import type { listApiKeysEndpoint, revokeApiKeyEndpoint } from "@/lib/api-keys/endpoints";
import { listInventoryEventsEndpoint } from "@/lib/tracking/endpoints";
import { endpointUrl, type EndpointAnswer, type EndpointRequest } from "./client";

// The browser's calls are built from the endpoints' declarations: the path's parameters are
// filled in and encoded, the query keeps the values set, in order, and the types come from the
// declaration's schemas (a wrong field does not compile).

describe("a call built from an endpoint's declaration", () => {
  it("fills the path's parameters, encoded", () => {
    expect(endpointUrl("/api/store-detail/:slug/inventory/product/:shopifyId", { slug: "a b/c", shopifyId: 42 })).toBe(
      "/api/store-detail/a%20b%2Fc/inventory/product/42",
    );
  });

  it("sends the query's set values in their order and leaves out the unset ones", () => {
    const path = listInventoryEventsEndpoint.path;
    expect(endpointUrl(path, { slug: "shop" }, { page: 2, per_page: 20, type: undefined, product_id: 7 })).toBe(
      "/api/store-detail/shop/inventory/events?page=2&per_page=20&product_id=7",
    );
    expect(endpointUrl("/api/shops", {}, {})).toBe("/api/shops");
  });

  it("types the request and the answer from the declaration's schemas", () => {
    expectTypeOf<EndpointRequest<typeof revokeApiKeyEndpoint>>().toHaveProperty("params").toEqualTypeOf<{ id: string }>();
    expectTypeOf<EndpointAnswer<typeof listApiKeysEndpoint>>().toHaveProperty("data").items.toHaveProperty("prefix").toBeString();
    // @ts-expect-error an API key has no such field: the answer is typed, not any
    expectTypeOf<EndpointAnswer<typeof listApiKeysEndpoint>["data"][number]["no_such_field"]>().toBeUnknown();
  });
});
