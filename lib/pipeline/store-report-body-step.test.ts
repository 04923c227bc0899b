import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, queryRows } from "@/db";
import { reportBodies } from "@/db/schema";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { startWebhookReceiver, type WebhookReceiver } from "@/testing/webhook-receiver";

// A completed report whose body could not be stored is not left to chance: the step storing it
// is retried, and when every attempt fails the job's notifications still go and the first read
// stores the body, showing the store as it was when the job completed (docs/decisions.md §5.2).

type Handler = (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

let h: PipelineHarness;
let receiver: WebhookReceiver;
let reportRoute: Handler;

/**
 * Inserting a body fails for the listed domains' jobs: the first `failures` attempts (counted
 * by a sequence, which a failed transaction does not roll back), or every one when null.
 */
async function installFailingBodyStores(): Promise<void> {
  const db = getDb();
  await db.execute(sql.raw(`CREATE TABLE test_failing_body_stores (domain text PRIMARY KEY, failures int)`));
  await db.execute(sql.raw(`CREATE SEQUENCE test_body_store_attempts`));
  await db.execute(
    sql.raw(`
      CREATE FUNCTION test_fail_body_store() RETURNS trigger AS $$
      DECLARE
        listed boolean;
        allowed int;
      BEGIN
        SELECT true, f.failures INTO listed, allowed
        FROM test_failing_body_stores f JOIN jobs j ON j.domain = f.domain
        WHERE j.id = NEW.job_id;
        IF listed THEN
          IF allowed IS NULL THEN
            RAISE EXCEPTION 'no space left for the report body';
          END IF;
          IF nextval('test_body_store_attempts') <= allowed THEN
            RAISE EXCEPTION 'no space left for the report body';
          END IF;
        END IF;
        RETURN NEW;
      END;
      $$ LANGUAGE plpgsql
    `),
  );
  await db.execute(
    sql.raw(`CREATE TRIGGER test_fail_body_store BEFORE INSERT ON report_bodies FOR EACH ROW EXECUTE FUNCTION test_fail_body_store()`),
  );
}

async function analyze(domain: string, body: Record<string, unknown> = {}): Promise<string> {
  const response = await h.submit({ domain, ...body });
  expect(response.status).toBe(201);
  const { job } = (await response.json()) as { job: { id: string } };
  expect((await h.waitForJob(job.id, 120_000)).status).toBe("completed");

  return job.id;
}

const storedEtag = async (jobId: string) =>
  (await getDb().select({ etag: reportBodies.etag }).from(reportBodies).where(eq(reportBodies.jobId, jobId)))[0]?.etag ?? null;

async function readReport(jobId: string): Promise<{ etag: string | null; report: { store: Record<string, unknown> } }> {
  const response = await reportRoute(new Request(`http://localhost:3000/api/reports/${jobId}`), { params: Promise.resolve({ id: jobId }) });
  expect(response.status).toBe(200);

  return { etag: response.headers.get("etag"), report: (await response.json()) as { store: Record<string, unknown> } };
}

beforeAll(async () => {
  h = await startPipeline();
  receiver = await startWebhookReceiver();
  reportRoute = (await import("@/app/api/reports/[id]/route")).GET as Handler;
  await installFailingBodyStores();
}, 120_000);

afterAll(async () => {
  await h?.stop();
  await receiver?.close();
});

describe("storing a completed report's body", () => {
  it("is retried when it fails after the job completed, and the retry's body is the one served", async () => {
    const domain = "retried-body.test";
    h.fakeStore.addStore(generatedStore(domain, { products: 9, seed: 11, name: "Retried Store" }));
    await getDb().execute(sql`insert into test_failing_body_stores (domain, failures) values (${domain}, 2)`);

    const jobId = await analyze(domain);

    const [attempts] = await queryRows<{ last_value: string }>(getDb(), sql`select last_value from test_body_store_attempts`);
    expect(Number(attempts!.last_value)).toBe(3);
    const etag = await storedEtag(jobId);
    expect(etag).not.toBeNull();
    const read = await readReport(jobId);
    expect(read.etag).toBe(etag);
    expect(read.report.store).toMatchObject({ name: "Retried Store", product_count: 9 });
  }, 240_000);

  it("when every attempt fails, still notifies, and the first read stores the body with the store as it was at completion", async () => {
    const domain = "unstored-body.test";
    h.fakeStore.addStore(generatedStore(domain, { products: 7, seed: 12, name: "Before Rename" }));
    await getDb().execute(sql`insert into test_failing_body_stores (domain, failures) values (${domain}, null)`);

    const first = await analyze(domain, { webhook_url: receiver.url("/hooks/unstored") });
    expect(receiver.requests.filter((request) => request.path === "/hooks/unstored")).toHaveLength(1);
    expect(await storedEtag(first)).toBeNull();

    // Storage works again; a newer analysis renames the store before anyone reads the first report.
    await getDb().execute(sql`delete from test_failing_body_stores where domain = ${domain}`);
    h.fakeStore.store(domain).shop!.settings.name = "After Rename";
    h.fakeStore.store(domain).advance({ addProducts: 2 });
    await analyze(domain);

    const read = await readReport(first);
    expect(read.report.store).toMatchObject({ name: "Before Rename", product_count: 7 });
    expect(await storedEtag(first)).toBe(read.etag);
  }, 240_000);
});
