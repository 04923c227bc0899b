import { describe, expect, it } from "vitest";
import { agentReadinessOf, marketingOf, marketsOf, observed } from "@/testing/findings";
import { agentEndpointAnswers, NO_TECHNOLOGIES, storeTechnologiesOf } from "./store-technologies";

// What the directory files a store under comes from its report's findings, read as lib/findings
// reads them: older reports lack the fields, and store-derived values of an odd form are dropped.

describe("storeTechnologiesOf", () => {
  it("reads tag kinds, base languages, ships-to countries and the agent endpoints that answered", () => {
    const technologies = storeTechnologiesOf({
      ships_to_countries: observed(["fr", "DE", "US", "DE"]),
      marketing: observed(marketingOf(["google-analytics-4", "meta-pixel", "google-analytics-4"])),
      markets: observed(marketsOf(["en-US", "fr-CA", "fr", "x-default", "EN_gb"], "pt-BR")),
      agent_readiness: observed(agentReadinessOf({ storefront_mcp: "answers", ucp_profile: "absent", llms_txt: "answers" })),
    });

    expect(technologies).toEqual({
      tags: ["google-analytics-4", "meta-pixel"],
      languages: ["pt", "en", "fr"],
      markets: ["FR", "DE", "US"],
      agent: ["storefront_mcp", "llms_txt"],
    });
  });

  it("counts a UCP profile under its key, and under the key older reports stored it with", () => {
    const { ucp_profile: ucp, ...rest } = agentReadinessOf({ ucp_profile: "answers" });
    expect(storeTechnologiesOf({ agent_readiness: observed({ ...rest, ucp_profile: ucp }) }).agent).toEqual(["ucp"]);
    expect(storeTechnologiesOf({ agent_readiness: observed({ ...rest, ucp }) }).agent).toEqual(["ucp"]);
  });

  it("finds nothing in a report built before these fields, or in no report at all", () => {
    expect(storeTechnologiesOf({ name: observed("Old Shop"), ships_to_countries: observed([]) })).toEqual(NO_TECHNOLOGIES);
    expect(storeTechnologiesOf(null)).toEqual(NO_TECHNOLOGIES);
    expect(storeTechnologiesOf("metadata")).toEqual(NO_TECHNOLOGIES);
  });

  it("drops values of the wrong shape or form instead of filing the store under them", () => {
    const technologies = storeTechnologiesOf({
      ships_to_countries: observed(["USA", "*", 7, "", "Se"]),
      // Not a marketing finding of any shape: no tag files the store.
      marketing: observed({ tags: [{ kind: "Meta Pixel!" }, "meta-pixel", { kind: "tiktok-pixel" }] }),
      markets: observed(marketsOf(["english", "1a", "i-klingon", "a".repeat(200)])),
      agent_readiness: observed({ storefront_mcp: { status: "answers" }, llms_txt: "answers" }),
    });

    expect(technologies).toEqual({ tags: [], languages: [], markets: ["SE"], agent: [] });
  });

  it("keeps at most a bounded number of values however many the report lists", () => {
    const codes = Array.from(
      { length: 500 },
      (_, i) => `${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`,
    );
    expect(storeTechnologiesOf({ markets: observed(marketsOf(codes)) }).languages).toHaveLength(50);
  });
});

describe("agentEndpointAnswers", () => {
  it("says yes only for an endpoint that answered or a file that is there", () => {
    expect(["answers", "present"].map(agentEndpointAnswers)).toEqual([true, true]);
    expect(["absent", "refused", "error", "disallowed", "not_checked", undefined, null].map(agentEndpointAnswers)).toEqual(
      Array(7).fill(false),
    );
  });
});
