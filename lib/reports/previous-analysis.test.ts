import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as changelogRoute } from "@/app/api/changelog/[jobId]/route";
import { ChangelogSection } from "@/components/reports/changelog-section";
import { changesValue } from "@/components/reports/report-header";
import { formatDate } from "@/components/ui/format";
import { loadReportView } from "@/lib/report-view/load-report-view";
import { fixtureStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";

// A report's previous analysis is its store's previous completed one, whatever it found: a
// re-analysis that found no change names it (API, report page), as one that found changes does.

let h: PipelineHarness;

beforeAll(async () => {
  h = await startPipeline();
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

async function changelogOf(jobId: string) {
  const response = await changelogRoute(new Request(`http://localhost:3000/api/changelog/${jobId}`), {
    params: Promise.resolve({ jobId }),
  });
  expect(response.status).toBe(200);

  return (await response.json()) as { previous_job_id: string | null; pagination: { total: number } };
}

/** The report page's changes section and its "Changes" figure. */
async function changesShown(jobId: string) {
  const view = await loadReportView(jobId);
  if (view?.kind !== "report") throw new Error(`no report view for ${jobId}`);

  return {
    section: renderToStaticMarkup(createElement(ChangelogSection, { jobId, changelog: view.changelog })),
    figure: changesValue(view),
  };
}

describe("a report's previous analysis", () => {
  it("is named by a re-analysis that found no change, in the API and on the report page, and stays its own", async () => {
    const domain = "unchanged.test";
    h.fakeStore.addStore(fixtureStore(domain));
    const first = await h.submitAndWait(domain);
    const second = await h.submitAndWait(domain);
    expect([first.status, second.status]).toEqual(["completed", "completed"]);

    expect(await changelogOf(first.id)).toMatchObject({ previous_job_id: null, pagination: { total: 0 } });
    expect(await changelogOf(second.id)).toMatchObject({ previous_job_id: first.id, pagination: { total: 0 } });

    const shown = await changesShown(second.id);
    expect(shown.section).toContain(`No change since <a class="text-indigo-700 hover:underline" href="/reports/${first.id}">`);
    expect(shown.section).toContain(formatDate(first.completedAt!.toISOString(), true));
    expect(shown.section).not.toContain("first analysis");
    expect(shown.figure).toBe("0");
    const firstShown = await changesShown(first.id);
    expect(firstShown.section).toContain("This is the first analysis of this store");
    expect(firstShown.figure).toBeNull();

    // A later analysis does not change what an older report was measured against.
    const third = await h.submitAndWait(domain);
    expect(third.status).toBe("completed");
    expect((await changelogOf(second.id)).previous_job_id).toBe(first.id);
    expect((await changelogOf(third.id)).previous_job_id).toBe(second.id);
  }, 240_000);
});
