import { describe, expect, it } from "vitest";
import { productListingQuerySchema } from "@/lib/reports/list-report-products";
import { productListingSearch } from "./product-listing";

const query = (input: Record<string, unknown>) => productListingQuerySchema.parse(input);

describe("productListingSearch", () => {
  it("leaves defaults out of the URL", () => {
    const state = query({ q: "socks", sort: "price", page: "4" });
    expect(productListingSearch(state, { page: 1 })).toBe("?q=socks&sort=price");
    expect(productListingSearch(query({}), {})).toBe("");
  });
});
