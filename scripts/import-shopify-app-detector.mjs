#!/usr/bin/env node
// Builds lib/technologies/shopify-app-detector.json, a second open base of Shopify-app
// fingerprints, from the data file of Fera Commerce's "Shopify App Detector" browser extension
// (github.com/feracommerce/shopify_app_detector, Apache-2.0, Copyright 2021 Fera Commerce Inc;
// see THIRD_PARTY_NOTICES.md and docs/decisions.md §6.13). Nothing is downloaded: give it the file
// at the pinned commit.
//
//   git clone https://github.com/feracommerce/shopify_app_detector && git -C shopify_app_detector checkout afa77b6
//   node scripts/import-shopify-app-detector.mjs shopify_app_detector/data/shopify_apps.js
//
// Each app of the file (name, App Store address, website, one script pattern, a coarse category)
// becomes one entry of kind app, in the shape of lib/technologies/fingerprints.json, slugged by its
// App Store handle. Only a pattern that names a host is kept (a host with its literal path, or a
// named bucket or tenant of shared hosting): a file name (`mc.js`, `sdk/sdk.js`), a path without a
// host, a host everyone loads from (the rules of scripts/import-fingerprints.mjs) and a host two
// apps claim are dropped, and so is an app without one, or without an App Store handle. The output
// is deterministic (sorted), so a refresh shows as a reviewable diff.

import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { tsImport } from "tsx/esm/api";
import { FILE_ENDINGS, hostPattern, SHARED_HOSTS, slugOf } from "./import-fingerprints.mjs";

export const REPOSITORY = "feracommerce/shopify_app_detector";
export const COMMIT = "afa77b6";
export const SOURCE = `shopify-app-detector@${COMMIT}`;
/** The git blob id of data/shopify_apps.js at that commit: the file given must be that one. */
export const BLOB = "8b089c16efbf818e96d0ae4d470e11a2f5d47de0";
const OUT = new URL("../lib/technologies/shopify-app-detector.json", import.meta.url);

/**
 * Shared hosting where a tenant picks its own name: a storage bucket (`<bucket>.s3.amazonaws.com`,
 * `storage.googleapis.com/<bucket>`) or an app of a platform (`<app>.appspot.com`,
 * `<app>.herokuapp.com`). A pattern naming such a tenant names its owner. A CDN's distribution id
 * (`d1234.cloudfront.net`) is not a name anyone chose: not here.
 */
const NAMED_TENANT_HOSTS = [
  "amazonaws.com",
  "googleapis.com",
  "appspot.com",
  "herokuapp.com",
  "firebaseapp.com",
  "netlify.app",
  "vercel.app",
  "github.io",
  "b-cdn.net",
];

/** The base's words for what an app does → our categories (lib/technologies/categories.ts), first match wins. */
const CATEGORY_WORDS = [
  [/subscription|recurring/, "subscriptions"],
  [/trust|badge|seal|\bmaps?\b|locator|store locations/, "store-tools"],
  [/review|testimonial/, "reviews"],
  [/wishlist/, "wishlist"],
  [/loyalty|reward|referral|affiliate/, "loyalty-referrals"],
  [/fraud|chargeback/, "security"],
  [/cookie|gdpr/, "privacy-consent"],
  [/currency|translat|language/, "translation-currency"],
  [/search|filter/, "search"],
  [/abandon|cart rem|back in stock|stock alert/, "email-sms"],
  [/chat|messenger|helpdesk|support|faq|contact/, "chat-helpdesk"],
  [/shipping|delivery|tracking|returns|order status|pickup|dropship|fulfil/, "shipping-returns"],
  [/upsell|up-sell|cross-sell|cross sell|also bought|bought together|related products|recomm?end|quantity|discount/, "upsell"],
  [/recent(ly)? (sales|purchase|transaction)|social proof|sales notification|sales pop|urgency|countdown|timer/, "upsell"],
  [/bundle|gift/, "bundles-gifts"],
  [/email|sms|push notification/, "email-sms"],
  [/pop-?up|form builder|forms/, "forms-popups"],
  [/instagram|social|share|sharing|facebook|twitter|like button/, "social-ugc"],
  [/option|variant|customiz|upload|size chart|size guide/, "product-options"],
  [/page builder|landing page/, "page-builder"],
  [/seo|json-ld|speed/, "seo-speed"],
  [/analytics|reporting/, "analytics"],
  [/retarget|adwords|advertis/, "advertising"],
  [/payment|financing|buy now/, "payments-bnpl"],
];

