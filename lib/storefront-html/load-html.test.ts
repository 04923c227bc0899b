import { type CheerioAPI, load } from "cheerio";
import { describe, expect, it } from "vitest";
import { APP_CATALOG } from "@/lib/apps/catalog";
import { detectAppsInDocument } from "@/lib/apps/detect-apps";
import { sampleAppSnippet } from "@/testing/apps/sample-snippet";
import { largeStorefrontHtml } from "@/testing/apps/large-storefront";
import { FakeStore, fixtureStore, lanewayStore, notShopifySite, passwordStore } from "@/testing/fake-store";
import { productHtml } from "@/testing/fake-store/html";
import { serveStorefront } from "@/testing/fake-store/storefront";
import { buildDawnStorefrontHtml } from "@/testing/storefront/dawn-fixture";
import { boundNesting, MAX_ELEMENT_DEPTH, MAX_ELEMENTS } from "./bound-nesting";
import { loadHtml } from "./load-html";
import { parseStorefrontDocument } from "./parse-storefront-html";

type TreeNode = ReturnType<CheerioAPI["root"]>[number]["children"][number];

/** How many elements deep the tree nests (an element directly under the document is 1). */
function elementDepth($: CheerioAPI): number {
  let deepest = 0;
  const stack: [TreeNode, number][] = ($.root()[0]?.children ?? []).map((node) => [node, 1]);
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, depth] = entry;
    if (node.type !== "tag" && node.type !== "script" && node.type !== "style") continue;
    deepest = Math.max(deepest, depth);
    for (const child of node.children) stack.push([child, depth + 1]);
  }

  return deepest;
}

/** Everything a reader gets from a page, in document order: text and each element's attributes. */
function content($: CheerioAPI): { text: string; attributes: string[] } {
  return {
    text: $.root().text(),
    attributes: $("*")
      .toArray()
      .flatMap((el) => ("attribs" in el ? [`${el.name} ${JSON.stringify(el.attribs)}`] : [])),
  };
}

/** The page parsed as loadHtml did before its depth bound. */
function loadUnbounded(html: string): CheerioAPI {
  return load(html, { xml: { xmlMode: false, decodeEntities: true } });
}

function fixturePages(): [string, string][] {
  const pages: [string, string][] = [
    ["Dawn home page", buildDawnStorefrontHtml()],
    ["Dawn with every catalog app", buildDawnStorefrontHtml({ head: APP_CATALOG.map((app) => sampleAppSnippet(app.slug)).join("\n") })],
    ["1 MB storefront", largeStorefrontHtml()],
  ];
  for (const definition of [
    fixtureStore("izabel.example"),
    lanewayStore("laneway.example"),
    passwordStore("soon.example"),
    notShopifySite("blog.example"),
  ]) {
    const store = new FakeStore(definition);
    pages.push([`fake store ${store.domain} home`, serveStorefront(store, new URL(`https://${store.domain}/`)).body]);
    const catalog = store.shop?.catalog;
    // Real product descriptions (izabeldepaula, Laneway) are merchant-written HTML.
    for (const slot of catalog?.newestFirst(0, 50) ?? [])
      pages.push([`fake store ${store.domain} product ${slot}`, productHtml(store, catalog!.product(slot))]);
  }

  return pages;
}

describe("loadHtml on real pages", () => {
  it.each(fixturePages())("%s parses to the same tree and the same reading as without a depth bound", (_, html) => {
    expect(boundNesting(html)).toBe(html);
    const bounded = loadHtml(html);
    const unbounded = loadUnbounded(html);
    expect(bounded.html()).toBe(unbounded.html());
    expect(parseStorefrontDocument(bounded)).toEqual(parseStorefrontDocument(unbounded));
    expect(detectAppsInDocument(bounded)).toEqual(detectAppsInDocument(unbounded));
  });
});

describe("loadHtml on pages nested past MAX_ELEMENT_DEPTH", () => {
  const read = { title: "After the nest", apps: ["klaviyo"] };
  const nests: [string, string, { title: string | null; apps: string[] }][] = [
    ["<div>", "<div>", read],
    ["<span>", "<span>", read],
    ["<a>", '<a href="/x">', read],
    ["<table>/<td>", "<table><tr><td>", read],
    ["<li>/<p>", "<ul><li><p>", read],
    // A <title> inside an open <svg> is an icon's, not the page's.
    ["<svg>", "<svg><g>", { ...read, title: null }],
    // `<script/>` is a start tag in HTML: what follows is the script's (a browser runs none of it).
    ["<script/>", "<b><script/>", { ...read, apps: [] }],
  ];

  it.each(nests)("unclosed %s: the tree stops at the cap and what follows is still read", (_, open, expected) => {
    const html = `${open.repeat(1000)}<p id="last">last</p><title>After the nest</title>${sampleAppSnippet("klaviyo")}`;
    const $ = loadHtml(html);
    expect(elementDepth($)).toBeLessThanOrEqual(MAX_ELEMENT_DEPTH + 1);
    // Past the cap an element's content lands beside it (as in Chromium), in document order.
    expect($("#last").length).toBe(1);
    expect($.root().text()).toMatch(/lastAfter the nest$/);
    expect(parseStorefrontDocument($).title).toBe(expected.title);
    expect(detectAppsInDocument($).map((app) => app.slug)).toEqual(expected.apps);
  });

  it("a nest deeper than the cap that closes itself ends where it ended: what follows is not inside it", () => {
    const html = `${'<div class="wrap">'.repeat(400)}<p id="inner">in</p>${"</div>".repeat(400)}<p id="after">after</p>`;
    const $ = loadHtml(html);
    expect(elementDepth($)).toBeLessThanOrEqual(MAX_ELEMENT_DEPTH + 1);
    expect($("#after").parents().length).toBe(0);
    expect($("#inner").parents().length).toBeLessThanOrEqual(MAX_ELEMENT_DEPTH);
    expect(content($)).toEqual(content(loadUnbounded(html)));
  });

  it("a 5 MB page of unclosed tags stays within the depth cap and the element budget: what it says first is read, what follows the budget is not", () => {
    const head = `<script>var Shopify = Shopify || {}; Shopify.shop = "deep-store.myshopify.com";
Shopify.theme = {"name":"Dawn","id":1,"theme_store_id":887,"role":"main"};</script>
<title>Deep store</title>${sampleAppSnippet("klaviyo")}`;
    const hostile = [
      "<div>".repeat(250_000),
      "<span><a>".repeat(110_000),
      "<table><tr><td>".repeat(70_000),
      "<ul><li><p>".repeat(60_000),
      "<div><span>".repeat(100_000),
    ].join("");
    const html = head + hostile + sampleAppSnippet("judge-me");
    expect(html.length).toBeGreaterThan(5_000_000); // fetchStorefrontHtml's cap is 5 MiB
    const $ = loadHtml(html);
    expect(elementDepth($)).toBeLessThanOrEqual(MAX_ELEMENT_DEPTH + 1);
    expect($("*").length).toBeLessThanOrEqual(MAX_ELEMENTS);
    const info = parseStorefrontDocument($);
    expect(info).toMatchObject({ shop: "deep-store.myshopify.com", title: "Deep store", isShopify: true });
    expect(info.theme?.name).toBe("Dawn");
    expect(detectAppsInDocument($).map((app) => app.slug)).toEqual(["klaviyo"]);
  });
});

