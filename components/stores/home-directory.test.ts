import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { seedSampleReport } from "@/lib/sample-report/seed-sample-report";
import { getHomeDirectory } from "@/lib/seo/home-directory";
import { HomeDirectory } from "./home-directory";

// A fresh install: no store analyzed, no app counted, no post yet. The home page's directory
// shows the sample report and the way to analyze the first store, not three empty lists.

describe("the home page's directory on a fresh install", () => {
  it("offers the sample report and the form instead of empty lists", async () => {
    const { jobId } = await seedSampleReport();
    const data = await getHomeDirectory();
    expect(data.storeCount).toBe(0);
    expect(data.sample?.jobId).toBe(jobId);

    // HomeDirectory holds no state, so it is called as the function it is.
    const html = renderToStaticMarkup(HomeDirectory({ data }));
    expect(html).toContain(`href="/reports/${jobId}"`);
    expect(html).toContain("Read the sample report");
    expect(html).toContain("not live data");
    expect(html).toContain('href="/#analyze"');
    expect(html).not.toContain("Recently analyzed stores");
    expect(html).not.toContain("Popular apps");
    expect(html).not.toContain("No app detected yet");
  });
});
