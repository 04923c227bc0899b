import { readdirSync, readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { jobs, storeApps, stores } from "@/db/schema";
import { seedAnalyzedStore } from "@/testing/directory-seed";

// The apps kept on stores before they followed the latest completed analysis (written while jobs
// ran, failed ones too, never removed) are brought to what each store's latest report lists.

const MIGRATIONS = new URL("../../db/migrations/", import.meta.url);

/** The migration's statements that bring store_apps to the latest reports, wherever it is numbered. */
function cleanupStatements(): string[] {
  const file = readdirSync(MIGRATIONS).find(
    (name) => name.endsWith(".sql") && readFileSync(new URL(name, MIGRATIONS), "utf8").includes(`DELETE FROM "store_apps"`),
  );
  const migration = readFileSync(new URL(file!, MIGRATIONS), "utf8");
  const handWritten = migration.slice(migration.indexOf("-- hand-written:"));

  return handWritten
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => statement.includes("store_apps"));
}

const appsList = (...slugs: string[]) => ({
  apps: {
    value: slugs.map((slug) => ({ slug, name: slug, category: "test", evidence: `${slug} in the report` })),
    basis: "derived",
  },
});

async function appsOf(storeId: string) {
  return (await getDb().select().from(storeApps).where(eq(storeApps.storeId, storeId)))
    .map((row) => ({ app: row.appSlug, job: row.jobId, evidence: row.evidence }))
    .sort((a, b) => a.app.localeCompare(b.app));
}

describe("the migration that files stores under their latest report's apps", () => {
  it("drops the apps a store's latest report does not list and every app of a store never analyzed", async () => {
    const removed = await seedAnalyzedStore({
      domain: "removed-app.test",
      apps: [{ slug: "klaviyo" }, { slug: "judge-me" }],
      metadata: appsList("judge-me"),
    });
    const unlisted = await seedAnalyzedStore({ domain: "old-report.test", apps: [{ slug: "klaviyo" }], metadata: {} });
    // Seen only by a job that failed after detecting its apps.
    const [failedStore] = await getDb().insert(stores).values({ domain: "failed-only.test", slug: "failed-only-test" }).returning();
    const [failed] = await getDb()
      .insert(jobs)
      .values({ storeId: failedStore!.id, domain: "failed-only.test", slug: "failed-only-test", status: "failed" })
      .returning();
    await getDb().insert(storeApps).values({ storeId: failedStore!.id, appSlug: "klaviyo", jobId: failed!.id, evidence: "x" });
    // A later failed job of the analyzed store had moved its app to itself.
    const [later] = await getDb()
      .insert(jobs)
      .values({ storeId: removed.store.id, domain: "removed-app.test", slug: removed.store.slug, status: "failed" })
      .returning();
    await getDb().update(storeApps).set({ jobId: later!.id, evidence: "later" }).where(eq(storeApps.storeId, removed.store.id));

    const statements = cleanupStatements();
    expect(statements).toHaveLength(2);
    for (const statement of statements) await getDb().execute(sql.raw(statement));

    expect(await appsOf(removed.store.id)).toEqual([{ app: "judge-me", job: removed.jobId, evidence: "judge-me in the report" }]);
    expect(await appsOf(failedStore!.id)).toEqual([]);
    // A report holding no list of apps cannot say which went: the store keeps them.
    expect(await appsOf(unlisted.store.id)).toEqual([{ app: "klaviyo", job: unlisted.jobId, evidence: null }]);
  });
});
