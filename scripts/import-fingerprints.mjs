#!/usr/bin/env node
// Builds lib/technologies/fingerprints.json, the long tail of the technology catalog, from the
// technologies JSON of the npm package `wappalyzer` at its last MIT-licensed release (6.10.47;
// later releases are GPL-3.0, see docs/decisions.md). Run it again to refresh:
//
//   node scripts/import-fingerprints.mjs            # downloads wappalyzer@6.10.47 with `npm pack`
//   node scripts/import-fingerprints.mjs <dir>      # or reads an unpacked package directory
//
// Only what the detector can match linearly is kept: script hosts (a regex's literal host, with
// the literal path after it), js globals (plain names) and simple markup (an exact id or class).
// Regexes over page text (`html`), headers, cookies and everything else are dropped. The output
// is deterministic (sorted), so a refresh shows as a reviewable diff.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";

export const PACKAGE = "wappalyzer";
export const VERSION = "6.10.47";
export const SOURCE = `wappalyzer@${VERSION}`;
const OUT = new URL("../lib/technologies/fingerprints.json", import.meta.url);

/** Wappalyzer category ids → ours (lib/technologies/categories.ts). Unlisted ids → "other". */
const CATEGORY = {
  1: "platform",
  6: "platform",
  11: "platform",
  51: "page-builder",
  100: "store-tools",
  10: "analytics",
  78: "analytics",
  97: "analytics",
  86: "analytics",
  42: "tag-manager",
  36: "advertising",
  77: "advertising",
  71: "loyalty-referrals",
  94: "loyalty-referrals",
  84: "loyalty-referrals",
  74: "ab-testing",
  85: "ab-testing",
  76: "ab-testing",
  29: "search",
  41: "payments-bnpl",
  91: "payments-bnpl",
  52: "chat-helpdesk",
  53: "chat-helpdesk",
  58: "chat-helpdesk",
  32: "email-sms",
  75: "email-sms",
  98: "email-sms",
  73: "forms-popups",
  5: "forms-popups",
  67: "privacy-consent",
  68: "privacy-consent",
  16: "security",
  83: "security",
  69: "security",
  89: "translation-currency",
  79: "translation-currency",
  106: "translation-currency",
  90: "reviews",
  15: "reviews",
  99: "shipping-returns",
  102: "shipping-returns",
  107: "shipping-returns",
  93: "shipping-returns",
  54: "seo-speed",
  92: "seo-speed",
  23: "seo-speed",
  31: "cdn-hosting",
  62: "cdn-hosting",
  88: "cdn-hosting",
  12: "javascript",
  59: "javascript",
  66: "javascript",
  25: "javascript",
  17: "fonts",
  14: "media",
  7: "media",
  35: "media",
  103: "media",
  105: "media",
  95: "media",
  96: "social-ugc",
};

/**
 * Hosts every kind of site loads from: a pattern naming only one of these says nothing about the
 * technology (a path after it must), so such host-only patterns are dropped.
 */
export const SHARED_HOSTS = [
  "shopify.com",
  "shopifycdn.com",
  "shopifycdn.net",
  "shopifysvc.com",
  "myshopify.com",
  "shopifyapps.com",
  "cloudflare.com",
  "jsdelivr.net",
  "unpkg.com",
  "googleapis.com",
  "gstatic.com",
  "google.com",
  "amazonaws.com",
  "cloudfront.net",
  "azureedge.net",
  "akamaihd.net",
  "herokuapp.com",
  "github.io",
  "githubusercontent.com",
  "firebaseapp.com",
  "appspot.com",
  "netlify.app",
  "vercel.app",
  "bootstrapcdn.com",
  "jquery.com",
  "wp.com",
  "fastly.net",
  "b-cdn.net",
];

/** Labels that end a file name, not a host: `jquery.min.js` is no host. */
export const FILE_ENDINGS = new Set([
  "js",
  "css",
  "json",
  "php",
  "html",
  "htm",
  "aspx",
  "asp",
  "png",
  "gif",
  "svg",
  "jpg",
  "min",
  "map",
  "cgi",
  "jsp",
]);

/** A regex from the base: the pattern part (before `\;version:` and the like), or null. */
function patternOf(value) {
  if (typeof value !== "string") return null;
  return value.split("\\;")[0];
}

/**
 * The literal text a regex starts with, `\\.` and `\\/` read as the characters: up to the first
 * construct (group, class, wildcard); a quantifier also takes back the character it applies to.
 * A pattern with an alternation at its top has no certain start: "".
 */
