import { describe, expect, it } from "vitest";
import { reportMetadataSchema } from "@/lib/reports/schemas";
import { OLD_REPORT_METADATA } from "@/testing/fixtures/old-report-metadata";
import { agentReadinessOf, marketingOf, observed } from "@/testing/findings";
import { FINDINGS, readFindings, storePageFindings } from "./index";

// Findings are read once, here, typed: a stored report of any age gives what it has, in the
// current shape, and lacks the rest; one field of a shape no longer read does not cost the others.

describe("readFindings", () => {
  it("reads a report stored before most findings existed, the old UCP key included", () => {
    const findings = readFindings(OLD_REPORT_METADATA);

    expect(Object.keys(findings).sort()).toEqual(["agent_readiness", "apps", "theme"]);
    expect(findings.theme?.value?.name).toBe("Dawn");
    expect(findings.apps?.value.map((app) => [app.slug, app.first_party ?? false])).toEqual([
      ["klaviyo", false],
      ["shopify-inbox", true],
    ]);
    expect(findings.agent_readiness?.value.ucp_profile).toMatchObject({ status: "answers", version: "2026-01-11" });
    expect(findings.agent_readiness?.value).not.toHaveProperty("ucp");
  });

  it("leaves out a field of a shape it cannot read, and keeps the others", () => {
    const findings = readFindings({
      marketing: observed({ tags: "all of them" }),
      socials: { value: { profiles: [], emails: [], phones: [] }, basis: "guessed" },
      agent_readiness: observed(agentReadinessOf({ llms_txt: "answers" })),
    });

    expect(Object.keys(findings)).toEqual(["agent_readiness"]);
    expect(readFindings(null)).toEqual({});
    expect(readFindings("metadata")).toEqual({});
  });

  it("reads what the report schema accepts, declared in the report schema's order", () => {
    const metadata = { ...OLD_REPORT_METADATA, marketing: observed(marketingOf(["meta-pixel"])) };
    const keys = Object.keys(reportMetadataSchema.shape);

    expect(FINDINGS.map((finding) => keys.indexOf(finding.key))).toEqual(
      [...FINDINGS.map((finding) => keys.indexOf(finding.key))].sort((a, b) => a - b),
    );
    expect(readFindings(metadata).marketing?.value.tags[0]?.kind).toBe("meta-pixel");
  });
});

describe("storePageFindings", () => {
  it("gives each store-page finding, null where the report lacks it", () => {
    expect(storePageFindings(OLD_REPORT_METADATA)).toEqual({
      agent_readiness: expect.objectContaining({ ucp_profile: expect.objectContaining({ status: "answers" }) }),
      marketing: null,
      socials: null,
      markets: null,
      technologies: null,
    });
  });
});
