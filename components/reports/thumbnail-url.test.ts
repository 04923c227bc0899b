import { describe, expect, it } from "vitest";
import { thumbnailUrl } from "./thumbnail-url";

// Product thumbnails ask Shopify's CDN for a small image, leave other hosts' addresses alone,
// and never put anything but a web address in an image's src.

describe("thumbnailUrl", () => {
  it("asks Shopify's CDN for a thumbnail-sized image, keeping its version", () => {
    expect(thumbnailUrl("https://cdn.shopify.com/s/files/1/0/products/a.jpg?v=17")).toBe(
      "https://cdn.shopify.com/s/files/1/0/products/a.jpg?v=17&width=96",
    );
    expect(thumbnailUrl("//shop.example/cdn/shop/files/a.jpg")).toBe("https://shop.example/cdn/shop/files/a.jpg?width=96");
  });

  it("leaves other hosts alone and refuses what is not a web address", () => {
    expect(thumbnailUrl("https://images.example/a.jpg")).toBe("https://images.example/a.jpg");
    // Over https: the page's Content-Security-Policy refuses plain http images.
    expect(thumbnailUrl("http://images.example/a.jpg")).toBe("https://images.example/a.jpg");
    expect(thumbnailUrl("not a url")).toBeNull();
    expect(thumbnailUrl("javascript:alert(1)")).toBeNull();
  });
});