function leadingLiteral(pattern) {
  if (pattern.includes("|")) return { text: "", end: 0 };
  let run = "";
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    const quantified = /[?*{]/.test(pattern[ch === "\\" ? i + 2 : i + 1] ?? "");
    if (ch === "\\") {
      const next = pattern[i + 1] ?? "";
      if (!/[./\-_:@?=&#%~+]/.test(next)) return { text: run, end: i }; // \d, \w, \s …
      if (quantified) return { text: run, end: i };
      run += next;
      i++;
      continue;
    }
    if (quantified) return { text: run, end: i };
    // An unescaped dot between letters is meant as one (`cdn.judge.me`); read literally, it
    // matches less than the regex did, never more.
    if (ch === "." && /[a-z0-9]/i.test(pattern[i - 1] ?? "") && /[a-z0-9]/i.test(pattern[i + 1] ?? "")) {
      run += ch;
      continue;
    }
    if (/[()[\]^$.+?*{]/.test(ch)) return { text: run, end: i };
    run += ch;
  }

  return { text: run, end: pattern.length };
}

/** host[/path] from a literal run that starts with a host, lower-case, or null. */
export function hostPattern(run) {
  let text = run
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/^\/\//, "")
    .replace(/^\./, "");
  if (!/^[a-z0-9]/.test(text)) return null;
  const slash = text.indexOf("/");
  const host = slash < 0 ? text : text.slice(0, slash);
  const path = slash < 0 ? "" : text.slice(slash);
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)) return null;
  const labels = host.split(".");
  const tld = labels[labels.length - 1];
  if (!/^[a-z]{2,12}$/.test(tld) || FILE_ENDINGS.has(tld)) return null;
  if (labels.some((label) => label.length === 0)) return null;
  const shared = SHARED_HOSTS.some((s) => host === s || host.endsWith(`.${s}`));
  // A shared host names the technology only with a path of two segments or more after it
  // (`ajax.googleapis.com/ajax/libs/jquery`), never one any app's files share (`/extensions/`).
  if (shared && path.split("/").filter((segment) => segment.length >= 2).length < 2) return null;
  if (!/^[a-z0-9./_@~%+=&?:-]*$/.test(path)) return null;
  text = host + path;

  return text.length >= 7 ? text : null;
}

function asList(value) {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** Host patterns of an entry's scriptSrc (and of its `dom` script/link/iframe src selectors). */
function hostsOf(tech) {
  const out = new Set();
  for (const value of asList(tech.scriptSrc)) {
    const pattern = patternOf(value);
    if (!pattern) continue;
    // Only the pattern's start is read: a host in the middle of a regex may be a path segment or
    // a query value.
    const stripped = pattern
      .replace(/^\^/, "")
      .replace(/^(?:https\?:|https\?|http\(s\)\?:|\(https\?:\)\?)/, "")
      .replace(/^(?:\\\/\\\/|\/\/)/, "")
      .replace(/^\\\./, "");
    const { text: lead, end } = leadingLiteral(stripped);
    // A host must be written whole: followed by a path, a port, anything (`.*`) or the pattern's
    // end (`maps\.google\.(?:com|de)` gives no host).
    const rest = stripped.slice(end);
    if (!lead.includes("/") && rest !== "" && !/^(?:\\?\/|:|\.[*+])/.test(rest)) continue;
    const host = hostPattern(lead);
    if (host) out.add(host);
  }

  return [...out];
}

/** Plain global names (`Afterpay`, `hj.apiUrlBase`), 4+ characters, the version-reading ones too. */
function globalsOf(tech) {
  if (!tech.js || typeof tech.js !== "object") return [];
  return Object.keys(tech.js)
    .filter((name) => /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(name) && name.length >= 4)
    .sort();
}

/** Exact ids and classes from `dom` selectors written as one simple selector (`#afterpay`, `.klaviyo-form`). */
function markupOf(tech) {
  const selectors =
    typeof tech.dom === "string" ? tech.dom.split(",") : Array.isArray(tech.dom) ? tech.dom : tech.dom ? Object.keys(tech.dom) : [];
  const out = new Set();
  for (const raw of selectors) {
    const selector = String(raw).trim();
    if (/^[#.][A-Za-z_][\w-]{5,}$/.test(selector)) out.add(selector);
  }

  return [...out].sort();
}

export function slugOf(name) {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Error trackers: the base files them with issue trackers (Jira, Zendesk …) under one category. */
const ERROR_TRACKERS = new Set([
  "Sentry",
  "Bugsnag",
  "Rollbar",
  "Raygun",
  "TrackJs",
  "LogRocket",
  "Honeybadger",
  "Airbrake",
  "Errorception",
]);

function categoryOf(name, cats) {
  if (ERROR_TRACKERS.has(name)) return "error-tracking";
  for (const id of cats ?? []) if (CATEGORY[id]) return CATEGORY[id];
  return "other";
}

function loadPackage(dir) {
  const techDir = join(dir, "technologies");
  const all = {};
  for (const file of readdirSync(techDir)
    .filter((f) => f.endsWith(".json"))
    .sort()) {
    Object.assign(all, JSON.parse(readFileSync(join(techDir, file), "utf8")));
  }
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

  return { all, pkg };
}

function download() {
  const dir = mkdtempSync(join(tmpdir(), "fingerprints-"));
  execFileSync("npm", ["pack", `${PACKAGE}@${VERSION}`, "--silent"], { cwd: dir, stdio: ["ignore", "pipe", "inherit"] });
  execFileSync("tar", ["xzf", `${PACKAGE}-${VERSION}.tgz`], { cwd: dir });

  return join(dir, "package");
}

/** The compact entries: kept when they have a host, a global or a markup hint. */
export function convert(all) {
  const entries = [];
  const slugs = new Set();
  for (const name of Object.keys(all).sort()) {
    const tech = all[name];
    const hosts = hostsOf(tech);
    const globals = globalsOf(tech);
    const markup = markupOf(tech);
    if (hosts.length + globals.length + markup.length === 0) continue;
    const slug = slugOf(name);
    if (!slug || slugs.has(slug)) continue;
    slugs.add(slug);
    const website = typeof tech.website === "string" && /^https?:\/\//.test(tech.website) ? tech.website : null;
    const entry = { slug, name, category: categoryOf(name, tech.cats), website };
    // The base files Shopify apps under category 100, or says they require Shopify.
    if ((tech.cats ?? []).includes(100) || asList(tech.requires).includes("Shopify")) entry.shopify_app = true;
    if (hosts.length) entry.hosts = hosts.sort();
    if (globals.length) entry.globals = globals;
    if (markup.length) entry.markup = markup;
    entries.push(entry);
  }
  // A host two entries claim (an ad network's and its parent's) names neither for sure: dropped.
  const claims = new Map();
  for (const entry of entries) for (const host of entry.hosts ?? []) claims.set(host, (claims.get(host) ?? 0) + 1);
  for (const entry of entries) {
    if (!entry.hosts) continue;
    entry.hosts = entry.hosts.filter((host) => claims.get(host) === 1);
    if (entry.hosts.length === 0) delete entry.hosts;
  }

  return entries.filter((entry) => entry.hosts || entry.globals || entry.markup);
}

async function main() {
  const dir = process.argv[2] ?? download();
  const { all, pkg } = loadPackage(dir);
  if (pkg.name !== PACKAGE || pkg.version !== VERSION) throw new Error(`expected ${PACKAGE}@${VERSION}, found ${pkg.name}@${pkg.version}`);
  if (pkg.license !== "MIT") throw new Error(`${pkg.name}@${pkg.version} is ${pkg.license}, not MIT: see docs/decisions.md`);
  // Entries for an app of our own catalog are that app: left out here, so the app detector, tuned
  // on real pages, stays the one that reports it (lib/technologies/overlap.ts decides "the same").
  const { APP_CATALOG } = await tsImport(fileURLToPath(new URL("../lib/apps/catalog.ts", import.meta.url)), import.meta.url);
  const { claimedBy } = await tsImport(fileURLToPath(new URL("../lib/technologies/overlap.ts", import.meta.url)), import.meta.url);
  const claims = APP_CATALOG.map((app) => ({ slug: app.slug, names: [app.name], hosts: app.patterns.src ?? [] }));
  const converted = convert(all);
  const technologies = converted.filter((entry) => !claimedBy(entry, claims));
  const out = {
    source: SOURCE,
    license: "MIT",
    imported_from: `https://registry.npmjs.org/${PACKAGE}/-/${PACKAGE}-${VERSION}.tgz`,
    technologies,
  };
  // One entry a line: compact, and a refresh diffs entry by entry.
  const body = technologies.map((entry) => JSON.stringify(entry)).join(",\n");
  const head = JSON.stringify({ ...out, technologies: undefined }).slice(0, -1);
  writeFileSync(OUT, `${head},"technologies":[\n${body}\n]}\n`);
  const withHosts = technologies.filter((entry) => entry.hosts).length;
  console.log(
    `${technologies.length} technologies (${withHosts} with script hosts) from ${SOURCE}, ${converted.length - technologies.length} left to our app catalog → lib/technologies/fingerprints.json`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
