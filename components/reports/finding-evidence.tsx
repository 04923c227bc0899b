import type { Confidence, EvidenceSource } from "@/lib/storefront-html/schemas";

const SOURCE_LABELS: Record<EvidenceSource, string> = {
  script: "a script the page loads",
  "script-tag": "a script an app installed (Shopify ScriptTag)",
  "proxied-script-tag": "an app script Shopify serves through its proxy",
  "inline-script": "code written into the page",
  "web-pixel": "Shopify's list of web pixels",
  trekkie: "Shopify's analytics settings on the page",
  "app-block": "an app block in the theme",
  "app-extension": "an app extension's file",
  "app-proxy": "an app proxy path",
  link: "a link element",
  iframe: "an embedded frame",
  image: "an image (tracking pixel)",
  meta: "a meta tag",
  markup: "the page's markup",
  "json-ld": "the page's structured data",
  globals: "Shopify's page settings",
  anchor: "a link on the page",
  hreflang: "a language alternate link",
};

const CONFIDENCE_LABELS: Record<Confidence, string> = {
  high: "Certain: the vendor's own identifier",
  medium: "Likely: a host or marker known to be the vendor's",
  low: "Possible: a trace other things could leave",
};

/** What a finding was recognized by, where and how surely: the body of a "How we know" disclosure. */
export function FindingEvidence({ evidence, source, confidence }: { evidence: string; source: EvidenceSource; confidence: Confidence }) {
  return (
    <dl className="mt-1 space-y-1 rounded bg-slate-50 px-2 py-1.5 text-xs text-slate-600 ring-1 ring-slate-200">
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-slate-500">Seen in</dt>
        <dd>{SOURCE_LABELS[source]}</dd>
      </div>
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-slate-500">Evidence</dt>
        <dd className="min-w-0 break-all font-mono">{evidence}</dd>
      </div>
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-slate-500">Confidence</dt>
        <dd>{CONFIDENCE_LABELS[confidence]}</dd>
      </div>
    </dl>
  );
}
