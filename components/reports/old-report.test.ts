import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { readFindings } from "@/lib/findings";
import { reportPageMetadataSchema } from "@/lib/report-view/schemas";
import { OLD_REPORT_METADATA } from "@/testing/fixtures/old-report-metadata";
import { AgentReadinessSection } from "./agent-readiness-section";
import { MarketingSection } from "./marketing-section";
import { SocialsSection } from "./socials-section";
import { StoreDetailsSection } from "./store-details-section";
import { ThemeAppsSection } from "./theme-apps-section";

// A report stored before most findings existed still shows what it has: the page is handed its
// findings as lib/findings reads them (typed, old shapes brought up to date), never raw metadata.

describe("the report page on a report of an old shape", () => {
  const metadata = reportPageMetadataSchema.parse(OLD_REPORT_METADATA);
  const findings = readFindings(OLD_REPORT_METADATA);
  const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

  it("shows its theme, its apps (Shopify's own apart) and its agent endpoints, the UCP profile under its old key", () => {
    const themeApps = html(
      createElement(ThemeAppsSection, { theme: findings.theme, apps: findings.apps, unidentified: findings.unidentified_apps }),
    );
    expect(themeApps).toContain("Dawn");
    expect(themeApps).toContain("Klaviyo");
    expect(themeApps).toContain("Shopify Inbox");

    const agents = html(createElement(AgentReadinessSection, { readiness: findings.agent_readiness }));
    expect(agents).toContain("UCP profile: version 2026-01-11");
    expect(agents).toContain("GPTBot");
  });

  it("shows its details, and says what it did not read rather than failing", () => {
    const details = html(createElement(StoreDetailsSection, { metadata, findings }));
    expect(details).toContain("Sweden");
    expect(details).not.toContain("Left out by report limits");
    expect(html(createElement(MarketingSection, { marketing: findings.marketing }))).toContain("Not read for this report");
    expect(html(createElement(SocialsSection, { socials: findings.socials }))).toBe("");
  });
});
