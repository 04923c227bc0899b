import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { storeApps } from "@/db/schema";
import { loadArtifact, saveArtifact } from "@/lib/snapshots/artifacts";
import { insertRunningJob } from "@/testing/enqueue-job";
import { keepFoundAfterRender } from "./keep-found-after-render";

// What only the render saw joins the job's storefront as detect-apps would have reported it; the
// store's apps wait for the job's report (a job that fails after its render files the store under nothing).

const served = {
  theme: null,
  apps: [
    { slug: "klaviyo", name: "Klaviyo", category: "marketing", evidence: "static.klaviyo.com", source: "script", confidence: "medium" },
  ],
  title: "Acme",
  metaDescription: null,
  fetched: true,
  error: null,
} as const;
const noTags = { tags: [], custom_pixels: { count: 0, names: [] } };

describe("keepFoundAfterRender", () => {
  it("marks an app of Shopify's own found only after render as first party, and keeps it in the job's storefront only", async () => {
    const job = await insertRunningJob(null, "admin");
    await saveArtifact(job.id, "storefront", { ...served, apps: [...served.apps], marketing: noTags });

    await keepFoundAfterRender(job.id, [
      {
        kind: "app",
        slug: "shopify-product-reviews",
        name: "Shopify Product Reviews",
        evidence: "after render: https://productreviews.shopifycdn.com/assets/v4/spr.js",
        source: "script",
        confidence: "medium",
      },
      {
        kind: "tag",
        slug: "meta-pixel",
        name: "Meta Pixel",
        id: "123",
        evidence: "after render: fbq init 123",
        source: "inline-script",
        confidence: "high",
      },
    ]);

    const storefront = await loadArtifact(job.id, "storefront");
    expect(storefront?.apps.map((app) => [app.slug, app.first_party ?? false])).toEqual([
      ["klaviyo", false],
      ["shopify-product-reviews", true],
    ]);
    expect(storefront?.marketing?.tags.map((tag) => [tag.kind, tag.id])).toEqual([["meta-pixel", "123"]]);
    expect(await getDb().select().from(storeApps).where(eq(storeApps.jobId, job.id))).toEqual([]);
  });

  it("changes nothing when the render saw nothing new", async () => {
    const job = await insertRunningJob(null, "admin");
    await saveArtifact(job.id, "storefront", { ...served, apps: [...served.apps], marketing: noTags });

    await keepFoundAfterRender(job.id, [{ kind: "theme", slug: "Dawn", name: "Dawn", evidence: "after render: Shopify.theme" }]);

    expect((await loadArtifact(job.id, "storefront"))?.apps.map((app) => app.slug)).toEqual(["klaviyo"]);
  });
});
