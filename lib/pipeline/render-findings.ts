import { detectAppsInDocument, findAppBySlug, type DetectedApp } from "@/lib/apps";
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
  for (const found of detectAppsInDocument($)) addApp(found);
  for (const found of detectAppsInDocument(loadHtml(requestedScripts(page.requestUrls)))) addApp(found, `requested ${found.evidence}`);
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

  return rendered
    .filter((finding) => (finding.kind === "app" ? !servedApps.has(finding.slug) : !servedTheme))
    .map((finding) => ({ ...finding, evidence: `after render: ${finding.evidence}` }));
}

/** The requested URLs as script tags, so the app detector reads them as it reads the page's own. */
function requestedScripts(urls: readonly string[]): string {
  return urls.map((url) => `<script src="${escapeAttribute(url.slice(0, MAX_URL_CHARS))}"></script>`).join("");
}

function escapeAttribute(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
