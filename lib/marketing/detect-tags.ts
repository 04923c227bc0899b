import type { CheerioAPI } from "cheerio";
import { readPageSignals } from "@/lib/storefront-html/page-signals";
import { readWebPixels } from "@/lib/storefront-html/web-pixels";
import { TagCollector } from "./collect-tags";
import { readTrekkieTags } from "./from-trekkie";
import { readWebPixelTags } from "./from-web-pixels";
import { scanMarkers, type ScanText } from "./scan-markers";
import type { Marketing } from "./schemas";

/**
 * The marketing and analytics stack of a parsed storefront page: Shopify's web pixels first (their
 * configuration names the account), then trekkie's channel settings, then scripts, inline
 * snippets, <noscript> images and iframes. Resource hints (<link rel=preconnect>) are not read:
 * they load nothing.
 */
export function detectMarketing($: CheerioAPI): Marketing {
  const signals = readPageSignals($);
  const tags = new TagCollector();
  const customPixels = readWebPixelTags(readWebPixels(signals.inlineScripts), tags);
  readTrekkieTags(signals.inlineScripts, tags);
  const scriptSrcs = signals.scripts.map((script) => script.src);
  const texts: ScanText[] = [
    ...scriptSrcs.map((text) => ({ text, source: "script" as const, kind: "url" as const })),
    ...signals.inlineScripts.map((text) => ({
      text,
      // Shopify's ScriptTag loader lists the tag scripts an app installed.
      source: text.includes("asyncLoad") ? ("script-tag" as const) : ("inline-script" as const),
      kind: "inline" as const,
    })),
    ...signals.images.map((text) => ({ text, source: "image" as const, kind: "url" as const })),
    ...signals.iframes.map((text) => ({ text, source: "iframe" as const, kind: "url" as const })),
  ];
  scanMarkers(texts, scriptSrcs, tags);

  return { tags: tags.result(), custom_pixels: customPixels };
}
