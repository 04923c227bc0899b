import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Job } from "@/db/schema";
import { HistorySection } from "@/components/reports/history-section";
import { loadReportView } from "@/lib/report-view/load-report-view";
import { APP_SAMPLES } from "@/testing/apps/app-samples";
import { fixtureStore, SAMPLE_APPS, SENSE_THEME } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { callApi } from "@/testing/tracking/api-calls";
import { listJobTechnologyEvents } from "./job-history";
import type { StoreTimeline } from "./schemas";

const DOMAIN = "history-shop.test";

let h: PipelineHarness;
let first: Job;
let second: Job;
let afterFirst: StoreTimeline;

const timeline = async (query = "") => {
  const answer = await callApi<StoreTimeline>("GET", "/api/stores/:slug/timeline", {}, { values: { slug: second.slug }, query });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);

  return answer.body;
};
const kinds = (events: { kind: string; key: string }[]) => events.map(({ kind, key }) => `${kind} ${key}`).sort();

beforeAll(async () => {
  h = await startPipeline();
  // Klaviyo and Judge.me on Dawn 15.0.0 (the fake store's default theme) …
  h.fakeStore.addStore(fixtureStore(DOMAIN));
  first = await h.submitAndWait(DOMAIN);
  expect(first.status).toBe("completed");
  afterFirst = (await callApi<StoreTimeline>("GET", "/api/stores/:slug/timeline", {}, { values: { slug: first.slug } })).body;
  // … then Judge.me dropped, Loox added and the theme changed to Sense; the catalog stays as it was.
  h.fakeStore.addStore(fixtureStore(DOMAIN, { apps: [SAMPLE_APPS.klaviyo, APP_SAMPLES.loox!], theme: SENSE_THEME }));
  second = await h.submitAndWait(DOMAIN);
  expect(second.status).toBe("completed");
}, 180_000);

afterAll(async () => {
  await h?.stop();
});

describe("a store's technology timeline", () => {
  it("says plainly that a store analyzed once has no history yet, and when it first saw each technology", () => {
    expect(afterFirst.data).toEqual([]);
    expect(afterFirst.note).toMatch(/^Analyzed once so far \(first analysis on \d{4}-\d{2}-\d{2}\)/);
    const apps = afterFirst.technologies.filter((t) => t.technology === "app");
    // The fake storefront's own Shopify channels (first-party apps) are seen too.
    expect(apps.map((t) => t.key)).toEqual(expect.arrayContaining(["judge-me", "klaviyo"]));
    expect(apps.map((t) => t.key)).not.toContain("loox");
    expect(apps.every((t) => t.present && t.first_seen.job_id === first.id && t.last_seen.job_id === first.id)).toBe(true);
  });

  it("shows exactly the app removed, the app installed and the theme changed, each naming both analyses", async () => {
    const body = await timeline();
    expect(kinds(body.data)).toEqual(["app_installed loox", "app_removed judge-me", "theme_changed theme"]);
    expect(body.pagination.total).toBe(3);
    expect(body.note).toBeNull();
    expect(body.analyses.count).toBe(2);
    for (const event of body.data) {
      expect(event.analysis.job_id).toBe(second.id);
      expect(event.previous_analysis?.job_id).toBe(first.id);
    }
    expect(body.data.find((e) => e.kind === "theme_changed")).toMatchObject({ before: "Dawn 15.0.0", after: "Sense 15.2.0" });

    const seen = Object.fromEntries(body.technologies.map((t) => [`${t.technology} ${t.key}`, t]));
    expect(seen["app judge-me"]).toMatchObject({ present: false, first_seen: { job_id: first.id }, last_seen: { job_id: first.id } });
    expect(seen["app klaviyo"]).toMatchObject({ present: true, first_seen: { job_id: first.id }, last_seen: { job_id: second.id } });
    expect(seen["app loox"]).toMatchObject({ present: true, first_seen: { job_id: second.id } });
    expect(seen["theme Sense"]).toMatchObject({ present: true, version: "15.2.0" });
    expect(seen["theme Dawn"]).toMatchObject({ present: false });

    // Filtered by kind, paginated.
    expect(kinds((await timeline("?kind=app_removed")).data)).toEqual(["app_removed judge-me"]);
    const page = await timeline("?per_page=2&page=2");
    expect(page.data).toHaveLength(1);
    expect(page.pagination).toMatchObject({ page: 2, per_page: 2, total: 3, total_pages: 2 });
    expect((await callApi("GET", "/api/stores/:slug/timeline", {}, { values: { slug: second.slug }, query: "?kind=nope" })).status).toBe(
      400,
    );
    expect((await callApi("GET", "/api/stores/:slug/timeline", {}, { values: { slug: "no-such-store" } })).status).toBe(404);
  });

  it("lists the same three in the report's history section, against the previous analysis", async () => {
    expect(kinds(await listJobTechnologyEvents(second.id))).toEqual(["app_installed loox", "app_removed judge-me", "theme_changed theme"]);
    const view = await loadReportView(second.id);
    if (view?.kind !== "report") throw new Error("no report view");
    expect(view.history.previous?.job_id).toBe(first.id);
    const html = renderToStaticMarkup(
      createElement(HistorySection, { history: view.history, storeSlug: view.store.slug, completedAt: view.job.completed_at }),
    );
    expect([...html.matchAll(/data-kind="([a-z_]+)"/g)].map((m) => m[1]).sort()).toEqual(["app_installed", "app_removed", "theme_changed"]);
    expect(html).toContain("Loox");
    expect(html).toContain("Dawn 15.0.0 → Sense 15.2.0");
    expect(html).toContain(`href="/reports/${first.id}"`);

    const firstView = await loadReportView(first.id);
    if (firstView?.kind !== "report") throw new Error("no report view");
    expect(
      renderToStaticMarkup(
        createElement(HistorySection, {
          history: firstView.history,
          storeSlug: firstView.store.slug,
          completedAt: firstView.job.completed_at,
        }),
      ),
    ).toContain("First analysis of this store");
  });
});
