import { describe, expect, it } from "vitest";
import { realStorefronts } from "@/testing/real-storefronts/truth";
import { loadHtml } from "./load-html";
import { readPageSignals } from "./page-signals";
import { readWebPixels } from "./web-pixels";

const pages = new Map(realStorefronts().map((page) => [page.domain, page.html]));

function pixelsOf(domain: string) {
  return readWebPixels(readPageSignals(loadHtml(pages.get(domain) ?? "")).inlineScripts);
}

describe("readWebPixels", () => {
  it("reads app and custom pixels with their client ids, names and configuration (pretty-printed page)", () => {
    const pixels = pixelsOf("wearwellow.com");
    const apps = pixels.filter((p) => p.type === "APP" && !p.shopifyOwn);
    expect(apps.map((p) => p.apiClientId)).toEqual(
      expect.arrayContaining([54985097217, 2887701, 1780363, 4383523, 2329312, 3009811, 2436932, 2753413, 2775569]),
    );
    expect(pixels.find((p) => p.apiClientId === 4383523)?.configuration).toEqual({ pixelCode: "CFPT7PJC77U9JM5JVMRG" });
    expect(pixels.filter((p) => p.type === "CUSTOM" && !p.shopifyOwn).map((p) => p.name)).toEqual(
      expect.arrayContaining(["Convert", "Outbrain", "AI Pro"]),
    );
    expect(pixels.filter((p) => p.shopifyOwn).map((p) => p.id)).toEqual(["shopify-app-pixel", "shopify-custom-pixel"]);
  });

  it("reads the one-line list of a raw page", () => {
    expect(pixelsOf("feastables.com").map((p) => p.apiClientId)).toEqual(expect.arrayContaining([1780363, 2329312]));
  });

  it("finds none on a page from before web pixels, and none in a list that is not one", () => {
    expect(pixelsOf("rayconglobal.com")).toEqual([]);
    expect(readWebPixels(['x = {webPixelsConfigList: "nope"}', "webPixelsConfigList: [1, null, {}]"])).toEqual([]);
  });

  it("keeps at most 100 entries of a hostile list", () => {
    const list = Array.from({ length: 5000 }, (_, i) => ({ id: String(i), type: "APP", apiClientId: i + 1 }));
    expect(readWebPixels([`init({webPixelsConfigList: ${JSON.stringify(list)}})`])).toHaveLength(100);
  });
});
