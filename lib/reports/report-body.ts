import { createHash } from "node:crypto";
import { once } from "node:events";
import type { Transform } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import { and, asc, eq, sql } from "drizzle-orm";
import { getDb, queryRows } from "@/db";
import { reportBodies, reportBodyParts, snapshotProducts } from "@/db/schema";
import { yieldWhenBusy } from "@/lib/loop-share";
import { getReportRecord, type FoundReport } from "./find-report";
import { reportEnvelope } from "./report-envelope";
import { streamSnapshotProducts } from "../snapshots/snapshot-products";

export type StoredBody = { etag: string; gzip: Buffer; brotli: Buffer; identityLength: number };

/** Products serialized into one piece of the body's text at most. */
const SERIALIZED_PER_PIECE = 100;

/**
 * The report's JSON text in pieces: the envelope's first half, the products in key order one
 * SQL batch at a time (keyset, never the whole catalog in memory), the second half.
 */
async function* reportJsonChunks(found: FoundReport, count: { products: number }): AsyncGenerator<string> {
  const { before, after } = reportEnvelope(found);
  yield `${JSON.stringify(before).slice(0, -1)},"products":[`;
  let first = true;
  let pieces: string[] = [];
  const piece = () => {
    const text = `${first ? "" : ","}${pieces.join(",")}`;
    first = false;
    pieces = [];

    return text;
  };
  for await (const batch of streamSnapshotProducts(found.job.id)) {
    // A 500-product batch serialized at once held the loop for tens of milliseconds, more on a
    // busy machine: the text leaves in pieces, and other requests get the loop in between.
    for (const product of batch) {
      const turn = yieldWhenBusy();
      if ((turn || pieces.length === SERIALIZED_PER_PIECE) && pieces.length > 0) yield piece();
      await turn;
      pieces.push(JSON.stringify(product));
    }
    if (pieces.length > 0) yield piece();
    count.products += batch.length;
  }
  yield `],${JSON.stringify(after).slice(1)}`;
}

function collect(stream: Transform): Promise<Buffer> {
  const parts: Buffer[] = [];
  stream.on("data", (part: Buffer) => parts.push(part));

  return once(stream, "end").then(() => Buffer.concat(parts));
}

async function write(stream: Transform, chunk: Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, "drain");
}

/** Builds the body: identity text streamed through gzip and brotli, hashed for the ETag. */
async function buildReportBody(found: FoundReport): Promise<StoredBody & { products: number }> {
  const gzip = createGzip({ level: 6 });
  const brotli = createBrotliCompress({
    params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
  });
  const [gzipped, brotlied] = [collect(gzip), collect(brotli)];
  const hash = createHash("sha256");
  let identityLength = 0;
  const count = { products: 0 };
  for await (const chunk of reportJsonChunks(found, count)) {
    const bytes = Buffer.from(chunk);
    hash.update(bytes);
    identityLength += bytes.length;
    await Promise.all([write(gzip, bytes), write(brotli, bytes)]);
  }
  gzip.end();
  brotli.end();
  const etag = `"report-${found.job.id}-${hash.digest("base64url").slice(0, 22)}"`;

  return { etag, gzip: await gzipped, brotli: await brotlied, identityLength, products: count.products };
}

/**
 * Bytes per stored part: embedded PGlite writes about 40 ms of bytea a MB on the server's own
 * thread, so a multi-MB body in one statement paused the event loop for most of a second.
 */
export const BODY_PART_BYTES = 512 * 1024;

/**
 * Serializes a completed report once and stores it compressed; idempotent (the first writer
 * wins, and every writer builds the same bytes). The body is written only while the snapshot
 * still holds the products it was built from, so a body built across a snapshot cleanup is
 * served once but never kept. Its row and parts commit together: a reader finds a whole body
 * or none, and the database refuses a part written outside the transaction that wrote the row
 * (docs/decisions.md §5.2). Called by the pipeline's store-report-body step once the job's
 * completing transaction has committed, never inside it; a first read or snapshot cleanup
 * calls it when that step could not store the body.
 */
export async function storeReportBody(jobOrFound: string | FoundReport, { partBytes = BODY_PART_BYTES } = {}): Promise<StoredBody> {
  const found = typeof jobOrFound === "string" ? await getReportRecord(jobOrFound) : jobOrFound;
  const built = await buildReportBody(found);
  const jobId = found.job.id;
  await getDb().transaction(async (tx) => {
    const claimed = await queryRows<{ job_id: string }>(
      tx,
      sql`
        insert into ${reportBodies} (job_id, etag, identity_length)
        select ${jobId}::uuid, ${built.etag}, ${built.identityLength}
        where (
          select count(*) from ${snapshotProducts}
          where ${snapshotProducts.jobId} = ${jobId}::uuid and ${snapshotProducts.goneAt} is null
        ) = ${built.products}
        on conflict (job_id) do nothing
        returning job_id
      `,
    );
    if (claimed.length === 0) return;
    for (const encoding of ["gzip", "brotli"] as const) {
      const bytes = built[encoding];
      for (let seq = 0; seq * partBytes < bytes.length; seq += 1) {
        const part = bytes.subarray(seq * partBytes, (seq + 1) * partBytes);
        await tx.insert(reportBodyParts).values({ jobId, encoding, seq, bytes: part });
      }
    }
  });

  return built;
}

/** One stored encoding of a body, when the body with this ETag is still the stored one. */
export async function readStoredEncoding(jobId: string, etag: string, encoding: "gzip" | "brotli"): Promise<Buffer | null> {
  const parts = await getDb()
    .select({ bytes: reportBodyParts.bytes })
    .from(reportBodyParts)
    .innerJoin(reportBodies, eq(reportBodies.jobId, reportBodyParts.jobId))
    .where(and(eq(reportBodyParts.jobId, jobId), eq(reportBodyParts.encoding, encoding), eq(reportBodies.etag, etag)))
    .orderBy(asc(reportBodyParts.seq));
  if (parts.length === 0) return null;

  return parts.length === 1 ? parts[0]!.bytes : Buffer.concat(parts.map((part) => part.bytes));
}