/** The base's own categories, when its words say nothing more precise. */
const CATEGORY = {
  "orders and shipping": "shipping-returns",
  orders: "shipping-returns",
  "customer service": "chat-helpdesk",
  "social media": "social-ugc",
  affiliate: "loyalty-referrals",
  advertising: "advertising",
  "trust and security": "security",
};

export function categoryOf(app) {
  const words = `${app.name} ${app.short_description ?? ""}`.toLowerCase().replace(/[\u2010-\u2015]/g, "-");
  for (const [pattern, category] of CATEGORY_WORDS) if (pattern.test(words)) return category;

  return CATEGORY[String(app.category ?? "").toLowerCase()] ?? "store-tools";
}

/** The App Store handle of an app's listing (`https://apps.shopify.com/<handle>`), or null (a partner page, another site). */
export function handleOf(url) {
  const match = /^https?:\/\/apps\.shopify\.com\/([a-z0-9][a-z0-9-]*)\/?(?:[?#].*)?$/i.exec(String(url ?? "").trim());

  return match ? (match[1] ?? "").toLowerCase() : null;
}

/**
 * The literal texts a script pattern matches: the string itself, or each alternative of a regex
 * (`/cdn\.fera\.ai|fera\.js/`) written without any other construct, `\.` and `\/` read as the
 * characters.
 */
export function literalsOf(pattern) {
  if (typeof pattern === "string") return [pattern];
  if (!(pattern instanceof RegExp) && Object.prototype.toString.call(pattern) !== "[object RegExp]") return [];
  return String(pattern.source)
    .split("|")
    .map((part) => part.replace(/\\([./\-_:])/g, "$1"))
    .filter((part) => !/[\\()[\]{}*+?^$|]/.test(part));
}

/**
 * host[/path] from a substring the base looks for in a script's URL, lower-case, or null: a
 * host's whole name must be there (`firepush.` and `mc.js` are not hosts). A host everyone loads
 * from needs a path (scripts/import-fingerprints.mjs), unless the pattern names its own bucket or
 * app on shared hosting (`shopifyorderlimits.s3.amazonaws.com/limits`).
 */
export function specificHost(literal, siteOfUrl) {
  const text = literal
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^\/\//, "")
    .replace(/^\./, "");
  const kept = hostPattern(text);
  if (kept) return kept;
  const slash = text.indexOf("/");
  const host = slash < 0 ? text : text.slice(0, slash);
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) || FILE_ENDINGS.has(host.split(".").pop())) return null;
  if (!/^[a-z0-9./_@~%+=&?:-]*$/.test(text.slice(host.length))) return null;
  if (!SHARED_HOSTS.some((s) => host === s || host.endsWith(`.${s}`))) return null;
  if (!NAMED_TENANT_HOSTS.some((s) => host === s || host.endsWith(`.${s}`))) return null;
  const site = siteOfUrl(`https://${text}`);
  // A tenant of its own (a bucket, an app), not the platform's front door.
  if (!site || !site.shared || site.name.length < 4) return null;

  return text.length >= 7 ? text : null;
}

/**
 * Reads the data file (a script declaring `var SHOPIFY_APPS = [...]`, with regex literals, so no
 * JSON) in a bare context: no globals, no I/O, a second at most. `node:vm` is no sandbox against a
 * hostile file: main() runs only the pinned file (its git blob id checked first).
 */
export function readApps(text) {
  const apps = vm.runInNewContext(`${text}\n;SHOPIFY_APPS`, Object.create(null), { timeout: 1_000 });
  if (!Array.isArray(apps)) throw new Error("the file declares no SHOPIFY_APPS array");

  return apps;
}

/**
 * The entries, sorted by slug, and the apps dropped (by reason). Two records of one App Store
 * handle are one app (their hosts joined); a host two apps claim (lib/technologies/overlap.ts: one
 * host or path inside the other) names neither.
 */