describe("parseStorefrontDocument on a page of many top-level elements", () => {
  it("reads a page of 720,000 sibling elements up to the element budget: its head first, not what the budget left out", () => {
    const html = `<html><head><title>Flat store</title>
<meta name="description" content="Before the siblings">${sampleAppSnippet("klaviyo")}</head><body>${"<i></i>".repeat(720_000)}${sampleAppSnippet("judge-me")}</body></html>`;
    expect(html.length).toBeGreaterThan(5_000_000);
    const $ = loadHtml(html);
    expect($("*").length).toBeLessThanOrEqual(MAX_ELEMENTS);
    expect(parseStorefrontDocument($)).toMatchObject({ title: "Flat store", metaDescription: "Before the siblings" });
    expect(detectAppsInDocument($).map((app) => app.slug)).toEqual(["klaviyo"]);
  });

  it("reads every element of a page within the budget, whatever its size in bytes", () => {
    const html = `<html><body>${"<i></i>".repeat(MAX_ELEMENTS - 10)}${sampleAppSnippet("klaviyo")}</body></html>`;
    expect(detectAppsInDocument(loadHtml(html)).map((app) => app.slug)).toEqual(["klaviyo"]);
    expect(boundNesting("<p>a</p><p>b</p><p>c</p>", MAX_ELEMENT_DEPTH, 2)).toBe("<p>a</p><p>b</p>");
  });
});

describe("boundNesting", () => {
  /** A small deterministic generator (mulberry32), so a failure names its seed. */
  function random(seed: number): () => number {
    let a = seed;
    return () => {
      a = (a + 0x6d2b79f5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  const pieces = [
    "<div>",
    "</div>",
    "<span>",
    "</span>",
    "<p>",
    "</p>",
    "<li>",
    "</li>",
    "<ul>",
    "</ul>",
    "<table>",
    "<tr>",
    "<td>",
    "</td>",
    "</table>",
    "<svg>",
    "</svg>",
    "<g/>",
    "<path/>",
    "<title>t</title>",
    "<desc>",
    "</desc>",
    "<br>",
    "</br>",
    "<img src=i>",
    "<script>s<b></script>",
    "<script/>",
    "</script>",
    "<style>x</style>",
    "<option>",
    "<select>",
    "<b>",
    "</b>",
    "<input>",
    "<h1>",
    "<tbody>",
    "<foreignObject>",
    "<math>",
    "<mi>",
    "</mi>",
    "<textarea>v</textarea>",
    "text ",
    '<a href="x">',
    "</a>",
    "<!-- c -->",
    "<DIV>",
    "</ div >",
    "</div x='>'>",
    "<p/>",
    "<dd>",
    "<dt>",
    "<thead>",
    "<th>",
  ];

  it("on any tag soup, keeps the tree within the cap with the same text and elements in the same order", () => {
    const maxDepth = 4;
    for (let seed = 1; seed <= 300; seed += 1) {
      const next = random(seed);
      const html = Array.from({ length: 200 }, () => pieces[Math.floor(next() * pieces.length)]).join("");
      const $ = loadUnbounded(boundNesting(html, maxDepth));
      expect(elementDepth($), `seed ${seed}`).toBeLessThanOrEqual(maxDepth + 1);
      const bounded = content($);
      const unbounded = content(loadUnbounded(html));
      expect(bounded.text, `seed ${seed}`).toBe(unbounded.text);
      // A stray </p> or </br> adds an empty element; which ones do depends on what is open.
      const started = (list: string[]) => list.filter((entry) => !/^(p|br) \{\}$/.test(entry));
      expect(started(bounded.attributes), `seed ${seed}`).toEqual(started(unbounded.attributes));
    }
  });

  it("leaves markup within the cap untouched", () => {
    const html = `${"<div>".repeat(5)}<p>x</p>${"</div>".repeat(5)}`;
    expect(boundNesting(html, 6)).toBe(html);
    expect(boundNesting(html, 5)).not.toBe(html);
  });
});
