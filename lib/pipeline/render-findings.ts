import { detectAppsInDocument, findAppBySlug, type DetectedApp } from "@/lib/apps";
import { detectMarketing } from "@/lib/marketing/detect-tags";
import type { Artifact } from "@/lib/snapshots/artifacts";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { parseStorefrontDocument } from "@/lib/storefront-html/parse-storefront-html";
import type { RenderArtifact } from "@/lib/render/schemas";

type RenderedPage = { html: string; requestUrls: readonly string[] };
type Finding = RenderArtifact["afterRender"][number];

/** A URL past this is no evidence anyone reads; the render asks for at most a few hundred. */
const MAX_URL_CHARS = 2_000;

/**
 * What the detectors find in a rendered page: the document after its scripts ran, and the URLs
 * it asked for (a script loaded by a script leaves its URL there even when it removes its tag).
 * The one place the render feeds detectors: each reads the rendered page as it reads the served
 * HTML, and a new detector adds its findings here.
 */
export function detectInRenderedPage(page: RenderedPage): Finding[] {
  const $ = loadHtml(page.html);
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const addApp = (found: DetectedApp, evidence = found.evidence) => {
    const app = findAppBySlug(found.slug);
    if (!app || seen.has(found.slug)) return;
    seen.add(found.slug);
    findings.push({ kind: "app", slug: found.slug, name: app.name, evidence, source: found.source, confidence: found.confidence });
  };
  const requested = loadHtml(requestedScripts(page.requestUrls));
  for (const found of detectAppsInDocument($)) addApp(found);
  for (const found of detectAppsInDocument(requested)) addApp(found, `requested ${found.evidence}`);
  const tags = new Set<string>();
  for (const [document, prefix] of [
    [$, ""],
    [requested, "requested "],
  ] as const) {
    for (const tag of detectMarketing(document).tags) {
      if (tags.has(tagKey(tag))) continue;
      tags.add(tagKey(tag));
      const { kind, name, id, evidence, source, confidence } = tag;
      findings.push({ kind: "tag", slug: kind, name, id, evidence: `${prefix}${evidence}`, source, confidence });
    }
  }
  const theme = parseStorefrontDocument($).theme;
  const themeName = theme?.name ?? theme?.themeStoreName ?? null;
  if (themeName) findings.push({ kind: "theme", slug: themeName, name: themeName, evidence: "Shopify.theme" });

  return findings;
}

/**
 * The findings of the rendered page that the served HTML did not show, each saying so in its
 * evidence ("after render: …").
 */
export function findingsAfterRender(served: Artifact<"storefront"> | null, rendered: readonly Finding[]): Finding[] {
  const servedApps = new Set(served?.apps.map((app) => app.slug) ?? []);
  const servedTheme = served?.theme !== null && served?.theme !== undefined;
  const servedTags = served?.marketing?.tags ?? [];
  const isNew = (finding: Finding) => {
    if (finding.kind === "app") return !servedApps.has(finding.slug);
    if (finding.kind === "theme") return !servedTheme;
    // A tag without an id adds nothing to one of its kind the served page showed.
    return !servedTags.some((tag) => tag.kind === finding.slug && (tag.id === (finding.id ?? null) || !finding.id));
  };

  return rendered.filter(isNew).map((finding) => ({ ...finding, evidence: `after render: ${finding.evidence}` }));
}

const tagKey = (tag: { kind: string; id: string | null }) => `${tag.kind} ${tag.id ?? ""}`;

/** The requested URLs as script tags, so the app detector reads them as it reads the page's own. */
function requestedScripts(urls: readonly string[]): string {
  return urls.map((url) => `<script src="${escapeAttribute(url.slice(0, MAX_URL_CHARS))}"></script>`).join("");
}

function escapeAttribute(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
