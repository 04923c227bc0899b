import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase, getDb, queryRows } from "@/db";
import { emailNotifications, jobs, reports, stores, webhookCallbacks, x402Payments } from "@/db/schema";

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

describe("migrations", () => {
  it("apply on the configured database and create every table of the data model", async () => {
    const rows = await queryRows<{ table_name: string }>(
      getDb(),
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    const tables = rows.map((r) => r.table_name);
    for (const name of [
      "users", "accounts", "sessions", "verification_tokens", "user_passwords", "api_keys",
      "stores", "jobs", "reports", "snapshot_products", "pagespeed_audits", "changelog_entries",
      "apps", "store_apps", "tracked_shops", "inventory_levels", "inventory_events",
      "webhook_callbacks", "email_notifications", "mail_outbox", "blog_posts", "payments",
      "subscriptions", "stripe_events", "x402_payments", "chat_usage", "chat_requests",
      "workflow_runs", "workflow_steps", "workflow_queue", "workflow_cron_ticks",
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
    await expect(
      getDb().insert(stores).values({ domain: "other.test", slug: "unique-a-test" }),
    ).rejects.toThrow();
  });

  it("refuses any change to a completed job and to its report", async () => {
    const store = await insertStore("frozen.test");
    const job = await insertJob(store.id, "frozen.test");
    await getDb().update(jobs).set({ status: "completed", progress: 1 }).where(eq(jobs.id, job.id));
    await getDb()
      .insert(reports)
      .values({ jobId: job.id, storeId: store.id, collections: [], pages: [], metadata: {}, summary: {} });

    await expect(
      getDb().update(jobs).set({ status: "failed" }).where(eq(jobs.id, job.id)),
    ).rejects.toThrow();
    await expect(
      getDb().update(reports).set({ pages: [{ title: "x" }] }).where(eq(reports.jobId, job.id)),
    ).rejects.toThrow();
    const [still] = await getDb().select().from(jobs).where(eq(jobs.id, job.id));
    expect(still!.status).toBe("completed");
  });

  it("keeps at most one webhook record and one e-mail record per job", async () => {
    const store = await insertStore("once.test");
    const job = await insertJob(store.id, "once.test");
    await getDb().insert(webhookCallbacks).values({ jobId: job.id, url: "http://hook.test/a" });
    await expect(
      getDb().insert(webhookCallbacks).values({ jobId: job.id, url: "http://hook.test/b" }),
    ).rejects.toThrow();
    await getDb().insert(emailNotifications).values({ jobId: job.id, email: "a@b.test" });
    await expect(
      getDb().insert(emailNotifications).values({ jobId: job.id, email: "c@d.test" }),
    ).rejects.toThrow();
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
    await expect(getDb().insert(x402Payments).values({ ...row, nonce: "0x02" })).rejects.toThrow();
  });
});
