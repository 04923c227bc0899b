import type { Finding } from "@/lib/storefront-html/schemas";

const SOURCE_TEXT: Record<Finding["source"], string> = {
  script: "a script the page loads",
  "script-tag": "a ScriptTag Shopify loads",
  "proxied-script-tag": "a ScriptTag Shopify proxies",
  "inline-script": "a script written into the page",
  "web-pixel": "Shopify's web pixel settings",
  trekkie: "Shopify's analytics settings",
  "app-block": "an app block",
  "app-extension": "an app extension's file",
  link: "a <link> of the page",
  iframe: "an embedded frame",
  image: "an image",
  meta: "a <meta> tag",
  markup: "the page's markup (a commented-out link, a class or an id)",
  "json-ld": "the store's structured data (JSON-LD)",
  globals: "Shopify's page settings",
  anchor: "a link on the page",
  hreflang: "an hreflang alternate",
};

const CONFIDENCE_TEXT: Record<Finding["confidence"], string> = {
  high: "High confidence",
  medium: "Medium confidence",
  low: "Low confidence",
};

/** What a finding was recognised by and how sure we are, behind a disclosure so lists stay short. */
export function FindingDetails({ finding }: { finding: Finding }) {
  return (
    <details className="text-xs text-slate-500">
      <summary className="cursor-pointer select-none hover:text-slate-700">How we know</summary>
      <p className="mt-1">
        {CONFIDENCE_TEXT[finding.confidence]}: seen in {SOURCE_TEXT[finding.source]}.
      </p>
      <code className="mt-1 block rounded bg-slate-50 px-2 py-1 break-all text-slate-700">{finding.evidence}</code>
    </details>
  );
}
