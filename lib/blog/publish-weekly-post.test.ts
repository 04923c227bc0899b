import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { blogPosts, changelogEntries, workflowRuns } from "@/db/schema";
import { publishBlogPosts } from "@/inngest/publish-blog-posts";
import { startWorkflowEngine, type WorkflowEngine } from "@/lib/workflow/engine";
import { quietLogger } from "@/lib/workflow/embedded";
import { seedAnalyzedStore } from "@/testing/directory-seed";
import { waitFor } from "@/testing/wait-for";
import { publishWeeklyPost } from "./publish-weekly-post";
import { asPurgeOf } from "@/testing/report-content";

// The weekly publish-blog-posts cron on the embedded executor with a virtual clock, over a seeded directory.
const at = (iso: string) => new Date(iso);
let now = Date.parse("2026-03-08T12:00:00Z"); // a Sunday
let clockReads = 0;
let engine: WorkflowEngine;

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
const call = async (handler: Handler, url: string, params: Record<string, string> = {}) => {
  const response = await handler(new Request(`http://localhost:3000${url}`), { params: Promise.resolve(params) });

  return { status: response.status, body: await response.json() };
};

beforeAll(async () => {
  // The week 2026-03-02 … 03-08: two new stores, one re-analyzed, one untouched since January.
  await seedAnalyzedStore({
    domain: "alpha.test",
    name: "Alpha <script>alert(1)</script>",
    products: 120,
    analyzedAt: at("2026-03-03T10:00:00Z"),
    theme: "Dawn",
    apps: [{ slug: "judge-me" }, { slug: "loox" }],
  });
  await seedAnalyzedStore({
    domain: "beta.test",
    name: "Beta [link](javascript:alert(1))",
    products: 50,
    analyzedAt: at("2026-03-04T10:00:00Z"),
    theme: "Dawn",
    apps: [{ slug: "judge-me" }],
  });
  const gamma = await seedAnalyzedStore({
    domain: "gamma.test",
    name: "Gamma",
    products: 80,
    analyzedAt: at("2026-03-05T10:00:00Z"),
    firstAnalyzedAt: at("2026-02-01T10:00:00Z"),
    theme: "Sense",
    apps: [{ slug: "loox" }],
  });
  await seedAnalyzedStore({
    domain: "delta.test",
    name: "Delta",
    products: 10,
    analyzedAt: at("2026-01-15T10:00:00Z"),
    theme: "Dawn",
    apps: [{ slug: "judge-me" }],
  });
  const entry = (change: "added" | "removed", subject: "product" | "price", createdAt: Date, i: number) => ({
    jobId: gamma.jobId,
    storeId: gamma.store.id,
    subject,
    change,
    subjectId: `${subject}-${change}-${i}`,
    createdAt,
  });
  // A completed job's changelog is frozen (migration 0013): planted past the freeze.
  await asPurgeOf(gamma.jobId, (tx) =>
    tx.insert(changelogEntries).values([
      ...Array.from({ length: 5 }, (_, i) => entry("added", "product", at("2026-03-05T10:00:00Z"), i)),
      ...Array.from({ length: 2 }, (_, i) => entry("removed", "product", at("2026-03-05T10:00:00Z"), i)),
      entry("added", "price", at("2026-03-05T10:00:00Z"), 9), // not a product: not a catalog move
      entry("added", "product", at("2026-02-20T10:00:00Z"), 10), // another week
    ]),
  );
  engine = await startWorkflowEngine({ functions: [publishBlogPosts], pollMs: 20, log: quietLogger(), now: () => (clockReads++, now) });
});

afterAll(async () => {
  await engine?.stop();
});

