import type { Confidence, EvidenceSource } from "@/lib/storefront-html/schemas";

/** Where a finding was seen, in words (evidenceSourceSchema). */
const SOURCE_LABELS: Record<EvidenceSource, string> = {
  script: "a script the page loads",
  "script-tag": "a script the app registered with Shopify (ScriptTag)",
  "proxied-script-tag": "a ScriptTag served through Shopify's proxy",
  "inline-script": "code inside the page",
  "web-pixel": "the app's web pixel in Shopify's pixel list",
  trekkie: "Shopify's analytics settings",
  "app-block": "an app block or embed Shopify names on the page",
  "app-extension": "a file of the app's Shopify extension",
  "app-proxy": "a path of the store Shopify forwards to the app (app proxy)",
  link: "a stylesheet or other link",
  iframe: "an embedded frame",
  image: "an image",
  meta: "a meta tag",
  markup: "a class or id in the page",
  "json-ld": "structured data (JSON-LD)",
  globals: "the storefront's Shopify settings",
  anchor: "a link on the page",
  hreflang: "a language alternate link",
};

const CONFIDENCE_LABELS: Record<Confidence, string> = {
  high: "High confidence",
  medium: "Medium confidence",
  low: "Low confidence",
};

const CONFIDENCE_STYLES: Record<Confidence, string> = {
  high: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  medium: "bg-amber-50 text-amber-800 ring-amber-200",
  low: "bg-slate-50 text-slate-700 ring-slate-200",
};

/**
 * How one finding was recognized, shown on demand: a native disclosure (keyboard and screen-reader
 * usable without script) with the trace, where it was seen and how sure that makes us. Findings of
 * older reports carry only their evidence.
 */
export function FindingDetails({
  label,
  evidence,
  source,
  confidence,
}: {
  label: string;
  evidence: string;
  source?: EvidenceSource | undefined;
  confidence?: Confidence | undefined;
}) {
  return (
    <details className="group mt-1 text-xs">
      <summary
        aria-label={`How we know: ${label}`}
        className="inline-flex cursor-pointer list-none items-center gap-1 rounded text-slate-500 hover:text-indigo-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-indigo-500 [&::-webkit-details-marker]:hidden"
      >
        <span aria-hidden="true" className="transition-transform group-open:rotate-90">
          ›
        </span>
        How we know
      </summary>
      <div className="mt-1 space-y-1 rounded bg-slate-50 px-2 py-1.5 text-slate-700 ring-1 ring-slate-200">
        <p className="font-mono break-all">{evidence}</p>
        {source || confidence ? (
          <p className="flex flex-wrap items-center gap-2">
            {source ? <span>Seen in {SOURCE_LABELS[source]}.</span> : null}
            {confidence ? <ConfidenceBadge confidence={confidence} /> : null}
          </p>
        ) : null}
      </div>
    </details>
  );
}

export function ConfidenceBadge({ confidence }: { confidence: Confidence }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-[11px] font-medium ring-1 ${CONFIDENCE_STYLES[confidence]}`}>
      {CONFIDENCE_LABELS[confidence]}
    </span>
  );
}
