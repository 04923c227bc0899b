import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase, getDb, queryRows } from "@/db";
import {
  emailNotifications,
  jobs,
  pagespeedAudits,
  reportBodies,
  reportBodyParts,
  reports,
  stores,
  webhookCallbacks,
  x402Payments,
} from "@/db/schema";
import { recordPagespeedAudits } from "@/lib/pagespeed/record-pagespeed-audits";
import { readStoredEncoding, storeReportBody } from "@/lib/reports/report-body";
import { seedAnalyzedStore } from "@/testing/directory-seed";

async function insertStore(domain: string) {
  const [store] = await getDb()
    .insert(stores)
    .values({ domain, slug: domain.replaceAll(".", "-") })
    .returning();

  return store!;
}

async function insertJob(storeId: string, domain: string) {
  const [job] = await getDb()
    .insert(jobs)
    .values({ storeId, domain, slug: domain.replaceAll(".", "-") })
    .returning();

  return job!;
}

/** Expects the database to refuse the statement with a message matching `reason`. */
async function refused(statement: Promise<unknown>, reason: RegExp): Promise<void> {
  const error = await statement.then(
    () => null,
    (caught: unknown) => caught as Error,
  );
  expect(error, "statement should be refused").not.toBeNull();
  expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(reason);
}

describe("migrations", () => {
  it("apply on the configured database and create every table of the data model", async () => {
    const rows = await queryRows<{ table_name: string }>(
      getDb(),
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const tables = rows.map((r) => r.table_name);
    for (const name of [
      "users",
      "accounts",
      "sessions",
      "verification_tokens",
      "user_passwords",
      "api_keys",
      "stores",
      "jobs",
      "reports",
      "snapshot_products",
      "pagespeed_audits",
      "changelog_entries",
      "apps",
      "store_apps",
      "tracked_stores",
      "inventory_levels",
      "inventory_events",
      "webhook_callbacks",
      "email_notifications",
      "mail_outbox",
      "blog_posts",
      "payments",
      "subscriptions",
      "stripe_events",
      "x402_payments",
      "chat_usage",
      "chat_requests",
      "workflow_runs",
      "workflow_steps",
      "workflow_queue",
      "workflow_cron_ticks",
    ]) {
      expect(tables, name).toContain(name);
    }
    expect(getDatabase().kind).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "pglite");
  });
});

describe("database invariants", () => {
  it("refuses a second store with the same domain or slug", async () => {
    await insertStore("unique-a.test");
    await expect(insertStore("unique-a.test")).rejects.toThrow();
    await expect(getDb().insert(stores).values({ domain: "other.test", slug: "unique-a-test" })).rejects.toThrow();
  });

  it("refuses any change to a completed job and to its report", async () => {
    const store = await insertStore("frozen.test");
    const job = await insertJob(store.id, "frozen.test");
    await getDb().update(jobs).set({ status: "completed", progress: 1 }).where(eq(jobs.id, job.id));
    await getDb().insert(reports).values({ jobId: job.id, storeId: store.id, collections: [], pages: [], metadata: {}, summary: {} });

    await expect(getDb().update(jobs).set({ status: "failed" }).where(eq(jobs.id, job.id))).rejects.toThrow();
    await expect(
      getDb()
        .update(reports)
        .set({ pages: [{ title: "x" }] })
        .where(eq(reports.jobId, job.id)),
    ).rejects.toThrow();
    const [still] = await getDb().select().from(jobs).where(eq(jobs.id, job.id));
    expect(still!.status).toBe("completed");
  });

  it("keeps a completed job's PageSpeed audits as the pipeline recorded them before completing", async () => {
    const store = await insertStore("audited.test");
    const job = await insertJob(store.id, "audited.test");
    const audit = (strategy: "mobile" | "desktop", performanceScore: number) => ({
      jobId: job.id,
      strategy,
      performanceScore,
      metrics: null,
      error: null,
      fetchedAt: new Date(),
    });
    await recordPagespeedAudits([audit("mobile", 0.5)]);
    // A retried step, before completion, replaces what it recorded.
    await recordPagespeedAudits([audit("mobile", 0.6)]);
    await getDb().update(jobs).set({ status: "completed", progress: 1 }).where(eq(jobs.id, job.id));

    await refused(recordPagespeedAudits([audit("mobile", 0.1)]), /pagespeed_audits of completed job .* cannot be changed/);
    await refused(recordPagespeedAudits([audit("desktop", 0.9)]), /cannot be changed/);
    await refused(
      getDb().update(pagespeedAudits).set({ performanceScore: 1 }).where(eq(pagespeedAudits.jobId, job.id)),
      /cannot be changed/,
    );
    await refused(getDb().delete(pagespeedAudits).where(eq(pagespeedAudits.jobId, job.id)), /cannot be changed/);
    const kept = await getDb()
      .select({ strategy: pagespeedAudits.strategy, score: pagespeedAudits.performanceScore })
      .from(pagespeedAudits)
      .where(eq(pagespeedAudits.jobId, job.id))
      .orderBy(asc(pagespeedAudits.strategy));
    expect(kept).toEqual([{ strategy: "mobile", score: 0.6 }]);
  });

  it("stores a report body's parts only with the body, in its transaction: none is added once it is stored", async () => {
    const { jobId } = await seedAnalyzedStore({ domain: "body-whole.test", products: 30 });
    const { jobId: other } = await seedAnalyzedStore({ domain: "body-other.test", products: 1 });
    const stored = await storeReportBody(jobId, { partBytes: 256 });
    const partsOf = () => getDb().$count(reportBodyParts, eq(reportBodyParts.jobId, jobId));
    const parts = await partsOf();
    expect(parts).toBeGreaterThan(2);

    const extra = { jobId, encoding: "gzip" as const, seq: 1000, bytes: Buffer.from("tail") };
    await refused(getDb().insert(reportBodyParts).values(extra), /report_body_parts of report .* are kept for good/);
    // Not in the transaction that stores another report's body either.
    await refused(
      getDb().transaction(async (tx) => {
        await tx.insert(reportBodies).values({ jobId: other, etag: '"other"', identityLength: 1 });
        await tx.insert(reportBodyParts).values(extra);
      }),
      /kept for good/,
    );
    expect(await partsOf()).toBe(parts);
    expect(await getDb().$count(reportBodies, eq(reportBodies.jobId, other))).toBe(0);
    expect((await readStoredEncoding(jobId, stored.etag, "gzip"))?.equals(stored.gzip)).toBe(true);
  });

  it("keeps at most one webhook record and one e-mail record per job", async () => {
    const store = await insertStore("once.test");
    const job = await insertJob(store.id, "once.test");
    await getDb().insert(webhookCallbacks).values({ jobId: job.id, url: "http://hook.test/a" });
    await expect(getDb().insert(webhookCallbacks).values({ jobId: job.id, url: "http://hook.test/b" })).rejects.toThrow();
    await getDb().insert(emailNotifications).values({ jobId: job.id, email: "a@b.test" });
    await expect(getDb().insert(emailNotifications).values({ jobId: job.id, email: "c@d.test" })).rejects.toThrow();
  });

  it("lets an x402 proof pay only once", async () => {
    const row = {
      proofHash: "abc123",
      payer: "0x1",
      nonce: "0x01",
      network: "base",
      amountAtomic: "500000",
      status: "settled" as const,
    };
    await getDb().insert(x402Payments).values(row);
    await expect(
      getDb()
        .insert(x402Payments)
        .values({ ...row, nonce: "0x02" }),
    ).rejects.toThrow();
  });
});
