import { boundText } from "@/lib/bound-text";
import type { MarketingTag } from "@/lib/marketing/schemas";
import type { PageSignals } from "@/lib/storefront-html/page-signals";
import type { Confidence, DetectedApp, EvidenceSource, Finding } from "@/lib/storefront-html/schemas";
import { OTHER_TECHNOLOGIES, type Technology } from "./catalog";
import { isTechnologyCategory } from "./categories";
import { FORMER_TAG_APPS } from "./former-tag-apps";
import { buildHostIndex, type HostIndex, matchUrl } from "./host-index";
import { type DetectedTechnology, MAX_TECHNOLOGY_EVIDENCE } from "./schemas";
import { MAX_SCRIPT_CHARS, unproxied, urlsInScript } from "./script-urls";

const MAX_EVIDENCE = 160;
/** Technologies the fingerprint base may report on one page: a hostile page may load thousands of hosts. */
export const MAX_TECHNOLOGIES = 100;
/** URLs read from one script; a ScriptTag loader lists a few dozen. */
const MAX_SCRIPT_URLS = 500;
/** Inline scripts, together, read for the script URLs their snippets load. */
const MAX_INLINE_URL_TEXT = 2_000_000;
/** Characters of the inline scripts, together, searched for global names (corroboration only). */
const MAX_GLOBAL_TEXT = 1_000_000;
/** Global names looked for per page: each is an indexOf over that text. */
const MAX_GLOBAL_LOOKUPS = 200;

/** Link relations that load the resource into the page. */
const LOADING_RELS: ReadonlySet<string> = new Set(["stylesheet", "preload", "modulepreload"]);

const RANK: Record<Confidence, number> = { high: 3, medium: 2, low: 1 };

/** Only what the detector matches: entries with hosts (apps of our catalog and tags have none here). */
function compile(list: readonly Technology[]): HostIndex<Technology> {
  return buildHostIndex(
    list.filter((tech) => tech.hosts.length > 0).flatMap((tech) => tech.hosts.map((pattern) => ({ pattern, owner: tech }))),
  );
}

const indexCache = new WeakMap<readonly Technology[], HostIndex<Technology>>();

function indexOf(list: readonly Technology[]): HostIndex<Technology> {
  let index = indexCache.get(list);
  if (!index) indexCache.set(list, (index = compile(list)));

  return index;
}

/** Whether `name` appears in the text as a whole identifier path (not `myAfterpay`, not `Afterpay2`). */
function mentionsGlobal(text: string, name: string): boolean {
  let from = 0;
  for (let tries = 0; tries < 50; tries++) {
    const at = text.indexOf(name, from);
    if (at < 0) return false;
    const before = at > 0 ? (text[at - 1] as string) : " ";
    const after = text[at + name.length] ?? " ";
    if (!/[\w$]/.test(before) && !/[\w$]/.test(after)) return true;
    from = at + name.length;
  }

  return false;
}

/** The texts joined by newlines, cut at `max` characters. */
function joinBounded(texts: readonly string[], max: number): string {
  const parts: string[] = [];
  let length = 0;
  for (const text of texts) {
    if (length >= max) break;
    const part = text.slice(0, max - length);
    parts.push(part);
    length += part.length + 1;
  }

  return parts.join("\n");
}

type Trace = Finding;

function addTrace(traces: Trace[], trace: Trace) {
  if (traces.length >= MAX_TECHNOLOGY_EVIDENCE || traces.some((t) => t.evidence === trace.evidence)) return;
  traces.push(trace);
}

/**
 * The technologies of the fingerprint base (and our hand-added ones) a served home page loads,
 * each once with all its evidence. Only a host is proof: a script the page loads or Shopify's
 * ScriptTag loader lists (a proxied one by the vendor host in its path): high; a stylesheet, an
 * iframe, or a .js URL an inline snippet loads: medium. A global name in an inline script or an
 * id/class of the fingerprint only backs up a technology a host already showed. Apps and tags are
 * not read here: their own detectors report them, and technologiesOf joins the three.
 */
