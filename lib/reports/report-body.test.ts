import { readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { reportBodies, reportBodyParts } from "@/db/schema";
import { generatedStore } from "@/testing/fake-store";
import { startPipeline, type PipelineHarness } from "@/testing/pipeline";
import { asPurgeOf } from "@/testing/report-content";
import { readStoredEncoding, storeReportBody } from "./report-body";

// A stored body is written in parts (a bounded statement each) and read back whole.

let h: PipelineHarness;
let jobId: string;

beforeAll(async () => {
  h = await startPipeline();
  h.fakeStore.addStore(generatedStore("report-body-parts.test", { products: 400, seed: 5 }));
  const response = await h.submit({ domain: "report-body-parts.test" });
  jobId = ((await response.json()) as { job: { id: string } }).job.id;
  expect((await h.waitForJob(jobId)).status).toBe("completed");
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

const partsOf = (encoding: "gzip" | "brotli") =>
  getDb()
    .select({ seq: reportBodyParts.seq, bytes: reportBodyParts.bytes })
    .from(reportBodyParts)
    .where(and(eq(reportBodyParts.jobId, jobId), eq(reportBodyParts.encoding, encoding)))
    .orderBy(asc(reportBodyParts.seq));

describe("stored report body", () => {
  it("splits each encoding into parts of at most the part size and reads them back byte for byte", async () => {
    const [completedBody] = await getDb().select().from(reportBodies).where(eq(reportBodies.jobId, jobId));
    const plain = gunzipSync((await readStoredEncoding(jobId, completedBody!.etag, "gzip"))!);

    // Rebuilt with 4 KB parts, as two readers racing on a missing body would: one set is kept.
    await asPurgeOf(jobId, (tx) => tx.delete(reportBodies).where(eq(reportBodies.jobId, jobId)));
    expect(await partsOf("gzip")).toEqual([]);
    const [built] = await Promise.all([storeReportBody(jobId, { partBytes: 4096 }), storeReportBody(jobId, { partBytes: 4096 })]);

    expect(built.etag).toBe(completedBody!.etag);
    for (const encoding of ["gzip", "brotli"] as const) {
      const parts = await partsOf(encoding);
      expect(parts.length).toBe(Math.ceil(built[encoding].length / 4096));
      expect(parts.map((part) => part.seq)).toEqual(parts.map((_, i) => i));
      expect(parts.every((part) => part.bytes.length <= 4096)).toBe(true);
      expect((await readStoredEncoding(jobId, built.etag, encoding))?.equals(built[encoding])).toBe(true);
    }
    const gzip = (await readStoredEncoding(jobId, built.etag, "gzip"))!;
    const brotli = (await readStoredEncoding(jobId, built.etag, "brotli"))!;
    expect(gunzipSync(gzip).equals(plain)).toBe(true);
    expect(brotliDecompressSync(brotli).equals(plain)).toBe(true);
    expect(JSON.parse(plain.toString("utf8")).products).toHaveLength(400);
  });

  it("reads nothing for an ETag that is not the stored body's", async () => {
    const [stored] = await getDb().select().from(reportBodies).where(eq(reportBodies.jobId, jobId));
    expect(await readStoredEncoding(jobId, `"report-${jobId}-stale"`, "gzip")).toBeNull();
    expect(await readStoredEncoding(jobId, stored!.etag, "brotli")).not.toBeNull();
  });

  it("keeps bodies stored before parts existed: the migration makes each encoding one part", async () => {
    const [stored] = await getDb().select().from(reportBodies).where(eq(reportBodies.jobId, jobId));
    const gzip = (await readStoredEncoding(jobId, stored!.etag, "gzip"))!;
    const brotli = (await readStoredEncoding(jobId, stored!.etag, "brotli"))!;
    // The shape before 0011: both encodings whole, in columns of the body row.
    await asPurgeOf(jobId, (tx) => tx.delete(reportBodies).where(eq(reportBodies.jobId, jobId)));
    await getDb().execute(sql`alter table report_bodies add column gzip bytea, add column brotli bytea`);
    const migration = readFileSync(new URL("../../db/migrations/0011_report_body_parts.sql", import.meta.url), "utf8");
    const statements = migration.split("--> statement-breakpoint").map((statement) => statement.trim());
    const moves = statements.filter((statement) => /INSERT INTO "report_body_parts"|DROP COLUMN/.test(statement));
    expect(moves).toHaveLength(4);
    // One transaction with the body row: parts are accepted only beside their body (migration 0016).
    await getDb().transaction(async (tx) => {
      await tx.execute(
        sql`insert into report_bodies (job_id, etag, identity_length, gzip, brotli) values (${jobId}, ${stored!.etag}, ${stored!.identityLength}, ${gzip}, ${brotli})`,
      );
      for (const statement of moves) await tx.execute(sql.raw(statement));
    });

    expect((await partsOf("gzip")).map((part) => part.seq)).toEqual([0]);
    expect((await readStoredEncoding(jobId, stored!.etag, "gzip"))?.equals(gzip)).toBe(true);
    expect((await readStoredEncoding(jobId, stored!.etag, "brotli"))?.equals(brotli)).toBe(true);
  });
});
