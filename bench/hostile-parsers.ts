/**
 * Parsers on hostile input: time for each crafted body at 1x, 2x and 4x its size, and the
 * growth ratio. A linear parser prints ratios near 2 and 4; quadratic work would print 4
 * and 16 (and cubic 8 and 64). The last column is the time against one plain pass over the
 * same input (a loop reading each character once), at 1x and at 4x: linear work keeps it flat.
 *
 *   npx tsx bench/hostile-parsers.ts [--size=100000]  (inputs past a parser's cap flatten the ratio)
 */
import { isPasswordPage } from "@/lib/shopify-reader/classify-answer";
import { htmlToText } from "@/lib/shopify-reader/html-text";
import { readLocs } from "@/lib/shopify-reader/sitemap";
import { reportStorefrontApps } from "@/lib/apps/report-apps";
import { detectMarketing } from "@/lib/marketing/detect-tags";
import { readMarkets } from "@/lib/markets/read-markets";
import { readSocials } from "@/lib/socials/read-socials";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { parseStorefrontDocument } from "@/lib/storefront-html/parse-storefront-html";
import { readAssignedValue } from "@/lib/storefront-html/script-literals";
import { parseAppStoreListing } from "@/lib/apps/app-store/parse-listing";
import { hostileParserInputs as hostile } from "@/testing/hostile/parser-inputs";

const sizeArg = process.argv.find((a) => a.startsWith("--size="));
const SIZE = sizeArg ? Number(sizeArg.split("=")[1]) : 100_000;

/** What the detect-apps step does with a home page: one DOM, read by every detector. */
function readStorefront(html: string): unknown {
  const $ = loadHtml(html);
  const signals = readPageSignals($);

  return [
    parseStorefrontDocument($),
    reportStorefrontApps($),
    detectMarketing($),
    readSocials([{ signals, seenOn: "/" }]),
    readMarkets(signals),
  ];
}

/** `unit` repeated to about `size` characters, numbered so no two are the same. */
const repeated = (size: number, unit: (i: number) => string) => {
  const parts: string[] = [];
  for (let i = 0, length = 0; length < size; i += 1) {
    const part = unit(i);
    parts.push(part);
    length += part.length;
  }

  return parts.join("");
};

const cases: [string, (input: string) => unknown, (size: number) => string][] = [
  ["sitemap: <loc> + spaces", readLocs, hostile.sitemapSpaces],
  ["sitemap: open <loc>s", readLocs, hostile.sitemapOpenLocs],
  ["html: unclosed <script>", (h) => htmlToText(h, 500), hostile.htmlScripts],
  ["html: < without >", (h) => htmlToText(h, 500), hostile.htmlOpenBrackets],
  ["html: unclosed <div>", (h) => htmlToText(h, 500), hostile.htmlOpenElements],
  ["html: unclosed <!--", (h) => htmlToText(h, 500), hostile.htmlComments],
  ["storefront: unclosed <div>", readStorefront, hostile.htmlOpenElements],
  ["storefront: unclosed <span><a>", readStorefront, hostile.htmlOpenInline],
  ["storefront: unclosed <table><td>", readStorefront, hostile.htmlOpenTables],
  ["storefront: nests to the cap", readStorefront, hostile.htmlNestsAtCap],
  ["storefront: top-level <i></i>", readStorefront, hostile.htmlTopLevelElements],
  ["storefront: 300 <script/> + text", readStorefront, hostile.htmlOpenScripts],
  [
    "storefront: app-block comments",
    readStorefront,
    (n) => repeated(n, (i) => `<!-- BEGIN app block: shopify://apps/app-${i}/blocks/b/1 -->`),
  ],
  ["storefront: gtag( openings", readStorefront, (n) => `<script>${"gtag('config','G-".repeat(n / 17)}</script>`],
  ["storefront: profile links", readStorefront, (n) => repeated(n, (i) => `<a href="https://instagram.com/shop${i}">x</a>`)],
  ["storefront: hreflang links", readStorefront, (n) => repeated(n, (i) => `<link rel="alternate" hreflang="en-${i}" href="/${i}">`)],
  ["password page: <form without >", isPasswordPage, hostile.passwordForms],
  ["App Store listing: unclosed <div>", parseAppStoreListing, hostile.htmlOpenElements],
  [
    "App Store listing: JSON-LD blocks",
    parseAppStoreListing,
    (n) => repeated(n, (i) => `<script type="application/ld+json">{"@type":"Thing","n":${i}}</script>`),
  ],
  ["script: Shopify.theme={ repeated", (s) => readAssignedValue([s], "Shopify.theme"), hostile.themeAssignments],
  [
    "script: Shopify.theme as a JS literal",
    (s) => readAssignedValue([s], "Shopify.theme"),
    (n) => `Shopify.theme={${"k:'v',".repeat(n / 6)}};`,
  ],
];

/** The linear baseline: one pass reading each character once. */
function onePass(input: string): number {
  let braces = 0;
  for (let i = 0; i < input.length; i += 1) if (input.charCodeAt(i) === 0x7b) braces += 1;

  return braces;
}

/** The fastest of several runs: the least disturbed by JIT warm-up and other processes. */
function time(fn: () => unknown): number {
  let best = Infinity;
  for (let run = 0; run < 15; run += 1) {
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }

  return best;
}

for (const [name, parse, make] of cases) {
  const [[t1, b1], [t2], [t4, b4]] = [1, 2, 4].map((k) => {
    const input = make(SIZE * k);

    return [time(() => parse(input)), time(() => onePass(input))];
  }) as [[number, number], [number, number], [number, number]];
  console.log(
    `${name.padEnd(34)} ${(SIZE / 1e6).toFixed(1)} MB ${t1.toFixed(1)} ms · x2 ${(t2 / t1).toFixed(1)} · x4 ${(t4 / t1).toFixed(1)}` +
      ` · vs one pass ${(t1 / b1).toFixed(0)} → ${(t4 / b4).toFixed(0)}`,
  );
}
