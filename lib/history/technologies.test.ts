import { describe, expect, it } from "vitest";
import { agentReadinessOf, marketingOf, marketsOf, observed } from "@/testing/findings";
import { diffTechnologies, technologiesOf } from "./technologies";

const app = (slug: string) => ({
  slug,
  name: slug.toUpperCase(),
  category: "reviews",
  evidence: slug,
  source: "script",
  confidence: "high",
});
const theme = (name: string, version: string | null) => ({
  name: `Copy of ${name}`,
  id: 1,
  schemaName: name,
  schemaVersion: version,
  themeStoreId: null,
  role: "main",
});

/** Report metadata with the findings the timeline reads. */
function metadata(parts: {
  apps?: string[];
  theme?: ReturnType<typeof theme> | null;
  tags?: Parameters<typeof marketingOf>[0] | null;
  languages?: string[];
  shipsTo?: string[];
  agent?: Parameters<typeof agentReadinessOf>[0];
}) {
  return {
    apps: observed((parts.apps ?? []).map(app)),
    theme: observed(parts.theme === undefined ? theme("Dawn", "15.0.0") : parts.theme),
    ...(parts.tags === null ? {} : { marketing: observed(marketingOf(parts.tags ?? [])) }),
    markets: observed(marketsOf(parts.languages ?? ["en"])),
    ships_to_countries: observed(parts.shipsTo ?? ["FR"]),
    agent_readiness: observed(agentReadinessOf(parts.agent ?? {})),
  };
}

const diff = (before: Parameters<typeof metadata>[0], after: Parameters<typeof metadata>[0]) =>
  diffTechnologies(technologiesOf(metadata(before)), technologiesOf(metadata(after))).map(({ kind, key, before, after }) => ({
    kind,
    key,
    before,
    after,
  }));

describe("diffTechnologies", () => {
  it("names an app removed, one installed and a theme changed, and nothing else", () => {
    expect(diff({ apps: ["judge-me", "klaviyo"] }, { apps: ["klaviyo", "loox"], theme: theme("Sense", "15.2.0") })).toEqual([
      { kind: "theme_changed", key: "theme", before: "Dawn 15.0.0", after: "Sense 15.2.0" },
      { kind: "app_installed", key: "loox", before: null, after: null },
      { kind: "app_removed", key: "judge-me", before: null, after: null },
    ]);
  });

  it("tells a new version of the same theme, tags, languages, markets and agent endpoints", () => {
    expect(
      diff(
        { tags: ["meta-pixel"], languages: ["en"], shipsTo: ["FR"], agent: { llms_txt: "answers" } },
        {
          theme: theme("Dawn", "15.1.0"),
          tags: ["tiktok-pixel"],
          languages: ["en", "fr-CA"],
          shipsTo: ["FR", "DE"],
          agent: { llms_txt: "absent" },
        },
      ),
    ).toEqual([
      { kind: "theme_changed", key: "theme", before: "Dawn 15.0.0", after: "Dawn 15.1.0" },
      { kind: "tag_added", key: "tiktok-pixel", before: null, after: null },
      { kind: "tag_removed", key: "meta-pixel", before: null, after: null },
      { kind: "language_added", key: "fr", before: null, after: null },
      { kind: "market_added", key: "DE", before: null, after: null },
      { kind: "agent_endpoint_removed", key: "llms_txt", before: null, after: null },
    ]);
  });

  it("says nothing of what either report could not tell: a home page not read, an endpoint that failed", () => {
    // No marketing finding and no theme: the home page was not read, so its apps are not "removed".
    expect(diff({ apps: ["judge-me"], tags: ["meta-pixel"] }, { apps: [], theme: null, tags: null })).toEqual([]);
    expect(diff({ agent: { llms_txt: "answers" } }, { agent: { llms_txt: "error" } })).toEqual([]);
    expect(diff({ apps: ["klaviyo"] }, { apps: ["klaviyo"] })).toEqual([]);
  });
});
