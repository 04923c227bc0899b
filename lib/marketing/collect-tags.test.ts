import { describe, expect, it } from "vitest";
import { loadHtml } from "@/lib/storefront-html/load-html";
import { TagCollector } from "./collect-tags";
import { detectMarketing } from "./detect-tags";
import type { TagKind } from "./tag-kinds";

const found = { evidence: "x", source: "inline-script", confidence: "high" } as const;
const collect = (pairs: [TagKind, string][]) => {
  const tags = new TagCollector();
  for (const [kind, id] of pairs) tags.add(kind, id, found);

  return tags.result().map(({ kind, id }) => ({ kind, id }));
};

describe("TagCollector: one tag per account, whatever the case of its id", () => {
  it("counts a Google id spelled in two cases once, keeping the first spelling", () => {
    expect(
      collect([
        ["google-analytics-4", "G-ABC123"],
        ["google-analytics-4", "g-abc123"],
        ["google-tag-manager", "GTM-XXXX"],
        ["google-tag-manager", "gtm-xxxx"],
        ["google-tag-manager", "Gtm-XxXx"],
      ]),
    ).toEqual([
      { kind: "google-analytics-4", id: "G-ABC123" },
      { kind: "google-tag-manager", id: "GTM-XXXX" },
    ]);
  });

  it("keeps ids apart where case tells accounts apart (Quantcast)", () => {
    expect(
      collect([
        ["quantcast", "p-AbCdEfGh12"],
        ["quantcast", "p-abcdefgh12"],
      ]),
    ).toHaveLength(2);
  });

  it("reads a page naming one Snapchat pixel in two cases as one tag", () => {
    const uuid = "1190899a-0a4b-46cd-9ea7-7d7b7b8ad3e9";
    const html = `<script>snaptr('init', '${uuid.toUpperCase()}', {});</script>
      <script src="https://intg.snapchat.com/shopify/shopify-scevent.js?id=${uuid}"></script>`;
    const tags = detectMarketing(loadHtml(html)).tags.filter((tag) => tag.kind === "snapchat-pixel");
    expect(tags.map((tag) => tag.id?.toLowerCase())).toEqual([uuid]);
  });
});