export function detectTechnologies(page: PageSignals, list: readonly Technology[] = OTHER_TECHNOLOGIES): DetectedTechnology[] {
  const index = indexOf(list);
  const found = new Map<Technology, Trace[]>();
  const see = (url: string, source: EvidenceSource, confidence: Confidence) => {
    const vendor = unproxied(url);
    const match = matchUrl(index, vendor);
    if (!match) return;
    let traces = found.get(match.owner);
    if (!traces) {
      if (found.size >= MAX_TECHNOLOGIES) return;
      found.set(match.owner, (traces = []));
    }
    addTrace(traces, { evidence: boundText(url.trim(), MAX_EVIDENCE), source, confidence });
  };

  for (const script of page.scripts) see(script.src, "script", "high");
  // Inline scripts, within one budget of characters: Shopify's ScriptTag loader (every URL it
  // lists is a script an app installed), and snippets that load their script themselves
  // (Mouseflow …), where only a .js URL counts, not a link the script mentions.
  let inlineBudget = MAX_INLINE_URL_TEXT;
  for (const script of page.inlineScripts) {
    if (inlineBudget <= 0) break;
    inlineBudget -= Math.min(script.length, MAX_SCRIPT_CHARS);
    if (script.includes("asyncLoad")) {
      for (const url of urlsInScript(script, MAX_SCRIPT_URLS, false)) {
        see(url, url.includes("cdn.shopify.com/proxy/") ? "proxied-script-tag" : "script-tag", "high");
      }
    } else {
      for (const url of urlsInScript(script, MAX_SCRIPT_URLS, true)) see(url, "inline-script", "medium");
    }
  }
  // Only a link that loads something: the base's hosts include social and video sites a
  // `rel=me` or `rel=alternate` link may name without the page running anything of theirs.
  for (const link of page.links) if (link.rel.some((rel) => LOADING_RELS.has(rel))) see(link.href, "link", "medium");
  for (const url of page.iframes) see(url, "iframe", "medium");

  let inlineText: string | null = null;
  let lookups = 0;
  for (const [tech, traces] of found) {
    for (const name of tech.globals) {
      if (lookups++ >= MAX_GLOBAL_LOOKUPS) break;
      inlineText ??= joinBounded(page.inlineScripts, MAX_GLOBAL_TEXT);
      if (mentionsGlobal(inlineText, name))
        addTrace(traces, { evidence: `inline script: ${name}`, source: "inline-script", confidence: "low" });
    }
    for (const marker of tech.markup) {
      const seen = marker.startsWith("#") ? page.ids.has(marker.slice(1)) : page.classes.has(marker.slice(1));
      if (seen) addTrace(traces, { evidence: marker, source: "markup", confidence: "low" });
    }
  }

  return [...found.entries()].map(([tech, traces]) => ({
    slug: tech.slug,
    name: tech.name,
    category: tech.category,
    kind: tech.kind,
    source: tech.source,
    ids: [],
    evidence: traces.sort((a, b) => RANK[b.confidence] - RANK[a.confidence]),
    ...(tech.firstParty ? { first_party: true as const } : {}),
  }));
}

/** What the storefront artifact holds for the three detectors, each possibly absent in an older one. */
export type TechnologySources = {
  apps: readonly DetectedApp[];
  tags: readonly MarketingTag[];
  technologies: readonly DetectedTechnology[];
};

/**
 * The one list of technologies of a home page: the apps, the tags and pixels and the fingerprint
 * base's technologies, each once (by slug) with every piece of evidence (`list` names the tags and
 * the base's entries; apps come named and filed by the app detector). An app slug the catalog
 * once had for a tag (an older report's `google-tag-manager` app) joins that tag. Apps first, in
 * the app detector's order, then tags, then the rest.
 */
export function technologiesOf(sources: TechnologySources, list: readonly Technology[] = OTHER_TECHNOLOGIES): DetectedTechnology[] {
  const bySlug = new Map(list.map((tech) => [tech.slug, tech]));
  const out = new Map<string, DetectedTechnology>();
  const join = (slug: string, fallback: () => Omit<DetectedTechnology, "evidence" | "ids">, trace: Trace, id: string | null) => {
    let entry = out.get(slug);
    if (!entry) {
      const tech = bySlug.get(slug);
      const base = tech
        ? {
            slug,
            name: tech.name,
            category: tech.category,
            kind: tech.kind,
            source: tech.source,
            ...(tech.firstParty ? { first_party: true as const } : {}),
          }
        : fallback();
      out.set(slug, (entry = { ...base, ids: [], evidence: [] }));
    }
    if (id !== null && !entry.ids.includes(id)) entry.ids.push(id);
    addTrace(entry.evidence, trace);
  };

  for (const app of sources.apps) {
    const trace = { evidence: app.evidence, source: app.source ?? "script", confidence: app.confidence ?? "medium" };
    // Whatever the app detector reports is an app here too (a technology of the base that a
    // ScriptTag loads is one), so the store page draws it in one row, not two.
    const asApp = () => {
      const entry = out.get(app.slug);
      if (entry) entry.kind = "app";
    };
    const tag = FORMER_TAG_APPS[app.slug];
    if (tag) {
      join(tag, () => ({ slug: tag, name: app.name, category: "analytics", kind: "tag", source: "hand" }), trace, null);
      continue;
    }
    join(
      app.slug,
      () => ({
        slug: app.slug,
        name: app.name,
        category: isTechnologyCategory(app.category) ? app.category : "store-tools",
        kind: "app",
        source: "hand",
        ...(app.first_party ? { first_party: true as const } : {}),
      }),
      trace,
      null,
    );
    asApp();
  }
  for (const tag of sources.tags) {
    join(
      tag.kind,
      () => ({ slug: tag.kind, name: tag.name, category: "analytics", kind: "tag", source: "hand" }),
      { evidence: tag.evidence, source: tag.source, confidence: tag.confidence },
      tag.id,
    );
  }
  // An app of the catalog newer than the imported file may be in both: the same URL proving an
  // app and a fingerprint is the app.
  const appEvidence = new Set(sources.apps.map((app) => app.evidence));
  for (const tech of sources.technologies) {
    if (tech.evidence.every((trace) => trace.confidence === "low" || appEvidence.has(trace.evidence))) continue;
    for (const trace of tech.evidence) join(tech.slug, () => ({ ...tech }), trace, null);
  }
  for (const entry of out.values()) entry.evidence.sort((a, b) => RANK[b.confidence] - RANK[a.confidence]);

  return [...out.values()];
}