export function convert(records, { siteOfUrl, hostsOverlap }) {
  const dropped = { noHandle: [], noHost: [] };
  const byHandle = new Map();
  for (const record of records) {
    const name = String(record.name ?? "")
      .replace(/\s+/g, " ")
      .trim();
    const handle = handleOf(record.app_store_url);
    if (!handle || !name) {
      dropped.noHandle.push(name);
      continue;
    }
    const hosts = literalsOf(record.script_pattern)
      .map((literal) => specificHost(literal, siteOfUrl))
      .filter(Boolean);
    const known = byHandle.get(handle);
    if (known) {
      for (const host of hosts) known.hosts.add(host);
      continue;
    }
    const website =
      typeof record.website_url === "string" && /^https?:\/\//.test(record.website_url.trim()) ? record.website_url.trim() : null;
    byHandle.set(handle, { slug: slugOf(handle), name, category: categoryOf(record), website, hosts: new Set(hosts), shopify_app: true });
  }
  const apps = [...byHandle.values()].map((app) => ({ ...app, hosts: [...app.hosts].sort() }));
  const shared = new Set();
  for (const a of apps)
    for (const b of apps) if (a !== b) for (const host of a.hosts) if (b.hosts.some((other) => hostsOverlap(host, other))) shared.add(host);
  const technologies = [];
  for (const app of apps) {
    const hosts = app.hosts.filter((host) => !shared.has(host));
    if (hosts.length === 0) dropped.noHost.push(app.name);
    else technologies.push({ ...app, hosts });
  }
  technologies.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));

  // `apps`: the apps with an App Store handle, records of one handle counted once.
  return { technologies, apps: apps.length, dropped };
}

/** The git blob id of a file's bytes (`git hash-object`). */
function blobId(bytes) {
  return createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");
}

async function main() {
  const file = process.argv[2];
  if (!file) throw new Error("usage: node scripts/import-shopify-app-detector.mjs <path of data/shopify_apps.js at afa77b6>");
  const bytes = readFileSync(file);
  if (blobId(bytes) !== BLOB) throw new Error(`${file} is not data/shopify_apps.js at ${COMMIT} (blob ${BLOB}): update COMMIT and BLOB`);
  const records = readApps(bytes.toString("utf8"));
  const load = (path) => tsImport(fileURLToPath(new URL(path, import.meta.url)), import.meta.url);
  const { siteOfUrl } = await load("../lib/technologies/sites.ts");
  // Entries for an app of our own catalog are that app: left out here, as for the fingerprint base.
  const { APP_CATALOG } = await load("../lib/apps/catalog.ts");
  const { claimedBy, hostsOverlap } = await load("../lib/technologies/overlap.ts");
  const claims = APP_CATALOG.map((app) => ({ slug: app.slug, names: [app.name], hosts: app.patterns.src ?? [] }));
  // Our catalog also knows apps by their App Store handle (an app block's, or its listing as website).
  const handles = new Set(APP_CATALOG.flatMap((app) => [...(app.patterns.handles ?? []), handleOf(app.website)].filter(Boolean)));
  const { technologies: converted, apps, dropped } = convert(records, { siteOfUrl, hostsOverlap });
  const technologies = converted.filter((entry) => !handles.has(entry.slug) && !claimedBy(entry, claims));
  const head = JSON.stringify({
    source: SOURCE,
    license: "Apache-2.0",
    imported_from: `https://github.com/${REPOSITORY}/blob/${COMMIT}/data/shopify_apps.js`,
  }).slice(0, -1);
  // One entry a line: compact, and a refresh diffs entry by entry.
  const body = technologies.map((entry) => JSON.stringify(entry)).join(",\n");
  writeFileSync(OUT, `${head},"technologies":[\n${body}\n]}\n`);
  const left = converted.filter((entry) => !technologies.includes(entry)).map((entry) => entry.name);
  console.log(
    [
      `${records.length} records, ${apps + dropped.noHandle.length} apps in ${SOURCE}: ${technologies.length} kept → lib/technologies/shopify-app-detector.json`,
      `  ${dropped.noHandle.length} without an App Store handle: ${dropped.noHandle.join(", ")}`,
      `  ${dropped.noHost.length} without a specific host: ${dropped.noHost.join(", ")}`,
      `  ${left.length} left to our app catalog: ${left.join(", ")}`,
    ].join("\n"),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