describe("publish-blog-posts", () => {
  it("writes last week's post on Monday with numbers that match the directory", async () => {
    await waitFor(async () => clockReads > 0, { what: "the scheduler's first look at the clock" });
    now = Date.parse("2026-03-09T07:00:00Z");
    const [post] = await waitFor(
      async () => {
        const rows = await getDb().select().from(blogPosts).where(eq(blogPosts.slug, "directory-weekly-2026-03-02"));

        return rows.length > 0 ? rows : null;
      },
      { what: "the weekly post" },
    );

    expect(post!.publishedAt).toEqual(at("2026-03-09T00:00:00Z"));
    expect(post!.data).toEqual({
      week: { start: "2026-03-02T00:00:00.000Z", end: "2026-03-09T00:00:00.000Z" },
      stores_analyzed: 3,
      directory_size: 4,
      new_stores: {
        count: 2,
        top: [
          { slug: "alpha-test", name: "Alpha <script>alert(1)</script>", product_count: 120 },
          { slug: "beta-test", name: "Beta [link](javascript:alert(1))", product_count: 50 },
        ],
      },
      top_apps: [
        { slug: "judge-me", name: "Judge.me Product Reviews", stores: 3, change: null },
        { slug: "loox", name: "Loox", stores: 2, change: null },
      ],
      theme_share: [
        { theme: "Dawn", stores: 3, share: 75 },
        { theme: "Sense", stores: 1, share: 25 },
      ],
      catalog_movers: [{ slug: "gamma-test", name: "Gamma", added: 5, removed: 2, net: 3 }],
    });
    expect(post!.body).toContain("analyzed **3** Shopify stores");
    expect(post!.body).toContain("| 3 | new |");

    const { GET: list } = await import("@/app/api/blog/route");
    const listed = await call(list, "/api/blog");
    expect(listed.body.data.map((p: { slug: string }) => p.slug)).toEqual(["directory-weekly-2026-03-02"]);
    expect(listed.body.pagination).toEqual({ page: 1, per_page: 20, total: 1, total_pages: 1 });
    const { GET: one } = await import("@/app/api/blog/[slug]/route");
    const single = await call(one, "/api/blog/directory-weekly-2026-03-02", { slug: "directory-weekly-2026-03-02" });
    expect(single.status).toBe(200);
    // Store names are scraped text: rendered, they stay text.
    expect(single.body.body_html).not.toMatch(/<script|href="javascript:/i);
    expect(single.body.body_html).toContain(">Beta [link](javascript:alert(1))</a>");
    expect(single.body.body_html).toContain("Alpha &lt;script&gt;alert(1)&lt;/script&gt;");
    expect((await call(one, "/api/blog/nope", { slug: "nope" })).status).toBe(404);
  });

  it("writes one post per week however often it runs", async () => {
    expect(await publishWeeklyPost(at("2026-03-10T12:00:00Z"))).toEqual({ status: "exists", slug: "directory-weekly-2026-03-02" });
    expect(await publishWeeklyPost(at("2026-03-15T23:59:00Z"))).toEqual({ status: "exists", slug: "directory-weekly-2026-03-02" });
    const [row] = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(blogPosts);
    expect(row!.n).toBe(1);
    // The post is written inside the run's step; the run records its output when it ends, after.
    const output = await waitFor(
      async () => {
        const [run] = await getDb()
          .select({ output: workflowRuns.output })
          .from(workflowRuns)
          .where(sql`${workflowRuns.fnId} like '%publish-blog-posts'`);

        return run?.output ?? null;
      },
      { what: "the run's output" },
    );
    expect(output).toEqual({ status: "published", slug: "directory-weekly-2026-03-02" });
  });

  it("publishes nothing for a week with too little data", async () => {
    expect(await publishWeeklyPost(at("2026-03-16T06:00:00Z"))).toEqual({
      status: "too_little_data",
      slug: "directory-weekly-2026-03-09",
      stores_analyzed: 0,
    });
    const [row] = await getDb()
      .select({ n: sql<number>`count(*)::int` })
      .from(blogPosts);
    expect(row!.n).toBe(1);
  });
});
