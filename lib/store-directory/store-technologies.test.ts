import { describe, expect, it } from "vitest";
import { agentEndpointAnswers, NO_TECHNOLOGIES, storeTechnologiesOf } from "./store-technologies";

// What the directory files a store under comes from its report's metadata, read leniently: older
// reports lack the fields, and store-derived values of an odd shape are dropped, never trusted.

const observed = <T>(value: T) => ({ value, basis: "observed" });

describe("storeTechnologiesOf", () => {
  it("reads tag kinds, base languages, ships-to countries and the agent endpoints that answered", () => {
    const technologies = storeTechnologiesOf({
      ships_to_countries: observed(["fr", "DE", "US", "DE"]),
      marketing: observed({
        tags: [
          { kind: "google-analytics-4", name: "Google Analytics 4" },
          { kind: "meta-pixel", name: "Meta Pixel" },
          { kind: "google-analytics-4", name: "Google Analytics 4" },
        ],
      }),
      markets: observed({
        locale: "pt-BR",
        languages: [{ code: "en-US" }, { code: "fr-CA" }, { code: "fr" }, { code: "x-default" }, { code: "EN_gb" }],
      }),
      agent_readiness: observed({
        storefront_mcp: { status: "answers" },
        ucp_profile: { status: "absent" },
        llms_txt: { status: "present" },
      }),
    });

    expect(technologies).toEqual({
      tags: ["google-analytics-4", "meta-pixel"],
      languages: ["pt", "en", "fr"],
      markets: ["FR", "DE", "US"],
      agent: ["storefront_mcp", "llms_txt"],
    });
  });

  it("counts a UCP profile under either key the report may use", () => {
    expect(storeTechnologiesOf({ agent_readiness: observed({ ucp_profile: { status: "answers" } }) }).agent).toEqual(["ucp"]);
    expect(storeTechnologiesOf({ agent_readiness: observed({ ucp: { status: "answers" } }) }).agent).toEqual(["ucp"]);
  });

  it("finds nothing in a report built before these fields, or in no report at all", () => {
    expect(storeTechnologiesOf({ name: observed("Old Shop"), ships_to_countries: observed([]) })).toEqual(NO_TECHNOLOGIES);
    expect(storeTechnologiesOf(null)).toEqual(NO_TECHNOLOGIES);
    expect(storeTechnologiesOf("metadata")).toEqual(NO_TECHNOLOGIES);
  });

  it("drops values of the wrong shape or form instead of filing the store under them", () => {
    const technologies = storeTechnologiesOf({
      ships_to_countries: observed(["USA", "*", 7, "", "Se"]),
      marketing: observed({
        tags: [{ kind: "Meta Pixel!" }, { kind: 3 }, "meta-pixel", { kind: "a".repeat(200) }, { kind: "TikTok-Pixel" }],
      }),
      markets: observed({ locale: ["en"], languages: [{ code: "english" }, { code: "1a" }, null, { code: "i-klingon" }] }),
      agent_readiness: observed({ storefront_mcp: { status: "refused" }, llms_txt: "answers", constructor: { status: "answers" } }),
    });

    expect(technologies).toEqual({ tags: ["tiktok-pixel"], languages: [], markets: ["SE"], agent: [] });
  });

  it("keeps at most a bounded number of values however many the report lists", () => {
    const tags = Array.from({ length: 500 }, (_, i) => ({ kind: `tag-${i}` }));
    expect(storeTechnologiesOf({ marketing: observed({ tags }) }).tags).toHaveLength(100);
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
