import { describe, expect, it } from "vitest";
import { knownTechnologyAt } from "./known-urls";
import { unproxied } from "./script-urls";

describe("knownTechnologyAt", () => {
  it("names the technology or tag kind of a URL the list knows, and nothing else", () => {
    expect(knownTechnologyAt("https://js.sentry-cdn.com/0123.min.js")).toBe("sentry");
    expect(knownTechnologyAt("https://www.googletagmanager.com/gtag/js?id=G-ABC123")).toBe("google-analytics-4");
    expect(knownTechnologyAt("https://pbid.pro-market.net/engine?site=1")).toBe("pro-market");
    expect(knownTechnologyAt("https://vd.kaktusapp.com/storage/js/kaktus.js")).toBeNull();
  });
});

describe("unproxied", () => {
  it("reads a ScriptTag Shopify proxies as its vendor URL, any other URL as it is", () => {
    expect(unproxied("//CDN.SHOPIFY.COM/proxy/5a9de237/api.kount.com/shopify/js?m_id=1")).toBe("https://api.kount.com/shopify/js?m_id=1");
    expect(unproxied("https://cdn.shopify.com/proxy/5a9de237")).toBe("https://cdn.shopify.com/proxy/5a9de237");
    expect(unproxied("https://vd.kaktusapp.com/a.js")).toBe("https://vd.kaktusapp.com/a.js");
  });
});
