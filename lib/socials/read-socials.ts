import { boundText } from "@/lib/bound-text";
import type { PageSignals } from "@/lib/storefront-html/page-signals";
import type { Confidence, EvidenceSource } from "@/lib/storefront-html/schemas";
import { phoneDigits, readEmail, readPhone } from "./contact-values";
import { readProfileUrl } from "./profile-url";
import { MAX_EMAILS, MAX_PHONES, MAX_PROFILES, type Socials } from "./schemas";

const EVIDENCE_MAX = 160;
/** JSON-LD objects looked at per page (`@graph` members included). */
const MAX_JSON_LD_NODES = 200;
/** sameAs entries and contact points read per organization. */
const MAX_LIST = 50;

/** Schema.org types that speak for the store itself (a Product's brand does not). */
const STORE_TYPES = new Set(["Organization", "Corporation", "OnlineStore", "OnlineBusiness", "Store", "LocalBusiness"]);

type Seen = { evidence: string; source: EvidenceSource; confidence: Confidence };

/** Collects findings of one or more pages, de-duplicated by key and capped. */
function createCollector() {
  const socials: Socials = { profiles: [], emails: [], phones: [] };
  const keys = { profiles: new Set<string>(), emails: new Set<string>(), phones: new Set<string>() };

  return {
    socials,
    profile(href: string, seenOn: string, seen: Seen) {
      if (socials.profiles.length >= MAX_PROFILES) return;
      const profile = readProfileUrl(href);
      if (!profile || keys.profiles.has(profile.key)) return;
      keys.profiles.add(profile.key);
      socials.profiles.push({ network: profile.network, url: profile.url, handle: profile.handle, seen_on: seenOn, ...seen });
    },
    email(raw: string, seenOn: string, seen: Seen) {
      if (socials.emails.length >= MAX_EMAILS) return;
      const address = readEmail(raw);
      if (!address || keys.emails.has(address.toLowerCase())) return;
      keys.emails.add(address.toLowerCase());
      socials.emails.push({ address, seen_on: seenOn, ...seen });
    },
    phone(raw: string, seenOn: string, seen: Seen) {
      if (socials.phones.length >= MAX_PHONES) return;
      const number = readPhone(raw);
      if (!number || keys.phones.has(phoneDigits(number))) return;
      keys.phones.add(phoneDigits(number));
      socials.phones.push({ number, seen_on: seenOn, ...seen });
    },
  };
}

type Collector = ReturnType<typeof createCollector>;

const evidence = (text: string) => boundText(text, EVIDENCE_MAX);

function readAnchors(anchors: readonly string[], seenOn: string, into: Collector) {
  for (const href of anchors) {
    const seen: Seen = { evidence: evidence(href), source: "anchor", confidence: "high" };
    const scheme = href.slice(0, 7).toLowerCase();
    if (scheme === "mailto:") into.email(href, seenOn, seen);
    else if (scheme.startsWith("tel:")) into.phone(href, seenOn, seen);
    else into.profile(href, seenOn, seen);
  }
}

/**
 * Profile links a theme commented out (`<!-- <a href="https://www.tiktok.com/@x"> -->`) still name
 * the store's account, but the page does not show them: low confidence.
 */
function readCommentedLinks(comments: readonly string[], seenOn: string, into: Collector) {
  for (const comment of comments) {
    let from = 0;
    for (let at = comment.indexOf("href=", from); at !== -1; at = comment.indexOf("href=", from)) {
      const quote = comment[at + 5];
      const start = quote === '"' || quote === "'" ? at + 6 : at + 5;
      const end = comment.indexOf(quote === "'" ? "'" : '"', start);
      const href = comment.slice(start, end === -1 ? undefined : end);
      into.profile(href, seenOn, { evidence: evidence(comment), source: "markup", confidence: "low" });
      from = end === -1 ? comment.length : end + 1;
    }
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function types(node: Record<string, unknown>): string[] {
  const type = node["@type"];
  const list = Array.isArray(type) ? type : [type];

  return list.filter((t): t is string => typeof t === "string").map((t) => t.replace(/^https?:\/\/schema\.org\//, ""));
}

const speaksForStore = (node: Record<string, unknown>) => types(node).some((t) => STORE_TYPES.has(t) || t.endsWith("Store"));

const strings = (value: unknown): string[] =>
  (Array.isArray(value) ? value.slice(0, MAX_LIST) : [value]).filter((v): v is string => typeof v === "string");

/** The store's declared profiles (sameAs) and contact (email, telephone, contactPoint) in its JSON-LD. */
function readJsonLd(items: readonly unknown[], seenOn: string, into: Collector) {
  // Top-level items and the members of their @graph: no deeper walk, so nesting costs nothing.
  const nodes: Record<string, unknown>[] = [];
  for (const item of items) {
    if (nodes.length >= MAX_JSON_LD_NODES) break;
    if (!isObject(item)) continue;
    nodes.push(item);
    if (Array.isArray(item["@graph"]))
      for (const member of item["@graph"].slice(0, MAX_JSON_LD_NODES)) if (isObject(member)) nodes.push(member);
  }
  for (const node of nodes.slice(0, MAX_JSON_LD_NODES)) {
    if (!speaksForStore(node)) continue;
    const seen = (text: string): Seen => ({ evidence: evidence(`sameAs: ${text}`), source: "json-ld", confidence: "high" });
    for (const href of strings(node.sameAs)) into.profile(href, seenOn, seen(href));
    const points = [node, ...(Array.isArray(node.contactPoint) ? node.contactPoint.slice(0, MAX_LIST) : [node.contactPoint])];
    for (const point of points) {
      if (!isObject(point)) continue;
      const label = point === node ? "" : "contactPoint ";
      for (const email of strings(point.email))
        into.email(email, seenOn, { evidence: evidence(`${label}email: ${email}`), source: "json-ld", confidence: "high" });
      for (const phone of strings(point.telephone))
        into.phone(phone, seenOn, { evidence: evidence(`${label}telephone: ${phone}`), source: "json-ld", confidence: "high" });
    }
  }
}

/** One page's signals and the path it was read from ("/" for the home page). */
export type SocialsSource = { signals: Pick<PageSignals, "anchors" | "jsonLd" | "comments">; seenOn: string };

/**
 * The store's own social profiles, e-mails and phones on its pages, in the order given (links
 * before JSON-LD before commented-out links on each page), each kept once with the page it was
 * first seen on. Share buttons, posts, videos, link hubs and placeholders are left out (profile-url.ts).
 */
export function readSocials(pages: readonly SocialsSource[]): Socials {
  const collector = createCollector();
  for (const { signals, seenOn } of pages) {
    readAnchors(signals.anchors, seenOn, collector);
    readJsonLd(signals.jsonLd, seenOn, collector);
    readCommentedLinks(signals.comments, seenOn, collector);
  }

  return collector.socials;
}

/** Two pages' findings as one list, the first's kept where both have one (home page, then contact page). */
export function mergeSocials(first: Socials, second: Socials): Socials {
  const merged = createCollector();
  for (const list of [first, second]) {
    for (const { url, seen_on, evidence: e, source, confidence } of list.profiles)
      merged.profile(url, seen_on, { evidence: e, source, confidence });
    for (const { address, seen_on, evidence: e, source, confidence } of list.emails)
      merged.email(address, seen_on, { evidence: e, source, confidence });
    for (const { number, seen_on, evidence: e, source, confidence } of list.phones)
      merged.phone(number, seen_on, { evidence: e, source, confidence });
  }

  return merged.socials;
}
