import { describe, expect, it } from "vitest";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { ownSites, thirdPartySite } from "./own-sites";

const signals = (html: string) => readPageSignals(loadHtml(html));

describe("ownSites", () => {
  it("takes the store's site from its host as fetched, www. or not, and from its canonical URL", () => {
    expect([...ownSites(signals(""), "www.acme.co.uk")]).toEqual(["acme.co.uk"]);
    expect([...ownSites(signals('<link rel="canonical" href="https://shop.acme.test/products/a">'), null)]).toEqual(["acme.test"]);
  });

  it("knows the store's domain by the Shopify paths it serves, the cart and catalog it links and the ScriptTags its app proxies serve", () => {
    const page = signals(`
      <script src="https://idn.acme.test/cdn/shop/t/2/assets/global.js"></script>
      <a href="https://acme-two.test/cart">Cart</a>
      <a href="https://acme-three.test/collections/all">All</a>
      <a href="https://cartoons.test/cartoon">no</a>
      <a href="https://partner.test/about">no</a>`);
    const sites = ownSites(page, null, [
      "https://acme-four.test/apps/trust/worker.js",
      "https://d1.cloudfront.net/apps/x/y.js",
      // Shopify's other app proxy prefixes.
      "https://acme-five.test/a/ldc/shopify.js?shop=acme.myshopify.com",
      "https://acme-six.test/tools/wishlist/main.js",
    ]);
    expect([...sites].sort()).toEqual([
      "acme-five.test",
      "acme-four.test",
      "acme-six.test",
      "acme-three.test",
      "acme-two.test",
      "acme.test",
    ]);
  });

  it("never takes Shopify's own sites for the store's", () => {
    const page = signals(
      '<script src="https://cdn.shopify.com/cdn/shopifycloud/a.js"></script><a href="https://shop.app/account">Shop</a>',
    );
    expect([...ownSites(page, null)]).toEqual([]);
  });
});

describe("thirdPartySite", () => {
  const own = new Set(["acme.test"]);

  it("is null for Shopify's hosts, any store's myshopify host and the store's own", () => {
    for (const url of [
      "https://cdn.shopify.com/s/files/1/t/2/assets/app.js",
      "https://productreviews.shopifycdn.com/embed/loader.js",
      "https://geolocation-recommendations.shopifyapps.com/locale_bar/script.js",
      "https://acme.myshopify.com/apps/otp/widget.js",
      "https://www.acme.test/whatsapp.js",
    ]) {
      expect(thirdPartySite(url, own), url).toBeNull();
    }
  });

  it("is the vendor's site for anything else", () => {
    expect(thirdPartySite("https://returns.saara.io/static/a.js", own)).toMatchObject({ host: "returns.saara.io", site: "saara.io" });
  });
});
