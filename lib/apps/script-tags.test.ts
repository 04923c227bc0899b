import { describe, expect, it } from "vitest";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { loaderUrlList, MAX_SCRIPT_TAGS, readScriptTags } from "./script-tags";

const signals = (html: string) => readPageSignals(loadHtml(html));

describe("loaderUrlList", () => {
  it("reads the list of Shopify's loader in its older, isLoaded-guarded and pretty-printed forms", () => {
    expect(loaderUrlList('function asyncLoad() { var urls = ["https:\\/\\/a.test\\/x.js"]; }')).toBe('"https:\\/\\/a.test\\/x.js"');
    expect(
      loaderUrlList(
        'function asyncLoad() {\n  if (isLoaded) return;\n  isLoaded = true;\n  var urls = [\n    "https://b.test/y.js"\n  ];\n}',
      ),
    ).toContain("https://b.test/y.js");
  });

  it("reads nothing from a script that only names the loader (a speed app rewriting it)", () => {
    const speedApp = `if (e.innerHTML.includes("asyncLoad")) { e.innerHTML = e.innerHTML.replace("x", "y"); } ${"x".repeat(400)} var urls = ["https://c.test/z.js"];`;
    expect(loaderUrlList(speedApp)).toBeNull();
    expect(loaderUrlList("var urls = ['https://c.test/z.js'];")).toBeNull();
  });
});

describe("readScriptTags", () => {
  it("lists each ScriptTag once, a proxied one as its vendor URL", () => {
    const page = signals(`<script>function asyncLoad() { var urls = [
      "https:\\/\\/vd.kaktusapp.com\\/storage\\/js\\/kaktus.js?shop=acme.myshopify.com",
      "\\/\\/cdn.shopify.com\\/proxy\\/5a9de237\\/api.goaffpro.com\\/loader.js?shop=acme.myshopify.com",
      "https:\\/\\/vd.kaktusapp.com\\/storage\\/js\\/kaktus.js?shop=acme.myshopify.com"
    ]; }</script>
    <script src="https://cdn.shopify.com/proxy/77aa/forms.example.test/f.js?shop=acme.myshopify.com"></script>`);
    expect(readScriptTags(page)).toEqual([
      {
        url: "https://vd.kaktusapp.com/storage/js/kaktus.js?shop=acme.myshopify.com",
        evidence: "https://vd.kaktusapp.com/storage/js/kaktus.js?shop=acme.myshopify.com",
        source: "script-tag",
      },
      {
        url: "https://api.goaffpro.com/loader.js?shop=acme.myshopify.com",
        evidence: "https://cdn.shopify.com/proxy/5a9de237/api.goaffpro.com/loader.js?shop=acme.myshopify.com",
        source: "proxied-script-tag",
      },
      {
        url: "https://forms.example.test/f.js?shop=acme.myshopify.com",
        evidence: "https://cdn.shopify.com/proxy/77aa/forms.example.test/f.js?shop=acme.myshopify.com",
        source: "proxied-script-tag",
      },
    ]);
  });

  it("caps a loader of a hundred thousand URLs, each evidence cut to 160 characters", () => {
    const urls = Array.from({ length: 100_000 }, (_, i) => `"https://h${i}.example.test/${"p".repeat(300)}.js"`).join(",");
    const tags = readScriptTags(signals(`<script>function asyncLoad() { var urls = [${urls}]; }</script>`));
    expect(tags.length).toBe(MAX_SCRIPT_TAGS);
    expect(tags.every((tag) => tag.evidence.length <= 160)).toBe(true);
  });
});
