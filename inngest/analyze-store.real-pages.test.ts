// The report of a store whose home page is a real captured Shopify page: each of the 16 pages in
// testing/fixtures/real-storefronts/ is served by the fake store as a store's home page, the whole
// pipeline runs, and what the report says is scored against what a careful reader found on it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getReport } from "@/lib/reports/get-report";
import type { Report } from "@/lib/reports/schemas";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { EXPECTED_APPS } from "@/testing/real-storefronts/expected-apps";
import { addScores } from "@/testing/real-storefronts/score";
import { scoreApps } from "@/testing/real-storefronts/score-apps";
import { scoreTags } from "@/testing/real-storefronts/score-tags";
import { scoreLanguages } from "@/testing/real-storefronts/score-languages";
import { scoreSocials } from "@/testing/real-storefronts/score-socials";
import { realStorefronts, type StorefrontTruth } from "@/testing/real-storefronts/truth";

let h: PipelineHarness;
const reports = new Map<string, { truth: StorefrontTruth; report: Report }>();

beforeAll(async () => {
  h = await startPipeline();
  const pages = realStorefronts();
  const jobs = await Promise.all(
    pages.map(async ({ truth, html, domain }) => {
      const host = `${domain.replaceAll(".", "-")}.test`;
      h.fakeStore.addStore(generatedStore(host, { products: 3, seed: 1, homePage: html, myshopifyDomain: truth.shop }));
      const response = await h.submit({ domain: host });
      expect(response.status).toBe(201);
      const { job } = (await response.json()) as { job: { id: string } };

      return { truth, jobId: job.id };
    }),
  );
  for (const { truth, jobId } of jobs) {
    const job = await h.waitForJob(jobId, 60_000);
    expect(job.status, `${truth.file}: ${job.error ?? ""}`).toBe("completed");
    reports.set(truth.file, { truth, report: (await getReport(jobId)) as Report });
  }
}, 180_000);

afterAll(async () => {
  await h?.stop();
});

describe("the report of a store serving a real captured home page", () => {
  it("names the theme the page assigns, on every page", () => {
    for (const { truth, report } of reports.values()) {
      // The reader wrote names with their runs of spaces collapsed.
      expect(report.metadata.theme.value?.name?.replace(/\s+/g, " "), truth.file).toBe(truth.theme.name);
    }
  });

  it("finds the apps the pages carry (at least 90% of the certain ones) and no other", () => {
    const scores = [...reports.values()].map(({ truth, report }) => {
      const domain = truth.file.replace(/\.html?$/, "");
      const reported = { apps: report.metadata.apps.value, unidentified: report.metadata.unidentified_apps?.value ?? [] };

      return { page: domain, ...scoreApps(truth, EXPECTED_APPS[domain] ?? { apps: {} }, reported) };
    });
    const total = addScores(scores);
    expect(total.expected).toBe(83);
    expect(total.share, `missed:\n${total.missed.join("\n")}`).toBeGreaterThanOrEqual(0.9);
    expect(total.extra).toEqual([]);
  });

  it("lists at least 90 % of the tag ids the reader found, and none they did not", () => {
    const total = addScores(
      [...reports.values()].map(({ truth, report }) => {
        expect(report.metadata.marketing?.basis, truth.file).toBe("observed");
        const marketing = report.metadata.marketing?.value ?? { tags: [], custom_pixels: { count: 0, names: [] } };

        return { page: truth.file, ...scoreTags(truth, marketing) };
      }),
    );

    expect(total.share, `missed:\n${total.missed.join("\n")}`).toBeGreaterThanOrEqual(0.9);
    expect(total.extra, "extra").toEqual([]);
  });

  it("lists the store's own profiles and its hreflang languages, and nothing the pages do not", () => {
    const pages = [...reports.values()].map(({ truth, report }) => ({ truth, page: truth.file, metadata: report.metadata }));
    const socials = addScores(pages.map(({ truth, page, metadata }) => ({ page, ...scoreSocials(truth, metadata.socials!.value) })));
    const languages = addScores(pages.map(({ truth, page, metadata }) => ({ page, ...scoreLanguages(truth, metadata.markets!.value) })));
    expect({ share: socials.share >= 0.9, missed: socials.missed, extra: socials.extra }).toEqual({ share: true, missed: [], extra: [] });
    expect({ share: languages.share >= 0.9, missed: languages.missed, extra: languages.extra }).toEqual({
      share: true,
      missed: [],
      extra: [],
    });
  });
});
